/**
 * `npm run bench:barcodes` (docs/listing-tools.md#figures): 200,000 EAN-13 codes in an .xlsx imported through the
 * real import (read and checked on the parsing pool's thread, compared with the account's codes, written in one
 * transaction), timed from the call to its answer; then a generator of 60,000 codes (built on a parsing thread:
 * timed, with the event-loop delay) and two allocations at once drawing 30,000 codes each from it for two shops
 * (as two exports' pages do, 100 variants a claim), and the count of codes handed out twice (must be 0). Set DATABASE_URL for PostgreSQL. `-- --quick`: 20,000 codes and 3,000 per allocation.
 * Last line: one line of JSON with every figure. `barcodeFigures` runs the same on services already open:
 * `npm run bench:export` ends with it (its JSON's `barcodes`).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import ExcelJS from 'exceljs';
import { generatedCode } from '@app/contract';
import { defaultAppConfig } from '../apps/server/src/config.js';
import type { Caller } from '../apps/server/src/http/auth.js';
import { openServices, type Services } from '../apps/server/src/services.js';

/** The figures of one run; `ok` false when a code was handed out twice or the import missed codes. */
export interface BarcodeFigures {
  db: string;
  codes: number;
  import_s: number;
  import_event_loop_p99_ms: number;
  generate_s: number;
  generate_event_loop_p99_ms: number;
  per_export: number;
  allocation_s: number;
  handed_out_twice: number;
  ok: boolean;
  targets: { import_s: number; handed_out_twice: number };
}

/**
 * The import of an .xlsx and two allocations at once, on `services` (a database of its own or one another bench
 * filled: the figures' rows belong to an account of their own, `bench-barcodes`).
 */
export async function barcodeFigures(services: Services, opts: { quick: boolean; log: (s: string) => void }): Promise<BarcodeFigures> {
  const CODES = opts.quick ? 20_000 : 200_000;
  const PER_EXPORT = opts.quick ? 3_000 : 30_000;
  const { log } = opts;
  const db = services.db.db;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-barcodes-file-'));
  try {
    const at = Date.now();
    const username = 'bench-barcodes';
    const owner = Number(
      (
        await db
          .insertInto('account')
          .values({ username, password_hash: 'x', nickname: username, level: 0, parent_id: null, office_id: null, created_at: at })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
    const caller: Caller = {
      id: owner,
      username,
      nickname: username,
      level: 0,
      parentId: null,
      officeId: null,
      scope: { accountIds: [owner] },
    };
    // The sheet a seller would upload: a header, then one code per row.
    const file = path.join(dataDir, 'codes.xlsx');
    const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: true, useStyles: false });
    const ws = wb.addWorksheet('codes');
    ws.addRow(['条码']).commit();
    for (let i = 0; i < CODES; i++) ws.addRow([generatedCode('690123', 'EAN', i)]).commit();
    ws.commit();
    await wb.commit();
    const data = fs.readFileSync(file);
    log(`${CODES} codes in an .xlsx of ${(data.length / 1e6).toFixed(1)} MB`);

    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    let t = performance.now();
    const imported = await services.barcodes.importCodes(caller, 'en', { name: 'bench pool' }, { file: data, filename: 'codes.xlsx' });
    const importSeconds = (performance.now() - t) / 1000;
    loop.disable();
    const importP99 = loop.percentile(99) / 1e6;
    log(
      `import: ${imported.added} added, ${imported.refused_count} refused in ${importSeconds.toFixed(2)} s (event-loop p99 ${importP99.toFixed(0)} ms)`,
    );

    // Two shops drawing from one generator at once, a page of 100 variants a claim. The generator's codes are
    // built on a parsing thread: its event-loop delay is measured too.
    const genLoop = monitorEventLoopDelay({ resolution: 10 });
    genLoop.enable();
    t = performance.now();
    const maker = await services.barcodes.generate(caller, {
      name: 'bench generator',
      prefix: '6901235',
      code_type: 'EAN',
      count: 2 * PER_EXPORT,
    });
    const generateSeconds = (performance.now() - t) / 1000;
    genLoop.disable();
    const generateP99 = genLoop.percentile(99) / 1e6;
    log(`generate: ${maker.added} codes in ${generateSeconds.toFixed(2)} s (event-loop p99 ${generateP99.toFixed(0)} ms)`);
    const shops = [];
    for (const name of ['bench shop 1', 'bench shop 2']) {
      const shop = await services.shops.add(caller, { pid: 1, name });
      await services.shops.setBarcodeMaker(caller, { id: shop.id, maker_id: maker.maker_id });
      shops.push(shop.id);
    }
    const draw = async (shopId: number, from: number) => {
      const codes: string[] = [];
      for (let i = 0; i < PER_EXPORT; i += 100) {
        const variants = Array.from({ length: Math.min(100, PER_EXPORT - i) }, (_, j) => ({
          variantId: from + i + j,
          finishedId: from + Math.floor((i + j) / 6),
          keyId: `V${from + i + j}`,
        }));
        for (const c of (await services.barcodeAllocation.codesFor(shopId, variants)).values()) codes.push(c.code);
      }
      return codes;
    };
    t = performance.now();
    const [a, b] = await Promise.all([draw(shops[0]!, 1), draw(shops[1]!, 1_000_001)]);
    const allocSeconds = (performance.now() - t) / 1000;
    const twice = a.length + b.length - new Set([...a, ...b]).size;
    log(`two allocations of ${PER_EXPORT} codes at once: ${allocSeconds.toFixed(2)} s, ${a.length + b.length} handed out, ${twice} twice`);

    return {
      db: services.db.dialect,
      codes: CODES,
      import_s: Number(importSeconds.toFixed(2)),
      import_event_loop_p99_ms: Number(importP99.toFixed(0)),
      generate_s: Number(generateSeconds.toFixed(2)),
      generate_event_loop_p99_ms: Number(generateP99.toFixed(0)),
      per_export: PER_EXPORT,
      allocation_s: Number(allocSeconds.toFixed(2)),
      handed_out_twice: twice,
      ok: twice === 0 && imported.added === CODES,
      targets: { import_s: 5, handed_out_twice: 0 },
    };
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

// Run on its own (npm run bench:barcodes): a database of its own.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-barcodes-'));
  const config = { ...defaultAppConfig(dataDir), logLevel: 'warn', runJobs: false, seedDemo: false, databaseUrl: process.env.DATABASE_URL };
  const services = await openServices(config);
  try {
    const figures = await barcodeFigures(services, { quick: process.argv.includes('--quick'), log: (s) => console.log(s) });
    console.log(JSON.stringify(figures));
    if (!figures.ok) process.exitCode = 1;
  } finally {
    await services.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
