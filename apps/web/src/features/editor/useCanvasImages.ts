import { useEffect, useMemo, useState } from 'react';
import type { ProductDetail } from '@app/contract';
import { useI18n } from '../../app/i18n';
import type { Garment } from './EditorCanvas';
import { canvasTextMeasurer, loadAllFonts } from './editorFonts';
import { ImageCache } from './imageCache';
import { garmentPlacement, setTextMeasurer } from './model';
import { useFeedback } from '../../app/feedback';

/**
 * What the canvas draws besides the design document: the layers' images, the blank's photo behind the area
 * (docs/editor.md#the-garment-behind-the-area) and the fonts. Each arrival bumps `imageVersion`, so the canvas
 * redraws; an image that cannot be loaded is said once ("material failed to load").
 */
export function useCanvasImages(product: ProductDetail, attrId: number, areaId: string) {
  const { m } = useI18n();
  const { message } = useFeedback();
  const [imageVersion, setImageVersion] = useState(0);
  const images = useMemo(
    () =>
      new ImageCache(
        () => setImageVersion((v) => v + 1),
        () => void message.error({ content: m('materialLoadFailed'), key: 'materialLoadFailed' }),
      ),
    [message, m],
  );
  // The blank in the chosen SKU's colour behind the area, as the seller knows it from the catalogue.
  const garmentImages = useMemo(() => new ImageCache(() => setImageVersion((v) => v + 1)), []);
  const placement = garmentPlacement(product, attrId, areaId);
  const garment: Garment | undefined = placement ? { ...placement.box, image: garmentImages.get(placement.src) } : undefined;

  useEffect(() => {
    setTextMeasurer(canvasTextMeasurer);
    // The other fonts arrive while the seller works; the canvas redraws with each.
    void loadAllFonts(() => setImageVersion((v) => v + 1));
    return () => setTextMeasurer(null);
  }, []);

  return { images, imageVersion, garment };
}
