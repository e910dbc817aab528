import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ROUTE_ADDRESSES, type BodyOf, type routes } from '@app/contract';
import { call } from './client';
import { queryKeys } from './queryKeys';

/** The layer record of a finished product or size variant, to re-design it (POST /api/finished/getDesignLayerlog). */
export const fetchLayerRecord = (keyId: string) => call('designLayerlog', { body: { key_id: keyId } });

/** Composes one design area's print (POST /api/design/compose) and answers its address. */
export const composeArea = (productId: number, layerdata: string) => call('compose', { body: { product_id: productId, layerdata } });

/** Save mode 0: mockups of the design on the asked SKUs (POST /api/design/mockupPreview), without saving anything. */
export const previewMockups = (body: BodyOf<typeof routes.mockupPreview>) => call('mockupPreview', { body });

/** Saves a new design as a finished product and starts its synthesis (POST /api/synthesis/create). */
export const createSynthesis = (body: BodyOf<typeof routes.synthesisCreate>) => call('synthesisCreate', { body });

/** Saves a re-design of a finished product (one size or all) and recomposes it (POST /api/finished/designResave). */
export const resaveDesign = (body: BodyOf<typeof routes.designResave>) => call('designResave', { body });

/**
 * The live mockup preview: asked again only when the body changes (a body answers the same mockups until
 * the seller edits), the last answer kept on screen while the next is composed.
 */
export function useMockupPreview(body: BodyOf<typeof routes.mockupPreview> | null, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.design.mockupPreview(body),
    queryFn: () => previewMockups(body!),
    enabled: body !== null && enabled,
    placeholderData: keepPreviousData,
    staleTime: Infinity,
    retry: false,
  });
}

/** The cutpiece SVG of one design area with a composed print in place of its placeholder (docs/api.md#editor, GET /api/design/cutpiece). */
export function cutpieceUrl(productId: number, areaId: string, print: string | null): string {
  const q = new URLSearchParams({ product_id: String(productId), area_id: areaId });
  if (print) q.set('img', print);
  return `${ROUTE_ADDRESSES.cutpiece.path}?${q}`;
}
