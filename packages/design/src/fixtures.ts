import { fileURLToPath } from 'node:url';
import { layerSchema, serializeDesign, type DesignDocument, type Layer, type LayerInput } from './document.js';
import { DESIGN_VERSION } from './migrations.js';

/**
 * Design documents the test suites share (server, browser, benchmarks), imported as
 * `@app/design/fixtures` so that production code never pulls them in. Geometry is in the 600×600
 * editor space of a design area.
 */

/** A text layer as the suites write one: 40 px in a 300×60 box at the area's centre, unless told otherwise. */
export const textLayer = (text: string, over: Partial<LayerInput> = {}): Layer =>
  layerSchema.parse({ id: 't', type: 'text', text, fontSize: 40, width: 300, height: 60, x: 300, y: 300, ...over });

/** An image layer showing `src`: 200×200 at the area's centre, unless told otherwise. */
export const imageLayer = (src: string, over: Partial<LayerInput> = {}): Layer =>
  layerSchema.parse({ id: 'a', type: 'image', src, width: 200, height: 200, x: 300, y: 300, ...over });

/** A document of one design area (`front`, no background colour, unless told otherwise) holding these layers. */
export const oneAreaDesign = (layers: Layer[], area: { id?: string; background?: string } = {}): DesignDocument => ({
  version: DESIGN_VERSION,
  areas: [{ id: area.id ?? 'front', background: area.background ?? '', layers }],
});

/**
 * The suites' usual design, serialized as `extends`: the area `front` holding a 200 px image (from a
 * material when `sourceid` is given) and a 40 px text below it.
 */
export const frontDesign = (src: string, text: string, sourceid?: number): string =>
  serializeDesign(
    oneAreaDesign([imageLayer(src, { y: 260, ...(sourceid === undefined ? {} : { sourceid }) }), textLayer(text, { y: 400 })]),
  );

/** A design of one text layer on the front, serialized as `extends` (as a finished product made through the API holds it). */
export const textDesign = (text: string, over: Partial<LayerInput> = {}): string => serializeDesign(oneAreaDesign([textLayer(text, over)]));

/**
 * Path of a batch-design spreadsheet saved by LibreOffice (the jersey template's placeholders):
 * `jersey-5` and `jersey-25` hold 5 and 25 rows, `jersey-empty` none; each as `.xls` and `.xlsx`.
 */
export const batchDesignSpreadsheet = (name: `jersey-${'5' | '25' | 'empty'}.${'xls' | 'xlsx'}`): string =>
  fileURLToPath(new URL(`../fixtures/batch-design/${name}`, import.meta.url));
