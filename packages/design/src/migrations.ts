/**
 * The design document's versions as one ordered chain of named migrations (v0→v1→…): a record of any
 * version the chain starts from opens in the current one, and the current version is where the chain
 * ends. A record of a version newer than the chain's is refused rather than read wrongly.
 */
/**
 * One step of the document's history: `up` turns a record of version `from` into the shape of version
 * `to` (= from + 1). The runner stamps `version`, so `up` only reshapes.
 */
export interface DesignMigration {
  from: number;
  to: number;
  /** What the step changes, as it is known in the code and the logs (e.g. 'v0-areas-keyed-by-id'). */
  name: string;
  up(record: Record<string, unknown>): Record<string, unknown>;
}

/**
 * Version 0 — the shape of the original wire data before this schema: an object keyed by area id whose
 * values are bare layer arrays, with numbers as strings and putu as a boolean. Kept so old records open.
 */
const v0AreasKeyedById = {
  from: 0,
  to: 1,
  name: 'v0-areas-keyed-by-id',
  up(raw: Record<string, unknown>) {
    const num = (v: unknown) => (typeof v === 'string' && v.trim() !== '' && !Number.isNaN(Number(v)) ? Number(v) : v);
    const areas = Object.entries(raw).map(([areaId, layers], i) => ({
      id: Number.isInteger(Number(areaId)) ? Number(areaId) : i,
      background: '',
      layers: (Array.isArray(layers) ? layers : []).map((l: Record<string, unknown>, j: number) => {
        const out: Record<string, unknown> = { ...l, id: String(l.id ?? `l${j + 1}`) };
        for (const k of ['width', 'height', 'x', 'y', 'rotation', 'scale', 'opacity', 'fontSize', 'sourceid'])
          if (k in out) out[k] = num(out[k]);
        if (typeof out.putu === 'boolean') out.putu = out.putu ? 1 : 0;
        if (typeof out.putu === 'string') out.putu = out.putu === '1' ? 1 : 0;
        if (out.type === undefined) out.type = out.text ? 'text' : 'image';
        if (out.putu === 0) out.putustr = '';
        return out;
      }),
    }));
    return { areas };
  },
} as const satisfies DesignMigration;

/**
 * Every step from version 0 to the current one, in order. A new version appends its step here (and
 * changes `designSchema`); records of every earlier version then still open through the whole chain.
 */
export const designMigrations = [v0AreasKeyedById] as const;

/** A record written by a newer release than this one: it cannot be read without losing what it holds. */
export class DesignVersionError extends Error {
  override readonly name = 'DesignVersionError';
  constructor(
    readonly version: number,
    readonly current: number,
  ) {
    super(`Design version ${version} is newer than this release reads (up to version ${current})`);
  }
}

/** The version a chain ends at (0 for none); throws unless its steps run 0→1→2… without gap or repeat. */
export function chainVersion(chain: readonly DesignMigration[]): number {
  chain.forEach((step, i) => {
    if (step.from !== i || step.to !== i + 1)
      throw new Error(`Design migration ${step.name} goes ${step.from}→${step.to}; expected ${i}→${i + 1}`);
  });
  return chain.length;
}

/** The version of a stored record: records from before versioning carry none and are version 0. */
const versionOf = (record: Record<string, unknown>): unknown => ('version' in record ? record.version : 0);

/**
 * Brings a record of any version up to the version `chain` ends at, one step at a time in order.
 * Anything that is not a versioned record object is returned as it is, for the schema to refuse.
 */
export function migrateDesign(raw: unknown, chain: readonly DesignMigration[] = designMigrations): unknown {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return raw;
  const current = chainVersion(chain);
  let record = raw as Record<string, unknown>;
  const version = versionOf(record);
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 0) return raw;
  if (version > current) throw new DesignVersionError(version, current);
  for (const step of chain.slice(version)) {
    const { version: _stored, ...body } = record;
    record = { ...step.up(body), version: step.to };
  }
  return record;
}

type LastOf<T extends readonly unknown[]> = T extends readonly [...unknown[], infer L] ? L : never;
/** The current version: where the migration chain ends. */
export const DESIGN_VERSION = chainVersion(designMigrations) as LastOf<typeof designMigrations>['to'];
