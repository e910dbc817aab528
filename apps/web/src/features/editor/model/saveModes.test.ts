import { describe, expect, it } from 'vitest';
import { routes } from '@app/contract';
import { parseDesign } from '@app/design';
import { setHidden } from './commands';
import { buildSave, normalizeQuantity, sourceIds, type SaveOutcome } from './saveModes';
import { areaContent, createEditorState, toDesign } from './state';
import { editor, product } from './testFixtures';

const request = (o: SaveOutcome) => {
  if (o.kind !== 'request') throw new Error(`expected a request, got ${o.kind}`);
  return o.request;
};

describe('save modes (docs/domain.md#save-modes)', () => {
  it('0 previews the mockups of the design', () => {
    const r = request(buildSave(editor(), 0, { attrId: 31 }));
    expect(r.path).toBe('/api/design/mockupPreview');
    expect(routes.mockupPreview.body.parse(r.body)).toMatchObject({ product_id: 7, sku_ids: [31] });
    expect(parseDesign((r.body as { extends: string }).extends)).toEqual(toDesign(editor()));
    expect(request(buildSave(editor(), 0, { attrId: 31, skuIds: [31, 32] })).body).toMatchObject({ sku_ids: [31, 32] });
  });

  it.each([1, 2] as const)('%i on a fresh design creates a finished product through synthesis', (mode) => {
    const r = request(buildSave(editor(), mode, { attrId: 31 }));
    expect(r.path).toBe('/api/synthesis/create');
    const body = routes.synthesisCreate.body.parse(r.body);
    expect(body).toMatchObject({ product_id: 7, attr_id: 31, source_ids: '11,12,13', is_online: 0 });
    expect(parseDesign(body.extends)).toEqual(toDesign(editor()));
  });

  it.each([1, 2] as const)('%i when re-designing updates the finished product (designResave, type %i)', (mode) => {
    const r = request(buildSave(editor(), mode, { attrId: 31, keyId: 'FP26112212345678' }));
    expect(r.path).toBe('/api/finished/designResave');
    expect(r.body).toEqual({
      key_id: 'FP26112212345678',
      type: mode,
      extends: expect.any(String),
      source_ids: '11,12,13',
      layerdata: expect.any(String),
    });
    const body = r.body as { extends: string; layerdata: string };
    expect(parseDesign(body.layerdata)).toEqual(parseDesign(body.extends));
  });

  it('7 adds to cart without overwriting, quantity at least 1', () => {
    const r = request(buildSave(editor(), 7, { attrId: 31, quantity: '3', keyId: 'FP1' }));
    expect(r.path).toBe('/api/cart/add');
    expect(r.body).toEqual({
      product_id: 7,
      attr_id: 31,
      num: 3,
      extends: expect.any(String),
      source_ids: '11,12,13',
      layerlogs: expect.any(String),
    });
    expect(parseDesign((r.body as { layerlogs: string }).layerlogs)).toEqual(toDesign(editor()));
    expect(request(buildSave(editor(), 7, { attrId: 31, quantity: '' })).body).toMatchObject({ num: 1 });
  });

  it('normalises the quantity: minimum 1, empty → 1 (docs/editor.md#cart-quantity)', () => {
    expect([undefined, null, '', '  ', 0, -5, 'abc', Number.NaN, '0'].map(normalizeQuantity)).toEqual([1, 1, 1, 1, 1, 1, 1, 1, 1]);
    expect([1, '3', 2.7, '12'].map(normalizeQuantity)).toEqual([1, 3, 2, 12]);
  });

  it('4 copies onto one design area and 5 onto all of them, locally', () => {
    const four = buildSave(editor(), 4, { attrId: 31, targetAreaId: 'sleeve' });
    expect(four.kind).toBe('local');
    if (four.kind === 'local') expect(areaContent(four.result.state, 'sleeve').layers).toHaveLength(4);
    const five = buildSave(editor(), 5, { attrId: 31 });
    if (five.kind !== 'local') throw new Error('expected local');
    expect(toDesign(five.result.state).areas).toHaveLength(3);
    expect(buildSave(editor(), 4, { attrId: 31, targetAreaId: 'front' })).toEqual({ kind: 'refused', mode: 4, notice: 'alreadyOnMask' });
    expect(buildSave(editor(), 4, { attrId: 31 })).toEqual({ kind: 'refused', mode: 4, notice: 'badParameters' });
  });

  it('refuses to save an empty design, but previews it', () => {
    const blank = createEditorState(product, null);
    for (const mode of [1, 2, 7] as const)
      expect(buildSave(blank, mode, { attrId: 31 })).toMatchObject({ kind: 'refused', notice: 'editorDesignEmpty' });
    expect(buildSave(blank, 0, { attrId: 31 }).kind).toBe('request');
  });

  it('lists each material once, in order of use, leaving out hidden layers and images without a material', () => {
    expect(sourceIds(toDesign(editor()))).toBe('11,12,13');
    expect(sourceIds(toDesign(setHidden(editor(), 'img2').state))).toBe('11,12');
    expect(sourceIds({ version: 1, areas: [] })).toBe('');
  });
});
