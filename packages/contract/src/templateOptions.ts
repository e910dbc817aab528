/**
 * The Amazon-kind template's option lists (docs/templates.md): the sites, categories, feed product types and
 * item types a seller picks from, and their look-ups. Seeded here: the same lists serve the form and the checks.
 */

type Label = { zh: string; en: string };
export interface TemplateOption {
  value: string;
  label: Label;
}

/**
 * The seeded option lists of the Amazon kind (getSiteList … getItemTypeList): the sites, and for every site
 * the same categories covering our blanks (T-shirts, hoodies, jerseys, mugs, pillows, totes, phone cases),
 * each with its feed product types and their item types (Amazon's browse-tree item_type keywords).
 */
export const TEMPLATE_SITES: TemplateOption[] = [
  { value: 'US', label: { zh: '美国', en: 'United States' } },
  { value: 'CA', label: { zh: '加拿大', en: 'Canada' } },
  { value: 'MX', label: { zh: '墨西哥', en: 'Mexico' } },
  { value: 'UK', label: { zh: '英国', en: 'United Kingdom' } },
  { value: 'DE', label: { zh: '德国', en: 'Germany' } },
  { value: 'FR', label: { zh: '法国', en: 'France' } },
  { value: 'IT', label: { zh: '意大利', en: 'Italy' } },
  { value: 'ES', label: { zh: '西班牙', en: 'Spain' } },
  { value: 'JP', label: { zh: '日本', en: 'Japan' } },
  { value: 'AU', label: { zh: '澳大利亚', en: 'Australia' } },
];

interface FeedType extends TemplateOption {
  itemTypes: TemplateOption[];
}
interface Category extends TemplateOption {
  feedTypes: FeedType[];
}

export const TEMPLATE_CATEGORIES: Category[] = [
  {
    value: 'clothing',
    label: { zh: '服装', en: 'Clothing' },
    feedTypes: [
      {
        value: 'shirt',
        label: { zh: 'T恤/衬衫 (shirt)', en: 'Shirt' },
        itemTypes: [
          { value: 'fashion-t-shirts', label: { zh: '时尚T恤', en: 'Fashion T-shirts' } },
          { value: 'athletic-shirts', label: { zh: '运动T恤', en: 'Athletic shirts' } },
          { value: 'sports-fan-jerseys', label: { zh: '球衣', en: 'Sports fan jerseys' } },
        ],
      },
      {
        value: 'sweatshirt',
        label: { zh: '卫衣 (sweatshirt)', en: 'Sweatshirt' },
        itemTypes: [
          { value: 'fashion-hoodies', label: { zh: '连帽卫衣', en: 'Fashion hoodies' } },
          { value: 'fashion-sweatshirts', label: { zh: '圆领卫衣', en: 'Fashion sweatshirts' } },
        ],
      },
    ],
  },
  {
    value: 'home',
    label: { zh: '家居', en: 'Home' },
    feedTypes: [
      {
        value: 'drinking_cup',
        label: { zh: '杯子 (drinking_cup)', en: 'Drinking cup' },
        itemTypes: [{ value: 'coffee-mugs', label: { zh: '马克杯', en: 'Coffee mugs' } }],
      },
      {
        value: 'pillow',
        label: { zh: '抱枕 (pillow)', en: 'Pillow' },
        itemTypes: [{ value: 'throw-pillows', label: { zh: '装饰抱枕', en: 'Throw pillows' } }],
      },
      {
        value: 'home',
        label: { zh: '家居用品 (home)', en: 'Home' },
        itemTypes: [
          { value: 'throw-blankets', label: { zh: '毯子', en: 'Throw blankets' } },
          { value: 'decorative-pillow-covers', label: { zh: '抱枕套', en: 'Decorative pillow covers' } },
        ],
      },
    ],
  },
  {
    value: 'accessories',
    label: { zh: '配饰', en: 'Accessories' },
    feedTypes: [
      {
        value: 'handbag',
        label: { zh: '包袋 (handbag)', en: 'Handbag' },
        itemTypes: [{ value: 'tote-bags', label: { zh: '托特包', en: 'Tote bags' } }],
      },
      {
        value: 'cellularphonecase',
        label: { zh: '手机壳 (cellularphonecase)', en: 'Cellular phone case' },
        itemTypes: [{ value: 'basic-cases', label: { zh: '手机保护壳', en: 'Basic cases' } }],
      },
    ],
  },
];

/** Lookups of the option lists; undefined when the value is not in its parent's list. */
export const templateCategory = (value: string) => TEMPLATE_CATEGORIES.find((c) => c.value === value);
export const templateFeedType = (category: string, value: string) => templateCategory(category)?.feedTypes.find((f) => f.value === value);
export const templateItemType = (category: string, feedType: string, value: string) =>
  templateFeedType(category, feedType)?.itemTypes.find((i) => i.value === value);
/** A feed product type's item types, whatever its category (getItemTypeList names only the feed type). */
export const itemTypesOfFeed = (feedType: string) =>
  TEMPLATE_CATEGORIES.flatMap((c) => c.feedTypes).find((f) => f.value === feedType)?.itemTypes;
