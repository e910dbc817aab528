import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as design from '../src/index.js';
import * as fixtures from '../src/fixtures.js';

describe('the suites’ design fixtures (@app/design/fixtures)', () => {
  it('stay out of the package’s main entry, so production code never bundles them', () => {
    for (const name of Object.keys(fixtures)) expect(Object.keys(design), name).not.toContain(name);
  });

  it('are current, valid documents that round-trip through the wire form', () => {
    for (const text of [fixtures.frontDesign('/files/a.png', '文字', 9), fixtures.textDesign('NO.23')]) {
      expect(design.serializeDesign(design.parseDesign(text))).toBe(text);
      expect(design.parseDesign(text).version).toBe(design.DESIGN_VERSION);
    }
    const doc = fixtures.oneAreaDesign([fixtures.imageLayer('/files/a.png'), fixtures.textLayer('hi')], { background: '#ffffff' });
    expect(design.parseDesign(doc)).toEqual(doc);
  });

  it('name batch-design spreadsheets that exist', () => {
    for (const rows of ['5', '25', 'empty'] as const)
      for (const ext of ['xls', 'xlsx'] as const)
        expect(fs.existsSync(fixtures.batchDesignSpreadsheet(`jersey-${rows}.${ext}`))).toBe(true);
  });
});
