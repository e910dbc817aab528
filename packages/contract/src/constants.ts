/** Business constants and limits (docs/limits.md), named once for the server and the web app. */

export const FINISHED_PAGE_SIZES = [10, 20, 50, 100, 200] as const;
export const FINISHED_DEFAULT_PAGE_SIZE = 10;
export const PAGER_COUNT = 5;
export const MATERIAL_PAGE_SIZES = [20, 50, 100, 200] as const;
export const MATERIAL_DEFAULT_PAGE_SIZE = 20;
export const PRODUCT_SEARCH_DEFAULT_PAGE_SIZE = 20;
export const TEMPLATE_LIST_PAGE_SIZE = 100;
/** The cart page's page sizes (the API gives at most 200 lines a page) and a line's quantity limit. */
export const CART_PAGE_SIZES = [20, 50, 100, 200] as const;
export const CART_DEFAULT_PAGE_SIZE = 50;
export const CART_QUANTITY_MAX = 100_000;
/** Cart lines one order takes at most (docs/limits.md#cart). */
export const CART_CHECKOUT_MAX = 500;
/** Countries whose carriers need the state or province as its code (docs/orders.md#checkout). */
export const STATE_CODE_COUNTRIES = ['US', 'CA', 'AU'] as const;

export const EXPORT_FORMATS = { excel: 3, simplifiedExcel: 6, txt: 9 } as const;
export const DEFAULT_EXPORT_FORMAT = EXPORT_FORMATS.excel;
export const DEFAULT_DOMAIN_ID = 1;
export const SYSTEM_DEFAULT_PRICING_TEMPLATE = 0;
export const DEFAULT_EXPORT_CALL_TYPE = 2;

export const PLATFORM = { marketplaceA: 2, marketplaceB: 15 } as const;
export const PRICING_TEMPLATE_PLATFORM_TYPES = { largeMarketplace: 1, marketplaceA: 2 } as const;

export const BATCH_DESIGN_MAX_ROWS = 20;
/** Largest spreadsheet accepted (a sheet of numbers and names is a few KB). */
export const BATCH_EXCEL_MAX_BYTES = 5 * 1024 * 1024;
export const BATCH_TRUNCATION_NOTICE_MS = 3000;
export const BATCH_LIST_REFRESH_DELAY_MS = 2000;

export const DATE_PRESET_DAYS = [7, 30, 90] as const;
export const CHILD_IMAGE_STRIP_LIMIT = 6;
export const LIST_THUMB_HEIGHT = 100;
export const EDITOR_THUMB_WIDTH = 1200;

export const CANVAS_SIZE = 600;
export const UPLOAD_LIMIT_BYTES = 20 * 1024 * 1024;

export const FONT_SIZE_MIN = 12;
export const FONT_SIZE_MAX = 100;
export const FONT_SIZE_STEP = 2;
export const TEXT_MIN_WIDTH_OVER_FONT_SIZE = 70;
export const KEYBOARD_NUDGE_PX = 4;
export const ROTATION_STEP_DEG = 45;
export const SCALE_STEP = 0.1;
export const SNAP_THRESHOLD_PX = 5;
export const DOUBLE_TAP_MS = 300;
export const RECOMPOSE_STAGGER_MS = 200;
export const CROP_ZOOM_STEP = 0.05;
export const CROP_ROTATE_STEP_DEG = 90;
export const DEFAULT_TEXT_FONT_SIZE = 20;

export const NAV_PRODUCTS_PER_TAG = 10;

/** User levels 0–3 (docs/domain.md#accounts-and-scope). */
export const USER_LEVELS = [0, 1, 2, 3] as const;
export type UserLevel = (typeof USER_LEVELS)[number];

/** Tier labels of material or image items (docs/editor.md#materials). */
export const TIER_LABELS: Record<1 | 2 | 3, { zh: string; en: string }> = {
  1: { zh: '入门版', en: 'Starter' },
  2: { zh: '专业版', en: 'Professional' },
  3: { zh: '旗舰版', en: 'Premium' },
};

/** combine_rule_type codes (docs/domain.md#combinations): 1 multi-material, 2 single-material combination, 3 simple product. */
export const COMBINE_TYPES = [1, 2, 3] as const;
export type CombineType = (typeof COMBINE_TYPES)[number];
export const COMBINE_TYPE_LABELS: Record<CombineType, { zh: string; en: string }> = {
  1: { zh: '多素材组合', en: 'Multi-material combination' },
  2: { zh: '单素材组合', en: 'Single-material combination' },
  3: { zh: '简单商品', en: 'Simple product' },
};

/** Special group ids (docs/domain.md#groups): "-1" all, "0" ungrouped. */
export const GROUP_ALL = -1;
export const GROUP_NONE = 0;
/** Groups nest at most this deep (the cascader and the tree stay readable). */
export const GROUP_MAX_DEPTH = 4;
/** A new group's name (docs/domain.md#groups). */
export const NEW_GROUP_NAME = '新分组';

/** The "本人" (myself) option of account pickers (docs/domain.md#accounts-and-scope). */
export const SELF_ACCOUNT_ID = 0;

/**
 * `code` of a successful response (docs/api.md#the-envelope: every response carries code, msg and data). Here, not
 * beside the envelope's schemas, so the web client reads it without loading zod (docs/web.md#where-the-bytes-go).
 */
export const OK = 1 as const;
/** `code` of every failure; the HTTP status tells the class (400, 401, 404, 409, 413, 429, 500). */
export const FAIL = 0 as const;

/** Names of the cookies the web app reads (docs/api.md#tokens); the token cookie is httpOnly. */
export const COOKIE = { token: 'token', username: 'username', level: 'level' } as const;
/** Header carrying the token where a cookie is not sent (the upload; docs/api.md#tokens). */
export const TOKEN_HEADER = 'token';
/** Header carrying the id of a request, also in every failure body. */
export const REQUEST_ID_HEADER = 'x-request-id';

/** The navigation's product lists: 10 products a tag (docs/domain.md#catalogue-codes, docs/mobile.md#addresses). */
export const NAV_LIST_PAGE_SIZE = 10;
/** The personal product library's page size at most (docs/mobile.md#the-personal-product-library). */
export const FAVORITE_PAGE_MAX = 50;
