import bwipjs from 'bwip-js/node';
import type { BarcodeType } from '@app/contract';

/**
 * A code's barcode image (docs/listing-tools.md#barcodes), drawn by bwip-js: EAN-13 and UPC-A as themselves,
 * a GTIN-14 as GS1-128 (Code 128 with its application identifier 01). The digits are printed under the bars.
 */
export async function barcodeImage(code: string, type: BarcodeType, format: 'png' | 'svg'): Promise<Buffer | string> {
  const options = {
    bcid: type === 'EAN' ? 'ean13' : type === 'UPC' ? 'upca' : 'gs1-128',
    text: type === 'GTIN' ? `(01)${code}` : code,
    scale: 3,
    height: 15,
    includetext: true,
    textxalign: 'center' as const,
    backgroundcolor: 'FFFFFF',
    paddingwidth: 8,
    paddingheight: 4,
  };
  return format === 'svg' ? bwipjs.toSVG(options) : bwipjs.toBuffer(options);
}
