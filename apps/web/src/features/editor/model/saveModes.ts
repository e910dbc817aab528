import { ROUTE_ADDRESSES, type BodyOf, type routes } from '@app/contract';
import { serializeDesign, type DesignDocument } from '@app/design';
import { copyToAllAreas, copyToArea, type CommandResult } from './commands';
import type { EditorNotice } from './messages';
import { toDesign, type EditorState } from './state';

/**
 * The editor's save modes (docs/domain.md#save-modes): what each one sends, built from the state. The UI posts the
 * request; modes 4 and 5 change the state only (the design is copied between design areas).
 */
export const SAVE_MODES = { preview: 0, currentSize: 1, allSizes: 2, copyToArea: 4, copyToAllAreas: 5, addToCart: 7 } as const;
export type SaveMode = (typeof SAVE_MODES)[keyof typeof SAVE_MODES];

export type PreviewBody = BodyOf<typeof routes.mockupPreview>;
export type SynthesisCreateBody = BodyOf<typeof routes.synthesisCreate>;
/** Re-designing a finished product: `type` 1 modifies the current size, 2 all sizes. */
export type DesignResaveBody = BodyOf<typeof routes.designResave>;
export type CartAddBody = BodyOf<typeof routes.cartAdd>;

/** The call a save makes, told apart by its path. */
export type SaveRequest =
  | { method: 'POST'; path: typeof routes.mockupPreview.path; body: PreviewBody }
  | { method: 'POST'; path: typeof routes.synthesisCreate.path; body: SynthesisCreateBody }
  | { method: 'POST'; path: typeof routes.designResave.path; body: DesignResaveBody }
  | { method: 'POST'; path: typeof routes.cartAdd.path; body: CartAddBody };

export type SaveOutcome =
  | { kind: 'request'; mode: SaveMode; request: SaveRequest }
  /** Modes 4 and 5: the state after the copy (commit it to the history: it is an undo step). */
  | { kind: 'local'; mode: SaveMode; result: CommandResult }
  | { kind: 'refused'; mode: SaveMode; notice: EditorNotice };

export interface SaveContext {
  /** The SKU designed (the page's attr_id): the parent variant of a new finished product, the cart item's SKU. */
  attrId: number;
  /** The finished number of the product being re-designed; absent or null for a fresh design from /design. */
  keyId?: string | null;
  /** SKUs whose mockups the preview (mode 0) shows; defaults to attrId. */
  skuIds?: number[];
  /** The quantity input of "Add to cart" (mode 7): as typed. */
  quantity?: unknown;
  /** The design area to copy to (mode 4). */
  targetAreaId?: string;
}

/** docs/editor.md#cart-quantity: quantity minimum 1; an empty value is reset to 1. Fractions are cut to whole items. */
export function normalizeQuantity(input: unknown): number {
  if (input === null || input === undefined || (typeof input === 'string' && input.trim() === '')) return 1;
  const n = Math.floor(Number(input));
  return Number.isFinite(n) && n >= 1 ? n : 1;
}

/** The distinct material ids (sourceid) the design uses, in order of first use, comma-joined. */
export function sourceIds(design: DesignDocument): string {
  const ids = new Set<number>();
  for (const area of design.areas) for (const layer of area.layers) if (layer.sourceid !== null) ids.add(layer.sourceid);
  return [...ids].join(',');
}

const hasContent = (design: DesignDocument) => design.areas.some((a) => a.layers.length > 0);

/** What saving in `mode` does. */
export function buildSave(state: EditorState, mode: SaveMode, ctx: SaveContext): SaveOutcome {
  if (mode === 4) {
    if (ctx.targetAreaId === undefined) return { kind: 'refused', mode, notice: 'badParameters' };
    const result = copyToArea(state, ctx.targetAreaId);
    return result.state === state && result.notice ? { kind: 'refused', mode, notice: result.notice } : { kind: 'local', mode, result };
  }
  if (mode === 5) {
    const result = copyToAllAreas(state);
    return result.state === state && result.notice ? { kind: 'refused', mode, notice: result.notice } : { kind: 'local', mode, result };
  }

  const design = toDesign(state);
  const text = serializeDesign(design);
  if (mode === 0) {
    const body: PreviewBody = { product_id: state.productId, sku_ids: ctx.skuIds?.length ? ctx.skuIds : [ctx.attrId], extends: text };
    return { kind: 'request', mode, request: { method: 'POST', path: ROUTE_ADDRESSES.mockupPreview.path, body } };
  }
  // Saving a design with nothing on it would make blank products.
  if (!hasContent(design)) return { kind: 'refused', mode, notice: 'editorDesignEmpty' };
  const source_ids = sourceIds(design);
  if (mode === 7) {
    // "Add to cart (no overwrite)": the cart item keeps its own copy of the design (layerlogs).
    const body: CartAddBody = {
      product_id: state.productId,
      attr_id: ctx.attrId,
      num: normalizeQuantity(ctx.quantity),
      extends: text,
      source_ids,
      layerlogs: text,
    };
    return { kind: 'request', mode, request: { method: 'POST', path: ROUTE_ADDRESSES.cartAdd.path, body } };
  }
  if (ctx.keyId) {
    const body: DesignResaveBody = { key_id: ctx.keyId, type: mode, extends: text, source_ids, layerdata: text };
    return { kind: 'request', mode, request: { method: 'POST', path: ROUTE_ADDRESSES.designResave.path, body } };
  }
  const body: SynthesisCreateBody = { product_id: state.productId, attr_id: ctx.attrId, extends: text, source_ids, is_online: 0 };
  return { kind: 'request', mode, request: { method: 'POST', path: ROUTE_ADDRESSES.synthesisCreate.path, body } };
}
