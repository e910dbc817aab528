import type { BarcodeMaker } from '@app/contract';

/** Which dialog of the barcodes page is open: importing (into a new pool, or one), generating (a new generator, or more of one). */
export type BarcodeDialog = { kind: 'import'; maker?: BarcodeMaker } | { kind: 'generate'; maker?: BarcodeMaker };
