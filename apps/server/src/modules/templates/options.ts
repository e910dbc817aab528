import { TEMPLATE_CATEGORIES, TEMPLATE_SITES, itemTypesOfFeed, templateCategory, type Lang, type TemplateOption } from '@app/contract';
import { AppError } from '../../http/errors.js';

// The Amazon template's option lists (sites, categories, feed product types, item types): seeded
// constants of the contract (@app/contract templates.ts), labelled in the caller's language.

const options = (list: TemplateOption[] | undefined, lang: Lang) => ({
  list: (list ?? []).map((o) => ({ value: o.value, label: o.label[lang] })),
});

export const optionLists = {
  sites: (lang: Lang) => options(TEMPLATE_SITES, lang),
  categories(site: string | undefined, lang: Lang) {
    if (site && !TEMPLATE_SITES.some((s) => s.value === site)) throw new AppError(400, 'templateSiteUnknown');
    return options(TEMPLATE_CATEGORIES, lang);
  },
  feedTypes(category: string, lang: Lang) {
    const c = templateCategory(category);
    if (!c) throw new AppError(400, 'templateCategoryUnknown');
    return options(c.feedTypes, lang);
  },
  itemTypes(feedType: string, lang: Lang) {
    const list = itemTypesOfFeed(feedType);
    if (!list) throw new AppError(400, 'templateFeedTypeUnknown');
    return options(list, lang);
  },
};
