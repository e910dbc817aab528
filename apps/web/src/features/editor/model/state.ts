import { CANVAS_SIZE, designAreaName, type Lang, type ProductDetail } from '@app/contract';
import { DESIGN_VERSION, parseDesign, type DesignArea, type DesignDocument, type Layer } from '@app/design';
import type { Box } from './geometry';

/**
 * The editor's state: immutable data, replaced (never mutated) by the commands. The canvas (react-konva)
 * only draws it. Vocabulary of docs/domain.md#design-areas-and-layers: a *design area* is a printable region of the blank (the
 * product's "layer tabs", "mask"), a *layer* is one object on its canvas.
 */

/** Editor-only flags of a layer (lock, hide): never part of the saved design document. */
export interface LayerFlags {
  readonly locked: boolean;
  readonly hidden: boolean;
}

/** One design area's content as the editor holds it: the document's part plus the layers' editor flags. */
export interface AreaState {
  /** Background colour, '' for none. */
  readonly background: string;
  /** Bottom to top, as drawn. */
  readonly layers: readonly Layer[];
  /** By layer id; a layer without an entry is unlocked and visible. */
  readonly flags: Readonly<Record<string, LayerFlags>>;
}

/** A design area of the product, as its tab shows it (docs/editor.md#the-screen). */
export interface EditorAreaInfo {
  readonly id: string;
  /** Tab label: diy_layername when show_diy_layername is 1, otherwise "Layer N" (N from 1). */
  readonly name: { readonly zh: string; readonly en: string };
  /** The printable outline (SVG path) drawn as the green dashed area. */
  readonly areaPath: string;
  /** The outline's bounding box in the 600×600 editor space: what alignments, fill and adaptive use. */
  readonly bbox: Box;
}

export interface EditorState {
  readonly productId: number;
  /** The product's design areas in catalogue order. */
  readonly areaList: readonly EditorAreaInfo[];
  /**
   * The editor's memory of design areas (docs/editor.md#the-screen, switching area): the current area and every area visited or
   * edited since the editor opened. Areas are only ever added to it.
   */
  readonly areas: Readonly<Record<string, AreaState>>;
  /** The product's saved layer links (the saved design) by area id: the fallback of switching. Never changes. */
  readonly saved: Readonly<Record<string, AreaState>>;
  readonly currentAreaId: string;
  /** Selected layer of the current area; selection is not an undo step. */
  readonly selectedId: string | null;
  /** The text of a new text layer (docs/editor.md#text: a fixed string at 20 px). */
  readonly defaultText: string;
  /** Counter for new layer ids. */
  readonly seq: number;
}

/** The default text is a fixed string (docs/editor.md#text); this one also tells the seller how to change it (double-tap). */
export const DEFAULT_TEXT = '双击编辑文字';

/** The editor space's centre (docs/limits.md#editor: canvas 600×600). */
export const CANVAS_CENTER = CANVAS_SIZE / 2;
export const CANVAS_BOX: Box = { x: 0, y: 0, width: CANVAS_SIZE, height: CANVAS_SIZE };

const NO_FLAGS: Readonly<Record<string, LayerFlags>> = Object.freeze({});
/** One shared empty area, so loading a blank area is recognisably "no change". */
export const BLANK_AREA: AreaState = Object.freeze({ background: '', layers: Object.freeze([]) as readonly Layer[], flags: NO_FLAGS });
export const NO_LAYER_FLAGS: LayerFlags = Object.freeze({ locked: false, hidden: false });

/** What the editor needs of a product: the detail (or design detail) call's id and design_list (docs/api.md#editor). */
export type EditorProduct = Pick<ProductDetail, 'id' | 'design_list'>;

/** The area's tab name (docs/editor.md#the-screen): one rule with the product page (the contract's designAreaName). */
export const areaName = designAreaName;

export const areaLabel = (info: EditorAreaInfo, lang: Lang = 'zh') => info.name[lang];

