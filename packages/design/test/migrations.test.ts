import { describe, expect, it } from 'vitest';
import {
  chainVersion,
  DESIGN_VERSION,
  designMigrations,
  DesignVersionError,
  migrateDesign,
  parseDesign,
  serializeDesign,
  type DesignMigration,
} from '../src/index.js';

const v1Record = {
  version: 1,
  areas: [{ id: 'front', background: '#ffffff', layers: [{ id: 't', type: 'text', text: 'hi', width: 90, height: 30, x: 300, y: 300 }] }],
};

describe('the design migration chain', () => {
  it('runs 0→1→… without gaps, each step named, and ends at the current version', () => {
    expect(designMigrations.map((m) => [m.from, m.to])).toEqual(designMigrations.map((_, i) => [i, i + 1]));
    for (const m of designMigrations) expect(m.name).toMatch(/^v\d+-[a-z0-9-]+$/);
    expect(new Set(designMigrations.map((m) => m.name)).size).toBe(designMigrations.length);
    expect(chainVersion(designMigrations)).toBe(DESIGN_VERSION);
  });

  it('refuses a chain with a gap or a step out of order', () => {
    const noop = (r: Record<string, unknown>) => r;
    expect(() =>
      chainVersion([
        { from: 0, to: 1, name: 'a', up: noop },
        { from: 2, to: 3, name: 'b', up: noop },
      ]),
    ).toThrow(/b goes 2→3/);
    expect(() => chainVersion([{ from: 1, to: 2, name: 'a', up: noop }])).toThrow(/expected 0→1/);
  });

  it('opens a version-0 record (no version field) through the chain', () => {
    const doc = parseDesign({ front: [{ text: 'hi', width: '90', height: '30', x: '300', y: '300' }] });
    expect(doc).toEqual(
      parseDesign({
        version: 1,
        areas: [{ id: 0, layers: [{ id: 'l1', type: 'text', text: 'hi', width: 90, height: 30, x: 300, y: 300 }] }],
      }),
    );
  });

  it('upgrades a v1 record through a later step (v1→v2) appended to the chain', () => {
    const versionsSeen: unknown[] = [];
    const v1ToV2: DesignMigration = {
      from: 1,
      to: 2,
      name: 'v1-areas-named',
      up: (record) => {
        versionsSeen.push(record.version);
        const areas = record.areas as { id: string }[];
        return { ...record, areas: areas.map((a) => ({ ...a, name: `area ${a.id}` })) };
      },
    };
    const chain = [...designMigrations, v1ToV2];
    expect(chainVersion(chain)).toBe(2);
    const upgraded = migrateDesign(structuredClone(v1Record), chain) as { version: number; areas: { id: string; name: string }[] };
    expect(upgraded.version).toBe(2);
    expect(upgraded.areas).toEqual([{ ...v1Record.areas[0], name: 'area front' }]);
    // The step sees the record without its stored version: the runner stamps the new one.
    expect(versionsSeen).toEqual([undefined]);
    // A v0 record goes through both steps in order.
    const fromV0 = migrateDesign({ front: [] }, chain) as { version: number; areas: { id: number; name: string }[] };
    expect(fromV0).toEqual({ version: 2, areas: [{ id: 0, background: '', layers: [], name: 'area 0' }] });
  });

  it('leaves a record of the current version as it is', () => {
    expect(migrateDesign(v1Record)).toBe(v1Record);
    expect(parseDesign(serializeDesign(parseDesign(v1Record)))).toEqual(parseDesign(v1Record));
  });

  it('refuses a record of a version newer than the chain, with the versions in the message', () => {
    const future = { ...v1Record, version: DESIGN_VERSION + 1 };
    expect(() => parseDesign(future)).toThrow(DesignVersionError);
    expect(() => parseDesign(JSON.stringify(future))).toThrow(
      `Design version ${DESIGN_VERSION + 1} is newer than this release reads (up to version ${DESIGN_VERSION})`,
    );
    expect(() => migrateDesign({ ...v1Record, version: 3 }, [...designMigrations, { from: 1, to: 2, name: 'v1-x', up: (r) => r }])).toThrow(
      DesignVersionError,
    );
  });

  it('leaves what is not a versioned record to the schema to refuse', () => {
    for (const bad of [null, [], 'text', { version: 'one', areas: [] }, { version: 1.5, areas: [] }]) {
      expect(migrateDesign(bad)).toBe(bad);
      expect(() => parseDesign(bad === 'text' ? JSON.stringify(bad) : bad)).toThrow();
    }
  });
});
