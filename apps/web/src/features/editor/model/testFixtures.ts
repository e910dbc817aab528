import { layerSchema, type DesignDocument, type Layer, type LayerInput } from '@app/design';
import type { EditorStorage } from './areaSwitch';
import { createEditorState, type EditorProduct, type EditorState } from './state';

/** Shared test data of the editor model's tests (not used by the app). */

const area = (id: string, bbox: { x: number; y: number; width: number; height: number }, name = '', show: 0 | 1 = 0) => ({
  id,
  area_path: `M${bbox.x} ${bbox.y}h${bbox.width}v${bbox.height}h-${bbox.width}z`,
  bbox,
  print_width: 2400,
  print_height: 2400,
  cutpiece: `/files/${id}.svg`,
  templatelayer: [],
  diy_layername: name,
  show_diy_layername: show,
});

/** A product with three design areas: front (named), back (the whole canvas, "Layer 2"), sleeve (small). */
export const product: EditorProduct = {
  id: 7,
  design_list: [
    area('front', { x: 100, y: 50, width: 400, height: 500 }, '前片', 1),
    area('back', { x: 0, y: 0, width: 600, height: 600 }, 'Back', 0),
    area('sleeve', { x: 150, y: 400, width: 200, height: 100 }),
  ],
};

export const singleAreaProduct: EditorProduct = { id: 8, design_list: [area('front', { x: 0, y: 0, width: 600, height: 600 })] };

export const layer = (over: Partial<LayerInput> & { id: string }): Layer =>
  layerSchema.parse({ type: 'image', src: `/files/${over.id}.png`, width: 300, height: 200, x: 300, y: 300, ...over });

/** A saved design: front with a background, two images (one a material) and a text; back with one image. */
export const savedDesign: DesignDocument = {
  version: 1,
  areas: [
    {
      id: 'front',
      background: '#ffeecc',
      layers: [
        layer({ id: 'bg', status: 'background', width: 600, height: 600, x: 300, y: 300, sourceid: 11 }),
        layer({ id: 'img', sourceid: 12, x: 250, y: 260 }),
        layer({ id: 'img2', sourceid: 13, x: 350, y: 360, width: 100, height: 100 }),
        layer({ id: 'txt', type: 'text', text: 'Hello', fontSize: 20, width: 120, height: 24, x: 300, y: 500, src: '' }),
      ],
    },
    { id: 'back', background: '', layers: [layer({ id: 'b1', sourceid: 12, x: 300, y: 300 })] },
    { id: 'gone', background: '', layers: [layer({ id: 'x' })] },
  ],
};

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/**
 * The editor on the saved design. States are immutable, so every call answers the same, deeply frozen,
 * object: a command that mutated its input would throw.
 */
const base = deepFreeze(createEditorState(product, savedDesign));
export const editor = (saved: DesignDocument | null = savedDesign): EditorState =>
  saved === savedDesign ? base : deepFreeze(createEditorState(product, saved));

/** A Map-backed sessionStorage. */
export class MemoryStorage implements EditorStorage {
  readonly map = new Map<string, string>();
  get length() {
    return this.map.size;
  }
  getItem(key: string) {
    return this.map.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.map.set(key, value);
  }
  removeItem(key: string) {
    this.map.delete(key);
  }
  key(index: number) {
    return [...this.map.keys()][index] ?? null;
  }
}
