import { describe, expect, it } from 'vitest';
import type { ProductDetail } from '@app/contract';
import { garmentPlacement } from './garment';

const view = (color: string, view: string) => ({
  color,
  color_code: '#000',
  view,
  view_name: view,
  width: 1000,
  height: 800,
  base: `/files/${view}-${color}.png`,
  shading: '',
  highlight: null,
  mask: null,
  // The area's box lands at 300,200 on the view, 400×500 view pixels for 200×250 editor pixels.
  placement: { x: 300, y: 200, width: 400, height: 500 },
});
const sku = (id: number, color: string) => ({ id, color, color_code: '#000', size: 'M', price: 1, templates: [] });

const product = {
  attr_list: [sku(1, 'white'), sku(2, 'black')],
  design_list: [
    {
      id: 'front',
      area_path: '',
      bbox: { x: 200, y: 100, width: 200, height: 250 },
      print_width: 1,
      print_height: 1,
      cutpiece: '',
      templatelayer: [view('white', 'front'), view('black', 'front'), view('black', 'side')],
      diy_layername: '',
      show_diy_layername: 0,
    },
  ],
} as unknown as Pick<ProductDetail, 'design_list' | 'attr_list'>;

describe('the garment behind the design area (docs/editor.md#the-garment-behind-the-area)', () => {
  it("places the first view in the SKU's colour so that its placement covers the area's box", () => {
    const g = garmentPlacement(product, 2, 'front')!;
    expect(g.src).toBe('/files/front-black.png');
    // Half scale: the view's 300,200 lands on the box's 200,100.
    expect(g.box).toEqual({ x: 50, y: 0, width: 500, height: 400 });
  });

  it('answers nothing for an area or colour without a photo', () => {
    expect(garmentPlacement(product, 1, 'back')).toBeNull();
    const noPhotos = { ...product, attr_list: [sku(3, 'red')] };
    expect(garmentPlacement(noPhotos, 3, 'front')).toBeNull();
  });
});