/**
 * Reads a saved design (the wire text of `extends` / `layerdata`, or a parsed object) of any version.
 * Missing or unreadable records answer null: the editor then opens blank (docs/messages.md#errors, layer record missing).
 */
export function readSavedDesign(raw: unknown): DesignDocument | null {
  if (raw === null || raw === undefined || raw === '') return null;
  try {
    return parseDesign(raw);
  } catch {
    return null;
  }
}

const toAreaState = (area: DesignArea): AreaState => ({ background: area.background, layers: area.layers, flags: NO_FLAGS });

/**
 * A new editor on a product, optionally re-designing a saved design. Only areas of the product are kept
 * (the server refuses a design naming another area); old numeric area ids match by their text.
 */
export function createEditorState(
  product: EditorProduct,
  saved: DesignDocument | null = null,
  options: { areaId?: string; defaultText?: string } = {},
): EditorState {
  if (product.design_list.length === 0) throw new Error(`product ${product.id} has no design area`);
  const areaList: EditorAreaInfo[] = product.design_list.map((a, i) => ({
    id: a.id,
    name: areaName(a, i),
    areaPath: a.area_path,
    bbox: { ...a.bbox },
  }));
  const savedById: Record<string, AreaState> = {};
  for (const area of saved?.areas ?? []) {
    const id = String(area.id);
    if (areaList.some((a) => a.id === id) && !(id in savedById)) savedById[id] = toAreaState(area);
  }
  const currentAreaId = options.areaId && areaList.some((a) => a.id === options.areaId) ? options.areaId : areaList[0]!.id;
  return {
    productId: product.id,
    areaList,
    // docs/editor.md#the-screen: memory starts empty and session storage is cleared, so the first area comes from the saved design.
    areas: { [currentAreaId]: savedById[currentAreaId] ?? BLANK_AREA },
    saved: savedById,
    currentAreaId,
    selectedId: null,
    defaultText: options.defaultText ?? DEFAULT_TEXT,
    seq: 0,
  };
}

/** An area's content as the seller would see it now: memory, else the saved design, else blank. */
export function areaContent(state: EditorState, areaId: string): AreaState {
  return state.areas[areaId] ?? state.saved[areaId] ?? BLANK_AREA;
}

export const currentArea = (state: EditorState): AreaState => areaContent(state, state.currentAreaId);

export function currentAreaInfo(state: EditorState): EditorAreaInfo {
  return state.areaList.find((a) => a.id === state.currentAreaId) ?? state.areaList[0]!;
}

export const findLayer = (state: EditorState, id: string | null | undefined): Layer | undefined =>
  id ? currentArea(state).layers.find((l) => l.id === id) : undefined;

export const selectedLayer = (state: EditorState): Layer | undefined => findLayer(state, state.selectedId);

export const layerFlags = (area: AreaState, id: string): LayerFlags => area.flags[id] ?? NO_LAYER_FLAGS;

/** Layers the canvas draws (hidden ones are left out). */
export const visibleLayers = (area: AreaState): Layer[] => area.layers.filter((l) => !layerFlags(area, l.id).hidden);

/**
 * One design area as saved and composed: {id, background, layers}. Hidden layers are left out, so what is
 * printed is what the seller sees (the flags themselves are editor-only).
 */
export function toAreaDocument(state: EditorState, areaId: string): DesignArea {
  const area = areaContent(state, areaId);
  return { id: areaId, background: area.background, layers: visibleLayers(area) };
}

const isEmpty = (area: DesignArea) => area.layers.length === 0 && area.background === '';

/**
 * The design document saved by the save modes (docs/domain.md#save-modes): every design area of the product, in
 * catalogue order, that has something on it, whether or not it was visited in this session.
 */
export function toDesign(state: EditorState): DesignDocument {
  return {
    version: DESIGN_VERSION,
    areas: state.areaList.map((a) => toAreaDocument(state, a.id)).filter((a) => !isEmpty(a)),
  };
}
