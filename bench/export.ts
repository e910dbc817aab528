/**
 * `npm run bench:export` (the README's figures; docs/exports.md#figures): 10,000 finished products (2 colours × 3 sizes: 60,000 variant
 * rows, 3 mockups a colour) seeded straight into a fresh database, then exported by the real export job in
 * this process (as the server runs it, so `monitorEventLoopDelay` sees the API's event loop): to the
 * large-marketplace .xlsx without watermark, and to Txt (format 9). For each: seconds, rows/s, peak RSS
 * during the export, event-loop delay p99; for the .xlsx also a bare exceljs streaming write of the same
 * rows in the same run and the ratio. Last line: one line of JSON with every figure.
 * Then the .xlsx again with a title template of 6 placeholders and a keyword set of 30 words, and banned words
 * checked (docs/listing-tools.md#figures): the seconds it adds, end to end and in the rows alone (the same products'
 * rows built on this thread with and without, read beforehand).
 * Then 100 of them with real 1000-px mockups (6 images a product) exported with a text watermark twice:
 * the first composes every watermarked copy, the second reuses them (seconds and event-loop p99 of each).
 * Last, the barcode figures of `npm run bench:barcodes` (bench/barcodes.ts), the JSON's `barcodes`.
 * `-- --quick` (CI's smoke run): 200 products, 10 of them watermarked.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import ExcelJS from 'exceljs';
import sharp from 'sharp';
import { defaultAppConfig } from '../apps/server/src/config.js';
import { builtInTemplate, createTitleMaker, routes, type QueryOf, type TitleSettings } from '@app/contract';
import { openServices } from '../apps/server/src/services.js';
import type { Caller } from '../apps/server/src/http/auth.js';
import type { JobContext } from '../apps/server/src/jobs/queue.js';
import { exportProducts, headerOf, productsOf, rowsOf, type Cell } from '../apps/server/src/modules/exports/index.js';
import { createBannedWordMatcher } from '../apps/server/src/modules/bannedWords/index.js';
import { createCatalogueRepo } from '../apps/server/src/modules/catalogue/index.js';
import { createFinishedRepo } from '../apps/server/src/modules/finished/index.js';
import { barcodeFigures } from './barcodes.js';

// --quick: the smoke form CI runs (scripts/stages.mjs bench): every step on a few products.
const quick = process.argv.includes('--quick');
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? (quick ? 200 : 10_000));
const COLOURS = 2;
const SIZES = ['S', 'M', 'L'];
const IMAGES = 3;
const log = (s: string) => console.log(s);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-export-'));
const config = { ...defaultAppConfig(dataDir), logLevel: 'warn', runJobs: true, seedDemo: false, databaseUrl: process.env.DATABASE_URL };
const services = await openServices(config);
const db = services.db.db;

try {
  // --- seed -----------------------------------------------------------------------------------------
  const t0 = performance.now();
  const at = Date.now();
  const owner = Number(
    (
      await db
        .insertInto('account')
        .values({ username: 'bench', password_hash: 'x', nickname: 'bench', level: 0, parent_id: null, office_id: null, created_at: at })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,
  );
  const shopId = Number(
    (
      await db
        .insertInto('store')
        .values({ owner_id: owner, platform: 1, name: 'Bench', createtime: 1, updated_at: 1 })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,
  );
  const template = (kind: 'amazon' | 'simple', format: number) =>
    db
      .insertInto('product_template')
      .values({
        owner_id: owner,
        store_id: shopId,
        kind,
        name: `bench ${kind}`,
        format,
        feed_product_type: 'shirt',
        brand_name: 'Bench',
        bullet_point1: 'Soft cotton, printed on demand',
        product_description: 'A plain tee with a print.',
        quantity: 20,
        sku_prefix: 'B-',
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  const amazonT = Number((await template('amazon', 3)).id);
  const simpleT = Number((await template('simple', 9)).id);
  const product = Number(
    (
      await db
        .insertInto('product')
        .values({ code: 'bench', cid: 1, name: 'Bench tee', thumb: '', spec: '{}', created_at: at, updated_at: at })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,
  );
  const skuIds: number[] = [];
  for (const size of SIZES)
    skuIds.push(
      Number(
        (
          await db
            .insertInto('product_sku')
            .values({ product_id: product, color: 'White', color_code: '#FFFFFF', size, price: 35 })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      ),
    );
  const ids: number[] = [];
  const BATCH = 250;
  for (let start = 0; start < PRODUCTS; start += BATCH) {
    const n = Math.min(BATCH, PRODUCTS - start);
    const finished = await db
      .insertInto('finished')
      .values(
        Array.from({ length: n }, (_, k) => ({
          owner_id: owner,
          key_id: `FP${100000 + start + k}`,
          task_id: `TS${start + k}`,
          product_id: product,
          attr_id: skuIds[0]!,
          product_name: 'Bench tee',
          cid: 1,
          cate_name: 'Tees',
          export_name: `Retro wave tee ${start + k}`,
          keyword: 'retro, wave, summer',
          extends: '{}',
          layerdata: '{}',
          design_hash: 'x',
          status: 'ready' as const,
          createtime: 1,
          updated_at: 1,
        })),
      )
      .returning('id')
      .execute();
    const fids = finished.map((f) => Number(f.id));
    ids.push(...fids);
    const children = await db
      .insertInto('finished_child')
      .values(
        fids.flatMap((fid) =>
          Array.from({ length: COLOURS }, (_, c) => ({
            finished_id: fid,
            key_id: `${fid}-${c}`,
            color: c === 0 ? 'Black' : 'Navy',
            color_code: c === 0 ? '#000000' : '#1D3557',
            img_urls: JSON.stringify(Array.from({ length: IMAGES }, (_, i) => `/files/mockups/bench/${fid}-${c}-${i}.jpg`)),
            sort: c,
          })),
        ),
      )
      .returning(['id', 'finished_id'])
      .execute();
    const attrs = children.flatMap((ch) =>
      SIZES.map((size, s) => ({
        finished_id: Number(ch.finished_id),
        child_id: Number(ch.id),
        key_id: `${ch.id}-${s}`,
        sku_id: skuIds[s]!,
        size,
        price: 99,
        as_parent: 0,
        sort: s,
      })),
    );
    for (let i = 0; i < attrs.length; i += 500)
      await db
        .insertInto('finished_attr')
        .values(attrs.slice(i, i + 500))
        .execute();
  }
  log(`seeded ${PRODUCTS} products (${PRODUCTS * COLOURS * SIZES.length} variants) in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  const caller: Caller = {
    id: owner,
    username: 'bench',
    nickname: 'bench',
    level: 0,
    parentId: null,
    officeId: null,
    scope: { accountIds: [owner] },
  };
  const job = (exportId: number, jobId: string): JobContext => ({
    id: jobId,
    kind: 'export',
    ownerId: owner,
    taskId: null,
    payload: { export_id: exportId },
    attempt: 1,
    maxAttempts: 2,
    progress: async () => undefined,
  });

  /** One export, call then job: seconds, rows, peak RSS and event-loop p99 while it ran. */
  async function measure(query: QueryOf<typeof routes.finishedExports>) {
    const delay = monitorEventLoopDelay({ resolution: 5 });
    let peak = process.memoryUsage.rss();
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 20);
    delay.enable();
    // From the call (checks of 10,000 ids, the record, the job queued) to the stored file.
    const cpu0 = process.cpuUsage();
    const s = performance.now();
    const { export_id, job_id } = await services.exports.start(caller, 'exports', routes.finishedExports.query.parse(query));
    const result = (await services.exports.jobKind.run(job(export_id, job_id))) as { rows: number };
    const seconds = (performance.now() - s) / 1000;
    const used = process.cpuUsage(cpu0);
    const cpu = (used.user + used.system) / 1e6;
    delay.disable();
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage.rss());
    const rec = await db.selectFrom('export_record').select(['status', 'size']).where('id', '=', export_id).executeTakeFirstOrThrow();
    if (rec.status !== 'done') throw new Error(`export ${export_id} ended ${rec.status}`);
    return { seconds, cpu, rows: result.rows, rss: peak, p99: delay.percentile(99) / 1e6, bytes: Number(rec.size) };
  }

  log(`RSS before the exports: ${(process.memoryUsage.rss() / 2 ** 20).toFixed(0)} MB`);
  // --- the .xlsx export ---------------------------------------------------------------------------------
  global.gc?.();
  const xlsx = await measure({ ids: ids.join(','), store_id: shopId, template_id: amazonT, format: 3 });
  log(
    `xlsx: ${xlsx.seconds.toFixed(2)} s, ${xlsx.rows} rows, ${Math.round(xlsx.rows / xlsx.seconds)} rows/s, peak RSS ${(xlsx.rss / 2 ** 20).toFixed(0)} MB, ` +
      `event-loop p99 ${xlsx.p99.toFixed(1)} ms, ${(xlsx.bytes / 2 ** 20).toFixed(1)} MB, CPU ${xlsx.cpu.toFixed(2)} s (all threads)`,
  );

  // --- Txt (format 9) --------------------------------------------------------------------------------------
  const txt = await measure({ ids: ids.join(','), store_id: shopId, template_id: simpleT, format: 9 });
  log(
    `txt: ${txt.seconds.toFixed(2)} s, ${txt.rows} rows, ${Math.round(txt.rows / txt.seconds)} rows/s, peak RSS ${(txt.rss / 2 ** 20).toFixed(0)} MB, ` +
      `event-loop p99 ${txt.p99.toFixed(1)} ms`,
  );

  // --- title templates and keyword sets (docs/listing-tools.md#figures) ----------------------------------
  // Six placeholders, a set of 30 words, and a few banned words (strip and block) the titles are screened against.
  const titleText = '{export_name} {material_name} {category} {color} {size} {keywords:2}';
  const titleTemplate = await services.titles.addTemplate(caller, { name: 'bench', template: titleText, overflow: 'cut', max_length: 0 });
  const setWords = Array.from({ length: 30 }, (_, i) => `keyword${i}`);
  const keywordSet = await services.titles.addSet(caller, { name: 'bench', keywords: setWords });
  await services.bannedWords.add(caller, { words: 'replica\nbest seller\ncheapest', platform: 0, action: 'strip' });
  global.gc?.();
  // The same export with the banned words and no template first: the template's and set's own cost is the difference.
  const screened = await measure({ ids: ids.join(','), store_id: shopId, template_id: amazonT, format: 3 });
  global.gc?.();
  const titled = await measure({
    ids: ids.join(','),
    store_id: shopId,
    template_id: amazonT,
    format: 3,
    title_template_id: titleTemplate.id,
    keyword_set_id: keywordSet.id,
  });
  const titlesAdded = titled.seconds - screened.seconds;
  log(
    `xlsx with banned words ${screened.seconds.toFixed(2)} s; with a title template (6 placeholders) and a keyword set too ` +
      `${titled.seconds.toFixed(2)} s (${titlesAdded >= 0 ? '+' : ''}${titlesAdded.toFixed(2)} s), peak RSS ${(titled.rss / 2 ** 20).toFixed(0)} MB`,
  );

  // --- a bare exceljs streaming write of the same rows (built beforehand, untimed) ----------------------
  const repo = exportProducts(createFinishedRepo(db, services.db.dialect, []), createCatalogueRepo(db));
  const t = await services.templates.rowForExport(caller.scope, 'amazon', amazonT, shopId);
  if (typeof t === 'string') throw new Error(t);
  const ctx = {
    layout: 'amazon' as const,
    template: t,
    // Template 0 as the export prices with it (the rows are built beforehand, so the rate does not matter here).
    pricing: { template: builtInTemplate(1, 'USD', { USD: 7.18 })!, rules: [] },
    watermark: 'none' as const,
    banned: null,
    txt: false,
    imageUrl: (blob: string) => `http://localhost:8080/pub/${blob}`,
    stock: { quantity: t.quantity, handlingDays: null },
  };
  const { headerRows, fields } = headerOf(ctx);
  const all: Cell[][] = [...headerRows];
  const products: ReturnType<typeof productsOf> = [];
  for (let i = 0; i < ids.length; i += 500) {
    const page = ids.slice(i, i + 500);
    products.push(...productsOf(await repo.page(page), page));
  }
  // The rows alone, with and without the title template and keyword set (the same banned words screened in both).
  const banned = createBannedWordMatcher(await services.bannedWords.wordsFor(caller, 1));
  const settings: TitleSettings = {
    template: { text: titleText, overflow: 'cut', max_length: 0 },
    keywords: setWords,
    shop: 'Bench',
    platform: 1,
  };
  // CPU seconds of this thread's work, the least of three runs each, alternating: on a busy machine the wall clock
  // measures the other work too, the CPU time much less.
  const timeRows = (c: Parameters<typeof rowsOf>[1]) => {
    const cpu0 = process.cpuUsage();
    let n = 0;
    for (const p of products) n += rowsOf(p, c, fields).rows.length;
    const used = process.cpuUsage(cpu0);
    return { seconds: (used.user + used.system) / 1e6, n };
  };
  const plainCtx = { ...ctx, banned };
  const titledCtx = { ...ctx, banned, titles: { maker: createTitleMaker(settings), shop: 'Bench' } };
  timeRows(titledCtx); // warm-up
  const runs = { plain: [] as number[], titled: [] as number[] };
  let lines = 0;
  for (let i = 0; i < 3; i++) {
    const a = timeRows(plainCtx);
    runs.plain.push(a.seconds);
    lines = a.n;
    runs.titled.push(timeRows(titledCtx).seconds);
  }
  const rowsPlain = Math.min(...runs.plain);
  const rowsTitled = Math.min(...runs.titled);
  const rowsAdded = rowsTitled - rowsPlain;
  log(
    `rows of ${lines} lines (CPU, least of 3): ${rowsPlain.toFixed(2)} s, with titles and keywords ${rowsTitled.toFixed(2)} s (${rowsAdded >= 0 ? '+' : ''}${rowsAdded.toFixed(2)} s)`,
  );
  for (const p of products) for (const r of rowsOf(p, ctx, fields).rows) all.push(r);
  products.length = 0;
  const bareFile = path.join(dataDir, 'bare.xlsx');
  const bc0 = process.cpuUsage();
  const b0 = performance.now();
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: bareFile, useStyles: false, useSharedStrings: false });
  const ws = wb.addWorksheet('Template');
  for (const r of all) ws.addRow(r).commit();
  ws.commit();
  await wb.commit();
  const bare = (performance.now() - b0) / 1000;
  const bareCpu = (process.cpuUsage(bc0).user + process.cpuUsage(bc0).system) / 1e6;
  all.length = 0;
  const ratio = xlsx.seconds / bare;
  log(
    `bare exceljs streaming write of the same ${xlsx.rows + 3} rows: ${bare.toFixed(2)} s (${Math.round(xlsx.rows / bare)} rows/s); export / bare = ${ratio.toFixed(2)}`,
  );

  // --- 100 products × 6 colour images with a text watermark, first and again (cached) -------------------
  // Real 1000-px JPEG mockups behind the first 100 products' image names, then the same export twice.
  const WM_PRODUCTS = Math.min(quick ? 10 : 100, PRODUCTS);
  const bases = await Promise.all(
    ['#111111', '#1D3557'].map((hex) =>
      sharp({ create: { width: 1000, height: 1000, channels: 3, background: hex } })
        .composite([{ input: Buffer.from('<svg width="1000" height="1000"><circle cx="500" cy="450" r="260" fill="#E9C46A"/></svg>') }])
        .jpeg({ quality: 85 })
        .toBuffer(),
    ),
  );
  for (const fid of ids.slice(0, WM_PRODUCTS))
    for (let c = 0; c < COLOURS; c++)
      for (let i = 0; i < IMAGES; i++) await services.storage.put(`mockups/bench/${fid}-${c}-${i}.jpg`, bases[c]!);
  const watermarkId = Number(
    (
      await db
        .insertInto('watermark')
        .values({
          owner_id: owner,
          name: 'bench',
          type: 'text',
          text: 'SUNNY SHOP',
          font_family: 'Roboto',
          color: '#FFFFFF',
          font_size: 60,
          position: 9,
          margin: 30,
          scale: '0.4',
          opacity: '0.7',
          rotation: 0,
          created_at: at,
          updated_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,
  );
  const wmQuery = {
    ids: ids.slice(0, WM_PRODUCTS).join(','),
    store_id: shopId,
    template_id: amazonT,
    format: 3,
    watermark_id: watermarkId,
  };
  const composedBefore = services.watermarks.composedCount();
  const wmFirst = await measure(wmQuery);
  const composed = services.watermarks.composedCount() - composedBefore;
  const wmAgain = await measure(wmQuery);
  log(
    `watermark, ${WM_PRODUCTS} products × ${COLOURS * IMAGES} images: first ${wmFirst.seconds.toFixed(2)} s (${composed} copies composed, ` +
      `event-loop p99 ${wmFirst.p99.toFixed(1)} ms), again ${wmAgain.seconds.toFixed(2)} s (${services.watermarks.composedCount() - composedBefore - composed} composed, ` +
      `p99 ${wmAgain.p99.toFixed(1)} ms)`,
  );

  const figures = {
    quick,
    products: PRODUCTS,
    rows: xlsx.rows,
    xlsx_s: round(xlsx.seconds),
    xlsx_cpu_s: round(xlsx.cpu),
    xlsx_rows_per_s: Math.round(xlsx.rows / xlsx.seconds),
    xlsx_peak_rss_mb: Math.round(xlsx.rss / 2 ** 20),
    xlsx_event_loop_p99_ms: round(xlsx.p99),
    bare_exceljs_s: round(bare),
    bare_exceljs_cpu_s: round(bareCpu),
    xlsx_vs_bare: round(ratio),
    txt_s: round(txt.seconds),
    txt_rows_per_s: Math.round(txt.rows / txt.seconds),
    txt_peak_rss_mb: Math.round(txt.rss / 2 ** 20),
    txt_event_loop_p99_ms: round(txt.p99),
    titles_screened_xlsx_s: round(screened.seconds),
    titles_xlsx_s: round(titled.seconds),
    titles_peak_rss_mb: Math.round(titled.rss / 2 ** 20),
    titles_added_s: round(titlesAdded),
    titles_rows_cpu_s: round(rowsPlain),
    titles_rows_titled_cpu_s: round(rowsTitled),
    titles_rows_added_s: round(rowsAdded),
    watermark_products: WM_PRODUCTS,
    watermark_images: composed,
    watermark_first_s: round(wmFirst.seconds),
    watermark_first_event_loop_p99_ms: round(wmFirst.p99),
    watermark_cached_s: round(wmAgain.seconds),
    watermark_cached_event_loop_p99_ms: round(wmAgain.p99),
    targets: {
      titles_added_s: 1,
      xlsx_s: 8,
      rss_mb: 300,
      xlsx_vs_bare: 1.5,
      txt_s: 3,
      p99_ms: 50,
      watermark_first_s: 15,
      watermark_cached_s: 2,
    },
  };
  // The barcode figures (docs/listing-tools.md#figures), on this database: bench/barcodes.ts.
  const barcodes = await barcodeFigures(services, { quick, log });
  console.log(JSON.stringify({ ...figures, barcodes }));
  if (!barcodes.ok) process.exitCode = 1;
} finally {
  await services.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

function round(x: number) {
  return Math.round(x * 100) / 100;
}
