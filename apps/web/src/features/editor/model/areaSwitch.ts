import { areaSchema, type DesignDocument } from '@app/design';
import type { CommandResult } from './commands';
import { BLANK_AREA, createEditorState, currentArea, type AreaState, type EditorProduct, type EditorState, type LayerFlags } from './state';

/**
 * Switching the design area (docs/editor.md#the-screen): the current area's layers stay in memory (and are written to session
 * storage), the canvas is cleared, and the target is restored from memory, else from session storage, else
 * from the product's saved layer links (the saved design), else blank. Session storage is cleared when the
 * editor is created. Storage is injected: the browser's sessionStorage, or a Map-backed fake in tests.
 */
export interface EditorStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
  key(index: number): string | null;
  readonly length: number;
}

export type AreaSource = 'memory' | 'session' | 'saved' | 'blank';

const PREFIX = 'editor.area.';
export const sessionKey = (productId: number, areaId: string) => `${PREFIX}${productId}.${areaId}`;

/** Removes every area the editor wrote to the storage (any product). */
export function clearEditorSession(storage: EditorStorage): void {
  const keys: string[] = [];
  for (let i = 0; i < storage.length; i++) {
    const k = storage.key(i);
    if (k?.startsWith(PREFIX)) keys.push(k);
  }
  for (const k of keys) storage.removeItem(k);
}

/** Creates the editor: session storage cleared first (docs/editor.md#the-screen), then the state from the product and saved design. */
export function openEditor(
  product: EditorProduct,
  saved: DesignDocument | null,
  storage: EditorStorage,
  options: Parameters<typeof createEditorState>[2] = {},
): EditorState {
  clearEditorSession(storage);
  return createEditorState(product, saved, options);
}

export function writeSessionArea(storage: EditorStorage, productId: number, areaId: string, area: AreaState): void {
  try {
    storage.setItem(sessionKey(productId, areaId), JSON.stringify(area));
  } catch {
    // A full storage only loses the fallback: the area is still in memory.
  }
}

const isFlags = (v: unknown): v is LayerFlags =>
  typeof v === 'object' && v !== null && typeof (v as LayerFlags).locked === 'boolean' && typeof (v as LayerFlags).hidden === 'boolean';

/** An area as the editor stored it (session storage, a draft), checked like any design; null when unreadable. */
export function parseAreaState(value: unknown, areaId: string): AreaState | null {
  if (typeof value !== 'object' || value === null) return null;
  const raw = value as { background?: unknown; layers?: unknown; flags?: unknown };
  const parsed = areaSchema.safeParse({ id: areaId, background: raw.background, layers: raw.layers });
  if (!parsed.success) return null;
  const flags: Record<string, LayerFlags> = {};
  const rawFlags = typeof raw.flags === 'object' && raw.flags !== null ? (raw.flags as Record<string, unknown>) : {};
  for (const layer of parsed.data.layers) {
    const f = rawFlags[layer.id];
    if (isFlags(f)) flags[layer.id] = { locked: f.locked, hidden: f.hidden };
  }
  return { background: parsed.data.background, layers: parsed.data.layers, flags };
}

/** An area from session storage; anything unreadable counts as absent. */
export function readSessionArea(storage: EditorStorage, productId: number, areaId: string): AreaState | null {
  try {
    const text = storage.getItem(sessionKey(productId, areaId));
    return text === null ? null : parseAreaState(JSON.parse(text), areaId);
  } catch {
    return null;
  }
}

/**
 * Switches to another design area. Not an undo step (history.commit sees no design change). Answers where
 * the target came from. The selection is cleared: it belonged to the area left.
 */
export function switchArea(state: EditorState, targetId: string, storage: EditorStorage): CommandResult & { source?: AreaSource } {
  if (targetId === state.currentAreaId) return { state };
  if (!state.areaList.some((a) => a.id === targetId)) return { state, notice: 'badParameters' };
  writeSessionArea(storage, state.productId, state.currentAreaId, currentArea(state));

  let source: AreaSource;
  let target: AreaState;
  const inMemory = state.areas[targetId];
  const inSession = inMemory ? null : readSessionArea(storage, state.productId, targetId);
  if (inMemory) [source, target] = ['memory', inMemory];
  else if (inSession) [source, target] = ['session', inSession];
  else if (state.saved[targetId]) [source, target] = ['saved', state.saved[targetId]];
  else [source, target] = ['blank', BLANK_AREA];

  return {
    state: { ...state, areas: { ...state.areas, [targetId]: target }, currentAreaId: targetId, selectedId: null },
    source,
  };
}
