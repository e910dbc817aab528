import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { message as messageText, type DataOf, type ProductDetail, type routes } from '@app/contract';
import type { DesignDocument } from '@app/design';
import { ApiError, fetchLayerRecord, fetchProduct, queryKeys } from '../../api';
import { useI18n } from '../../app/i18n';
import { positiveIdParam } from '../../app/urlParams';
import { loadFontsFor } from './editorFonts';
import { readSavedDesign } from './model';

/** A layer record that opens the editor on a saved design (re-designing a finished product). */
export interface Opening {
  product: ProductDetail;
  attrId: number;
  saved: DesignDocument | null;
  keyId: string | null;
  /** Other variants re-designed together with keyId (the finished screen's multi-design): mode 1 saves them too. */
  alsoKeyIds: string[];
  /** Shown once the editor is up: why it opened blank. */
  notice?: string;
}

/**
 * What the editor opens on, from its address: `?product_id=&attr_id=` a blank, `?key_id=&product_id=` a
 * finished product's layer record (`getDesignLayerlog`); a missing record opens the blank with
 * "找不到该设计的图层记录". The fonts of a saved design are loaded before it is drawn.
 */
export function useOpening() {
  const { t, lang } = useI18n();
  const [params] = useSearchParams();
  const productId = positiveIdParam(params.get('product_id'));
  const attrId = positiveIdParam(params.get('attr_id'));
  const keyId = params.get('key_id')?.trim() || null;
  const also = params.get('also') ?? '';
  const opening = useQuery({
    queryKey: queryKeys.design.opening({ productId, attrId, keyId, also }),
    queryFn: async (): Promise<Opening> => {
      let record: DataOf<typeof routes.designLayerlog> | null = null;
      let notice: string | undefined;
      if (keyId) {
        try {
          record = await fetchLayerRecord(keyId);
        } catch (e) {
          // Only a missing record opens blank, and only when the link says which blank.
          const missing = e instanceof ApiError && e.status === 404 && e.msg === messageText('layerRecordMissing', lang);
          if (!missing || productId === null) throw e;
          notice = messageText('layerRecordMissing', lang);
        }
      }
      const id = record?.product_id ?? productId;
      if (id === null) throw new Error(t('editor.badLink'));
      const product = await fetchProduct(id);
      // A SKU the blank does not have would draw a half-right editor (no colour, saves refused): say so instead.
      if (!record && attrId !== null && !product.attr_list.some((a) => a.id === attrId))
        throw new Error(messageText('catalogueSkuNotFound', lang));
      return {
        product,
        attrId: record?.attr_id ?? attrId ?? product.attr_list[0]?.id ?? 0,
        saved: record ? readSavedDesign(record.layerdata || record.extends) : null,
        keyId: record?.key_id ?? (notice ? keyId : null),
        alsoKeyIds: record ? also.split(',').filter((k) => /^[\w-]{1,64}$/.test(k) && k !== record.key_id) : [],
        notice,
      };
    },
    enabled: productId !== null || keyId !== null,
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
  });
  const fonts = useQuery({
    queryKey: queryKeys.fonts.forDesign(opening.data?.saved ?? null),
    queryFn: () => loadFontsFor(opening.data!.saved),
    enabled: opening.isSuccess,
    staleTime: Infinity,
  });

  return { productId, keyId, opening, fonts };
}
