import type { FeatureTexts } from './strings';

/**
 * Each feature's texts, loaded with the routes whose pages show them: routes.tsx names, beside each page, the
 * groups its page and the dialogs it opens use, and registers them before the page renders; the shell's texts
 * (strings.ts) are there from the start. So a page downloads only its own texts
 * (docs/web.md#where-the-bytes-go). routeTexts.test.ts checks that every text a page's code names is registered
 * by its route. A group is the app's strings of a feature and the contract's message groups its pages show.
 */
export const TEXTS = {
  bannedWords: () => import('./bannedWordsStrings').then((m) => m.texts),
  barcodes: () => import('./barcodeStrings').then((m) => m.texts),
  cart: () => import('./cartStrings').then((m) => m.texts),
  catalogue: () => import('./catalogueStrings').then((m) => m.texts),
  checkout: () => import('./checkoutStrings').then((m) => m.texts),
  editor: () => import('./editorStrings').then((m) => m.texts),
  exports: () => import('./exportsStrings').then((m) => m.texts),
  finished: () => import('./finishedStrings').then((m) => m.texts),
  mobile: () => import('./mobileStrings').then((m) => m.texts),
  mockup: () => import('./mockupStrings').then((m) => m.texts),
  marketTemplates: () => import('./marketTemplatesStrings').then((m) => m.texts),
  orders: () => import('./ordersStrings').then((m) => m.texts),
  priceTemplates: () => import('./priceTemplateStrings').then((m) => m.texts),
  publish: () => import('./publishStrings').then((m) => m.texts),
  subAccounts: () => import('./subAccountsStrings').then((m) => m.texts),
  stores: () => import('./storesStrings').then((m) => m.texts),
  templates: () => import('./templatesStrings').then((m) => m.texts),
  titles: () => import('./titlesStrings').then((m) => m.texts),
  wallet: () => import('./walletStrings').then((m) => m.texts),
  watermarks: () => import('./watermarkStrings').then((m) => m.texts),
} satisfies Record<string, () => Promise<FeatureTexts>>;

export type TextGroup = keyof typeof TEXTS;
