import { parseAreaState, type EditorStorage } from './areaSwitch';
import { areaContent, type AreaState, type EditorState } from './state';

/**
 * Drafts (docs/editor.md#drafts, "never lose a design"): the editor keeps the design being worked on in local storage, one
 * draft per blank (or per finished product when re-designing), and offers it back on the next visit. A draft
 * holds every design area as the seller left it (layers, background, lock and hide flags), so a restored
 * draft is the design left. Storage is injected: the browser's localStorage, or a Map-backed fake in tests.
 */
export interface Draft {
  /** When it was written (ms since the epoch). */
  readonly savedAt: number;
  readonly currentAreaId: string;
  /** Every design area of the product by id. */
  readonly areas: Readonly<Record<string, AreaState>>;
}

const PREFIX = 'editor.draft.';

/**
 * One draft per account and finished product being re-designed, else per account and blank: on a shared
 * office computer one account never gets another's draft (nor its artwork) offered.
 */
export const draftKey = (opening: { userId: number; productId: number; keyId: string | null }) =>
  `${PREFIX}${opening.userId}.` + (opening.keyId ? `finished.${opening.keyId}` : `product.${opening.productId}`);

/** Every design area as the seller sees it now (memory, else the saved design, else blank). */
function areasOf(state: EditorState): Record<string, AreaState> {
  return Object.fromEntries(state.areaList.map((a) => [a.id, areaContent(state, a.id)]));
}

/** What a draft compares: the areas' content, not the selection nor which tab is open. */
export const designSnapshot = (state: EditorState): string => JSON.stringify(areasOf(state));

/** Whether the design differs from the one last opened or saved (its snapshot). */
export const isDirty = (state: EditorState, baseline: string): boolean => designSnapshot(state) !== baseline;

export function writeDraft(storage: Pick<EditorStorage, 'setItem'>, key: string, state: EditorState, now: number): void {
  const draft: Draft = { savedAt: now, currentAreaId: state.currentAreaId, areas: areasOf(state) };
  try {
    storage.setItem(key, JSON.stringify(draft));
  } catch {
    // A full storage loses only the draft; the leave warning still protects the design.
  }
}

export function clearDraft(storage: Pick<EditorStorage, 'removeItem'>, key: string): void {
  storage.removeItem(key);
}

/**
 * The draft kept for this editor, checked like any design: areas the product no longer has are dropped, an
 * unreadable draft counts as none. A draft equal to the design opened is none either (nothing to offer).
 */
export function readDraft(storage: Pick<EditorStorage, 'getItem'>, key: string, state: EditorState): Draft | null {
  try {
    const text = storage.getItem(key);
    if (text === null) return null;
    const raw = JSON.parse(text) as { savedAt?: unknown; currentAreaId?: unknown; areas?: unknown };
    if (typeof raw.areas !== 'object' || raw.areas === null) return null;
    const areas: Record<string, AreaState> = {};
    for (const info of state.areaList) {
      const value = (raw.areas as Record<string, unknown>)[info.id];
      if (value === undefined) continue;
      const area = parseAreaState(value, info.id);
      if (!area) return null;
      areas[info.id] = area;
    }
    if (Object.keys(areas).length === 0) return null;
    const currentAreaId = typeof raw.currentAreaId === 'string' && raw.currentAreaId in areas ? raw.currentAreaId : state.currentAreaId;
    const draft: Draft = { savedAt: typeof raw.savedAt === 'number' ? raw.savedAt : 0, currentAreaId, areas };
    return designSnapshot(restoreDraft(state, draft)) === designSnapshot(state) ? null : draft;
  } catch {
    return null;
  }
}

/** The editor with the draft's areas in memory and its tab open; the saved design stays the switching fallback. */
export function restoreDraft(state: EditorState, draft: Draft): EditorState {
  return {
    ...state,
    areas: { ...state.areas, ...draft.areas },
    currentAreaId: draft.currentAreaId in draft.areas || draft.currentAreaId in state.areas ? draft.currentAreaId : state.currentAreaId,
    selectedId: null,
  };
}
