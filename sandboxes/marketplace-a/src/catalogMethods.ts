import { CATEGORIES, categoryById, FREIGHT_TEMPLATES, isLeaf, SKU_ATTRIBUTES_BY_LEAF, SKU_PROPERTIES } from './catalog.js';
import { business, invalid, missing } from './errors.js';
import type { Handler } from './gate.js';
import { parseJsonParam } from './product.js';
import { prohibitedWordsIn } from './prohibitedWords.js';

/**
 * What a seller asks before posting (docs/marketplace-a.md#managing-products): the category tree, a leaf's SKU
 * properties, the shop's freight templates and the prohibited-words check. None reads or changes a product.
 */

function categoryParam(raw: string | undefined, field: string): number {
  if (raw === undefined || raw === '') throw missing(field);
  const id = Number(raw);
  if (!Number.isInteger(id) || !categoryById(id)) throw invalid('isv.category-invalid', `${field} ${raw} does not exist`);
  return id;
}

export function catalogMethods(): Record<string, Handler> {
  return {
    // A call that reads nothing of the shop's products, as a connection check makes it (docs/marketplace-a.md#categories).
    // category_id 0 (or none) answers the top level, else that category's children; every sandbox shop may sell in
    // every category, so filter_no_permission changes nothing.
    'aliexpress.solution.seller.category.tree.query': (_shop, params) => {
      const parent = params.category_id === undefined || params.category_id === '' ? 0 : Number(params.category_id);
      if (!Number.isInteger(parent) || parent < 0) throw invalid('isv.invalid-parameter', 'category_id must be a category id or 0');
      if (parent !== 0 && !categoryById(parent)) throw invalid('isv.category-invalid', `category_id ${parent} does not exist`);
      const children = CATEGORIES.filter((c) => (parent === 0 ? c.parent === null : c.parent === parent));
      return {
        aliexpress_solution_seller_category_tree_query_response: {
          is_success: true,
          children_category_list: {
            category_info: children.map((c) => ({
              children_category_id: c.id,
              is_leaf_category: isLeaf(c.id),
              level: c.parent === null ? 1 : 2,
              multi_language_names: JSON.stringify({ en: c.name }),
            })),
          },
        },
      };
    },
    'aliexpress.solution.sku.attribute.query': (_shop, params) => {
      const q = parseJsonParam(params.query_sku_attribute_info_request, 'query_sku_attribute_info_request');
      const raw = q.aliexpress_category_id;
      // category_id is the merchant's own category: the sandbox keeps no mapping to AliExpress's (sandbox's choice).
      if ((raw === undefined || raw === '') && q.category_id !== undefined && q.category_id !== '')
        throw business(
          'isv.category-mapping',
          'category_id names a merchant category the sandbox does not map; send aliexpress_category_id',
        );
      const id = categoryParam(raw === undefined ? undefined : String(raw), 'query_sku_attribute_info_request.aliexpress_category_id');
      if (!isLeaf(id)) throw business('isv.category-not-leaf', `aliexpress_category_id ${id} is not a leaf category`);
      return {
        aliexpress_solution_sku_attribute_query_response: {
          result: {
            supporting_sku_attribute_list: {
              supported_sku_attribute_dto: (SKU_ATTRIBUTES_BY_LEAF[id] ?? []).map((a) => ({
                aliexpress_sku_name: SKU_PROPERTIES[a.propertyId],
                // Not in AliExpress's answer: the id the post's sku_attribute_name_id takes (sandbox's choice).
                sku_attribute_name_id: a.propertyId,
                required: a.required,
                support_customized_name: true,
                support_customized_picture: a.propertyId === 14,
                aliexpress_sku_value_list: {
                  sku_value_simplified_info_dto: a.values.map((v) => ({ aliexpress_sku_value_name: v })),
                },
              })),
            },
            supporting_common_attribute_list: { supported_common_attribute_dto: [] },
          },
        },
      };
    },
    'aliexpress.freight.redefining.listfreighttemplate': () => ({
      aliexpress_freight_redefining_listfreighttemplate_response: {
        result_success: true,
        aeop_freight_template_d_t_o_list: { aeopfreighttemplatedtolist: FREIGHT_TEMPLATES.map((t) => ({ ...t })) },
      },
    }),
    // Each field's words with their types; an empty list where a field holds none, as AliExpress answers "[]".
    'aliexpress.postproduct.redefining.findaeproductprohibitedwords': (_shop, params) => {
      categoryParam(params.category_id, 'category_id');
      if (!params.title) throw missing('title');
      const text = (s: string | undefined) => (s ?? '').replace(/<[^>]*>/g, ' ');
      return {
        aliexpress_postproduct_redefining_findaeproductprohibitedwords_response: {
          result: {
            title_prohibited_words: prohibitedWordsIn(params.title),
            keywords_prohibited_words: prohibitedWordsIn(text(params.keywords)),
            product_properties_prohibited_words: prohibitedWordsIn(text(params.product_properties)),
            detail_prohibited_words: prohibitedWordsIn(text(params.detail)),
          },
        },
      };
    },
  };
}
