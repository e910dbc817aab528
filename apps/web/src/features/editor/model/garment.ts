import type { ProductDetail } from '@app/contract';
import type { Box } from './geometry';

/**
 * The blank's photo behind a design area (docs/editor.md#the-garment-behind-the-area): the catalogue's view base image in the colour of the
 * chosen SKU, scaled and placed so that the view's placement of the area (in view pixels) lands exactly on
 * the area's box in the 600×600 editor space. The canvas draws it as a backdrop only: it is never part of
 * the design document nor of the print.
 */
export function garmentPlacement(
  product: Pick<ProductDetail, 'design_list' | 'attr_list'>,
  attrId: number,
  areaId: string,
): { src: string; box: Box } | null {
  const sku = product.attr_list.find((a) => a.id === attrId) ?? product.attr_list[0];
  const area = product.design_list.find((a) => a.id === areaId);
  if (!sku || !area) return null;
  // The first view that shows this area in the SKU's colour (views come in catalogue order: the front view first).
  const view = area.templatelayer.find((l) => l.color === sku.color && l.placement.width > 0 && l.placement.height > 0 && l.base);
  if (!view) return null;
  const sx = area.bbox.width / view.placement.width;
  const sy = area.bbox.height / view.placement.height;
  return {
    src: view.base,
    box: {
      x: area.bbox.x - view.placement.x * sx,
      y: area.bbox.y - view.placement.y * sy,
      width: view.width * sx,
      height: view.height * sy,
    },
  };
}
