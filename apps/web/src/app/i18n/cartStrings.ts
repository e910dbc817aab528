import type { Lang } from '@app/contract';

/** The cart page (/cart, docs/domain.md#cart). Server messages (not found, no longer available) come from MESSAGES. */
export const CART_STRINGS = {
  'cart.title': { zh: '购物车', en: 'Cart' },
  'cart.subtitle': {
    zh: '从成品管理或设计器加入的商品。修改数量会立即保存；勾选商品后在下方查看合计。',
    en: 'What you added from your finished products or the design editor. A new quantity is saved at once; tick lines to see their total below.',
  },
  'cart.lines': { zh: '共 {count} 件商品', en: '{count} items' },
  'cart.col.product': { zh: '商品', en: 'Product' },
  'cart.col.color': { zh: '颜色', en: 'Colour' },
  'cart.col.size': { zh: '尺码', en: 'Size' },
  'cart.col.price': { zh: '单价', en: 'Unit price' },
  'cart.col.quantity': { zh: '数量', en: 'Quantity' },
  'cart.col.total': { zh: '小计', en: 'Line total' },
  'cart.col.actions': { zh: '操作', en: 'Actions' },
  'cart.quantityOf': { zh: '{name} 的数量', en: 'Quantity of {name}' },
  'cart.selectLine': { zh: '选择 {name}', en: 'Select {name}' },
  'cart.unavailable': { zh: '已失效', en: 'No longer available' },
  'cart.unavailableHint': {
    zh: '该商品的产品或 SKU 已从产品库下架，不能修改或结算，只能删除',
    en: 'Its blank or SKU is gone from the catalogue: it cannot be changed or checked out, only removed',
  },
  'cart.unknownProduct': { zh: '未知产品', en: 'Unknown product' },
  'cart.empty': { zh: '购物车还是空的', en: 'Your cart is empty' },
  'cart.goFinished': { zh: '去成品管理挑选商品', en: 'Pick from your finished products' },
  'cart.remove': { zh: '删除', en: 'Remove' },
  'cart.confirmRemoveOne': { zh: '确认从购物车删除“{name}”？', en: 'Remove “{name}” from the cart?' },
  'cart.removeSelected': { zh: '删除所选 ({count})', en: 'Remove selected ({count})' },
  'cart.confirmRemoveMany': { zh: '确认从购物车删除所选的 {count} 件商品？', en: 'Remove the {count} selected items from the cart?' },
  'cart.removed': { zh: '已删除 {count} 件商品', en: '{count} items removed' },
  'cart.selected': { zh: '已选 {count} 件商品', en: '{count} items selected' },
  'cart.total': { zh: '合计', en: 'Total' },
} as const satisfies Record<string, Record<Lang, string>>;

/** What the cart page's route registers (featureTexts.ts). */
export const texts = { strings: CART_STRINGS, messages: {} };
