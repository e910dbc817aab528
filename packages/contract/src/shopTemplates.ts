import { z } from 'zod';
import { num } from './numbers.js';

/**
 * What every template of a shop has, whichever kind (docs/templates.md, docs/market-templates.md): the product
 * templates and the marketplaces' templates alike belong to one shop and go with its owner.
 */

/** A template row's owning shop and account; a parent sees its sub-accounts' templates. */
export const shopTemplateFields = {
  id: z.number().int(),
  store_id: z.number().int(),
  store_name: z.string(),
  name: z.string(),
  /** The shop's account (a template belongs to its shop's owner). */
  owner_id: z.number().int(),
  username: z.string(),
  /** Unix seconds. */
  createtime: z.number().int(),
  updated_at: z.number().int(),
};

/** A template list's query: by shop, by part of the name, a page (docs/api.md#paging). */
export const shopTemplateListQuery = (pageSizeMax: number, pageSizeDefault: number) =>
  z.object({
    store_id: num(z.number().int().positive()).optional(),
    /** Part of the name. */
    name: z.string().max(200).optional(),
    pageNumber: num(z.number().int().min(1)).default(1),
    pageSize: num(z.number().int().min(1).max(pageSizeMax)).default(pageSizeDefault),
  });
