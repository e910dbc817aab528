import fs from 'node:fs';
import * as XLSX from '@e965/xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { message, routes } from '@app/contract';
import { parseDesign, serializeDesign } from '@app/design';
import { batchDesignSpreadsheet, oneAreaDesign, textLayer } from '@app/design/fixtures';
import { buildTestApp, type TestApp } from './helper.js';
import { multipart } from './support/multipart.js';
import { rowCount, importTestTshirt } from './support/rows.js';
import { manyRowSheet, zipBomb } from './support/craftedXlsx.js';

/** The Excel batch design (docs/domain.md#excel-batch-design) with spreadsheets saved by LibreOffice. */
let app: TestApp;
let productId: number;
let attrId: number;

async function parse(data: Buffer, filename: string, as = 'demo-a') {
  const form = multipart([{ name: 'file', filename, data }]);
  return app.call({ method: 'POST', url: '/api/finished/batchDesign/parse', payload: form.payload, headers: form.headers, as });
}
const fixture = (name: Parameters<typeof batchDesignSpreadsheet>[0]) => fs.readFileSync(batchDesignSpreadsheet(name));

const design = (...texts: string[]) =>
  serializeDesign(oneAreaDesign(texts.map((text, i) => textLayer(text, { id: `t${i}`, y: 200 + 80 * i }))));
async function template(as: string, ...texts: string[]) {
  const res = await app.api(routes.synthesisCreate, { as, body: { product_id: productId, attr_id: attrId, extends: design(...texts) } });
  return res.data;
}
const finishedCount = () => rowCount(app, 'finished');

beforeAll(async () => {
  app = await buildTestApp({ composeThreads: 1 });
  ({ productId, attrId } = await importTestTshirt(app));
}, 60_000);
afterAll(async () => {
  await app.close();
});

