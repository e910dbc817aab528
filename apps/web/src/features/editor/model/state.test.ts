import { describe, expect, it } from 'vitest';
import { parseDesign, serializeDesign } from '@app/design';
import { setHidden, setLocked } from './commands';
import { areaLabel, createEditorState, currentArea, readSavedDesign, toDesign } from './state';
import { editor, layer, product, savedDesign, singleAreaProduct } from './testFixtures';

describe('editor state', () => {
  it('names the design area tabs: diy_layername when shown, otherwise "Layer N" (docs/editor.md#the-screen)', () => {
    const s = editor();
    expect(s.areaList.map((a) => areaLabel(a, 'zh'))).toEqual(['前片', '图层2', '图层3']);
    expect(s.areaList.map((a) => areaLabel(a, 'en'))).toEqual(['前片', 'Layer 2', 'Layer 3']);
    expect(s.areaList[0]).toMatchObject({ id: 'front', bbox: { x: 100, y: 50, width: 400, height: 500 } });
  });

  it('opens on the first design area with its saved layers, nothing selected', () => {
    const s = editor();
    expect(s.currentAreaId).toBe('front');
    expect(s.selectedId).toBeNull();
    expect(currentArea(s).layers.map((l) => l.id)).toEqual(['bg', 'img', 'img2', 'txt']);
    expect(currentArea(s).background).toBe('#ffeecc');
  });

  it('opens on a chosen area, and blank without a saved design', () => {
    expect(createEditorState(product, savedDesign, { areaId: 'back' }).currentAreaId).toBe('back');
    expect(createEditorState(product, savedDesign, { areaId: 'nope' }).currentAreaId).toBe('front');
    const blank = createEditorState(product, null);
    expect(currentArea(blank)).toMatchObject({ background: '', layers: [] });
    expect(toDesign(blank)).toEqual({ version: 1, areas: [] });
  });

  it('refuses a product without design areas', () => {
    expect(() => createEditorState({ id: 1, design_list: [] }, null)).toThrow();
  });

  it('keeps a fixed default text (docs/editor.md#text) and accepts another', () => {
    expect(editor().defaultText).toBeTruthy();
    expect(createEditorState(singleAreaProduct, null, { defaultText: 'Your text' }).defaultText).toBe('Your text');
  });

  it('saves every area of the product with content, visited or not, and drops areas the product does not have', () => {
    const doc = toDesign(editor());
    expect(doc.areas.map((a) => a.id)).toEqual(['front', 'back']);
    expect(doc).toEqual(parseDesign(serializeDesign(doc)));
    expect(doc.areas[0]).toEqual(savedDesign.areas[0]);
  });

  it('keeps lock and hide out of the document; a hidden layer is not saved (what is printed is what is seen)', () => {
    let s = setLocked(editor(), 'img').state;
    s = setHidden(s, 'img2').state;
    const doc = toDesign(s);
    expect(JSON.stringify(doc)).not.toMatch(/locked|hidden|flags/);
    expect(doc.areas[0]!.layers.map((l) => l.id)).toEqual(['bg', 'img', 'txt']);
  });

  it('reads saved designs of any version and answers null for a missing or broken record (docs/messages.md#errors)', () => {
    expect(readSavedDesign('')).toBeNull();
    expect(readSavedDesign(null)).toBeNull();
    expect(readSavedDesign('{not json')).toBeNull();
    expect(readSavedDesign({ version: 1, areas: [{ id: 'front', layers: [{ id: 'a' }] }] })).toBeNull();
    expect(readSavedDesign(serializeDesign(savedDesign))).toEqual(savedDesign);
    const v0 = readSavedDesign(JSON.stringify({ 0: [{ id: 'a', type: 'image', width: '10', height: '10', x: '5', y: '5', putu: false }] }));
    expect(v0?.areas[0]?.layers[0]).toMatchObject({ width: 10, putu: 0 });
    expect(layer({ id: 'q' }).scale).toBe(1);
  });
});