describe('reading the sheet (POST /api/finished/batchDesign/parse)', () => {
  for (const ext of ['xls', 'xlsx'] as const) {
    it(`.${ext}: 号码 and 姓名 of the first sheet, numbers kept as text`, async () => {
      const res = await parse(fixture(`jersey-5.${ext}`), `球队名单.${ext}`);
      expect(res.json(), res.body).toMatchObject({ code: 1, data: { total: 5, truncated: false } });
      const rows = res.json().data.rows as { number: string; name: string }[];
      expect(rows).toHaveLength(5);
      expect(rows[0]!.number).toBe('01');
      for (const r of rows) {
        expect(r.number).toMatch(/^\d+$/);
        expect(r.name.length).toBeGreaterThan(0);
      }
    });

    it(`.${ext}: 25 rows → the first 20, with the truncation flag`, async () => {
      const res = await parse(fixture(`jersey-25.${ext}`), `jersey-25.${ext}`);
      expect(res.json().data).toMatchObject({ total: 25, truncated: true });
      expect(res.json().data.rows).toHaveLength(20);
    });

    it(`.${ext}: a header without rows → excel无有效数据`, async () => {
      const res = await parse(fixture(`jersey-empty.${ext}`), `jersey-empty.${ext}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe('excel无有效数据');
    });
  }

  it('refuses anything but a real .xls or .xlsx: 上传格式不正确，请上传xls或者xlsx格式', async () => {
    for (const [data, name] of [
      [Buffer.from('号码,姓名\n1,张三\n'), 'list.csv'],
      [Buffer.from('not a spreadsheet at all'), 'renamed.xlsx'],
      [Buffer.from('not a spreadsheet at all'), 'renamed.xls'],
      [fixture('jersey-5.xlsx'), 'jersey.txt'],
      [fixture('jersey-5.xls'), 'jersey.xlsx'],
    ] as const) {
      const res = await parse(data, name);
      expect(res.statusCode, name).toBe(400);
      expect(res.json().msg, name).toBe('上传格式不正确，请上传xls或者xlsx格式');
    }
  });
});

/**
 * Hostile sheets (docs/security.md): what one seller's upload must not do to every other seller.
 * What they cost in memory and event-loop delay are figures, measured by `npm run bench:abuse`, not
 * asserted here: a test's timing depends on how busy the machine is (docs/testing.md).
 */
describe('hostile sheets', () => {
  /** Another seller asking for the help contact until `done`: every answer's status. */
  async function otherSeller(done: () => boolean) {
    const statuses: number[] = [];
    do {
      statuses.push((await app.call({ method: 'GET', url: '/api/help/contact', as: 'demo-b' })).statusCode);
      await new Promise((r) => setImmediate(r));
    } while (!done());
    return statuses;
  }
  /** Uploads `file` a few times in a row while another seller keeps asking: the uploads' answers and the other seller's. */
  async function uploadUnderLoad(file: Buffer, filename: string) {
    let done = false;
    const other = otherSeller(() => done);
    const answers = [];
    try {
      for (let i = 0; i < 3; i++) answers.push(await parse(file, filename));
    } finally {
      done = true;
    }
    return { answers, others: await other };
  }

  it('a zip bomb (1 GiB of zeros in ~1 MB) is refused while inflating, whatever its headers say: excel文件过大或已损坏; others are answered meanwhile', async () => {
    // 'lie': both headers say 1,000 bytes (a check of declared sizes lets it through to the spreadsheet
    // library); 'truth': they say 1 GiB, so only counting what is inflated stops it.
    for (const declared of ['lie', 'truth'] as const) {
      const bomb = zipBomb(fixture('jersey-5.xlsx'), { mib: 1024, declared });
      const { answers, others } = await uploadUnderLoad(bomb, `bomb-${declared}.xlsx`);
      expect(answers).toHaveLength(3);
      for (const res of answers) {
        expect(res.statusCode, res.body).toBe(413);
        expect(res.json()).toMatchObject({ code: 0, msg: message('excelTooBig') });
      }
      expect(others.length).toBeGreaterThan(0);
      expect(others.every((status) => status === 200)).toBe(true);
    }
  });

  it('a legal sheet of a million rows (~300 KB) is read off the event loop: other requests answer meanwhile', async () => {
    const { answers, others } = await uploadUnderLoad(manyRowSheet(fixture('jersey-5.xlsx'), 1_000_000), 'million.xlsx');
    // Read up to its 2,000th row as before: the first 20 kept, `total` counted among those rows.
    expect(answers).toHaveLength(3);
    for (const res of answers) {
      expect(res.json(), res.body).toMatchObject({ code: 1, data: { total: 1999, truncated: true } });
      expect(res.json().data.rows).toHaveLength(20);
      expect(res.json().data.rows[1]).toEqual({ number: '1', name: '张三' });
    }
    expect(others.length).toBeGreaterThan(0);
    expect(others.every((status) => status === 200)).toBe(true);
  });
  it('a long sheet written with namespace prefixes (x:row) is cut after its 2,000th row the same way', async () => {
    const res = await parse(manyRowSheet(fixture('jersey-5.xlsx'), 5000, { prefix: 'x:' }), 'prefixed.xlsx');
    expect(res.json(), res.body).toMatchObject({ code: 1, data: { total: 1999, truncated: true } });
    expect(res.json().data.rows[0]).toEqual({ number: '0', name: '张三' });
  });
});

describe('starting the batch (POST /api/finished/batchDesign)', () => {
  it('makes one finished product per row with NO. and 姓名 replaced, each composed', async () => {
    const t = await template('demo-a', 'NO.', '姓名', 'TEAM');
    await app.queue.drain();
    const rows = (await parse(fixture('jersey-5.xlsx'), 'jersey-5.xlsx')).json().data.rows as { number: string; name: string }[];
    const res = await app.api(routes.batchDesign, { as: 'demo-a', body: { key_id: t.key_id, rows } });
    expect(res.body, res.text).toMatchObject({ code: 1 });
    const list = res.data.list;
    expect(list.map((l) => [l.number, l.name])).toEqual(rows.map((r) => [r.number, r.name]));
    await app.queue.drain();
    for (const item of list) {
      const record = (await app.api(routes.designLayerlog, { as: 'demo-a', body: { key_id: item.key_id } })).data;
      expect(parseDesign(record.layerdata).areas[0]!.layers.map((l) => l.text)).toEqual([item.number, item.name, 'TEAM']);
      const job = (await app.api(routes.jobStatus, { as: 'demo-a', query: { task_id: item.task_id } })).data.list[0];
      expect(job!.status).toBe('done');
    }
  });

  it("names each product by its row: the 号码 and 姓名 in the product name (the blank's name) and the export name (its English name)", async () => {
    const t = await template('demo-a', 'NO.', '姓名');
    const rows = [
      { number: '07', name: '张三' },
      { number: '10', name: '李四' },
      { number: '', name: '王五' },
    ];
    const res = await app.api(routes.batchDesign, { as: 'demo-a', body: { key_id: t.key_id, rows } });
    expect(res.body, res.text).toMatchObject({ code: 1 });
    await app.queue.drain();
    const names = [];
    for (const item of res.data.list) {
      const answer = await app.api(routes.finishedDetail, { as: 'demo-a', query: { id: item.id } });
      expect(answer.body, answer.text).toMatchObject({ code: 1 });
      const detail = answer.data;
      const row = detail.parent_info;
      expect(row.export_name).toContain(item.name);
      expect(row.export_name).toContain(item.number);
      for (const attr of detail.child_info.flatMap((c) => c.attrs)) expect(attr.export_name).toBe(row.export_name);
      names.push(row.export_name);
    }
    expect(new Set(names).size).toBe(rows.length);
    // The listing title is English: the blank's English name and the row (docs/domain.md#excel-batch-design).
    expect(names).toEqual(rows.map((r) => ['Classic Cotton Crew Neck T-Shirt', r.number, r.name].filter(Boolean).join(' ')));
    const listed = (await app.api(routes.finishedList, { as: 'demo-a', query: { pageSize: 50 } })).data.list;
    const productNames = res.data.list.map((item) => listed.find((r) => r.id === item.id)?.product_name);
    expect(productNames).toEqual(rows.map((r) => ['经典纯棉圆领T恤', r.number, r.name].filter(Boolean).join(' ')));
  });

  it("a batch product goes out with an English title: the sheet's 标题 column, else the blank's English name and the row", async () => {
    const sheet = XLSX.utils.aoa_to_sheet([
      ['号码', '姓名', 'Title'],
      ['10', 'MESSI', 'Custom Messi 10 Football Shirt'],
      ['7', 'RONALDO', ''],
    ]);
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, sheet, 'Sheet1');
    const parsed = await parse(Buffer.from(XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Uint8Array), 'team.xlsx');
    expect(parsed.json(), parsed.body).toMatchObject({
      code: 1,
      data: {
        rows: [
          { number: '10', name: 'MESSI', title: 'Custom Messi 10 Football Shirt' },
          { number: '7', name: 'RONALDO' },
        ],
      },
    });
    const t = await template('demo-a', 'NO.', '姓名');
    const res = await app.api(routes.batchDesign, { as: 'demo-a', body: { key_id: t.key_id, rows: parsed.json().data.rows } });
    expect(res.body, res.text).toMatchObject({ code: 1 });
    await app.queue.drain();
    const titles = [];
    for (const item of res.data.list)
      titles.push((await app.api(routes.finishedDetail, { as: 'demo-a', query: { id: item.id } })).data.parent_info.export_name);
    expect(titles).toEqual(['Custom Messi 10 Football Shirt', 'Classic Cotton Crew Neck T-Shirt 7 RONALDO']);
    // What the marketplaces get: the variant info's title (the publish) is that English title.
    const info = await app.api(routes.aliexpressVariantInfo, { as: 'demo-a', body: { exportProducts: res.data.list.map((i) => i.id) } });
    expect(info.data.list.map((l) => l.parentInfo.title)).toEqual(titles);
  });

  it('a template without a placeholder text layer: 遮罩中无对应有效的文本图层, nothing made', async () => {
    const t = await template('demo-a', 'NO PLACEHOLDER');
    const before = await finishedCount();
    const res = await app.api(routes.batchDesign, { as: 'demo-a', body: { key_id: t.key_id, rows: [{ number: '1', name: 'A' }] } });
    expect(res.body).toMatchObject({ code: 0, msg: '遮罩中无对应有效的文本图层' });
    expect(await finishedCount()).toBe(before);
  });

  it('another family’s template, empty or too many rows: refused, nothing made', async () => {
    const t = await template('demo-a', 'NO.');
    const before = await finishedCount();
    const foreign = await app.api(routes.batchDesign, { as: 'demo-b', body: { key_id: t.key_id, rows: [{ number: '1', name: 'A' }] } });
    expect(foreign.status).toBe(404);
    expect(foreign.body.msg).toBe('请登录对应账号重新设计');
    const none = await app.api(routes.batchDesign, { as: 'demo-a', body: { key_id: t.key_id, rows: [] } });
    expect(none.status).toBe(400);
    const many = Array.from({ length: 21 }, (_, i) => ({ number: String(i), name: 'x' }));
    expect((await app.api(routes.batchDesign, { as: 'demo-a', body: { key_id: t.key_id, rows: many } })).status).toBe(400);
    expect(await finishedCount()).toBe(before);
  });
});
