import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BARCODE_IMPORT_MAX, generatedCode, readGtin, routes, type BodyOf } from '@app/contract';
import { buildTestApp, type TestApp } from './helper.js';
import { multipart } from './support/multipart.js';

/** Barcode makers and codes (/barcode_makers/*; docs/listing-tools.md#barcodes), on SQLite and PostgreSQL. */
let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp({ runJobs: false });
  await app.call({ method: 'POST', url: '/api/user/register', payload: { username: 'rival', password: 'rival-pass-123' } });
});
afterAll(async () => {
  await app.close();
});

const ok = async <T extends { body: { code: number }; text: string }>(res: Promise<T>) => {
  const r = await res;
  expect(r.body.code, r.text).toBe(1);
  return r;
};
const refused = async (res: Promise<{ status: number; body: { code: number; msg: string } }>, status: number, msg: string | RegExp) => {
  const r = await res;
  expect(r.status).toBe(status);
  expect(r.body.code).toBe(0);
  expect(r.body.msg).toMatch(msg);
};
const importCodes = async (as: string, body: BodyOf<typeof routes.barcodeImport>) =>
  (await ok(app.api(routes.barcodeImport, { as, body }))).data;
/** importBarcodeFile: a file and the maker fields, as the page's upload sends them. */
const upload = (as: string, fields: Record<string, string>, filename: string, data: Buffer, lang = 'zh') => {
  const body = multipart([...Object.entries(fields).map(([name, value]) => ({ name, value })), { name: 'file', filename, data }]);
  return app.call({
    method: 'POST',
    url: routes.barcodeImportFile.path,
    as,
    payload: body.payload,
    headers: { ...body.headers, 'accept-language': lang },
  });
};
const makers = async (as: string) => (await app.api(routes.barcodeMakerList, { as })).data.list;
const makerNamed = async (as: string, name: string) => (await makers(as)).find((m) => m.name === name)!;

describe('GTIN check digits', () => {
  it('accepts published examples and refuses a wrong check digit, a wrong length and letters', () => {
    // EAN-13 of a German product (GS1's example), UPC-A of a US one, GTIN-14 from GS1's case example.
    expect(readGtin('4006381333931')).toEqual({ code: '4006381333931', type: 'EAN' });
    expect(readGtin('036000291452')).toEqual({ code: '036000291452', type: 'UPC' });
    expect(readGtin('10614141000415')).toEqual({ code: '10614141000415', type: 'GTIN' });
    expect(readGtin('4 006381 333931')).toEqual({ code: '4006381333931', type: 'EAN' });
    expect(readGtin('4006381333932')).toEqual({ problem: 'checkDigit' });
    expect(readGtin('036000291453')).toEqual({ problem: 'checkDigit' });
    expect(readGtin('40063813339')).toEqual({ problem: 'length' });
    expect(readGtin('40063813339X1')).toEqual({ problem: 'chars' });
    // Generated codes carry the check digit GS1 computes: 400638133393 + 1.
    expect(generatedCode('4006381', 'EAN', 33393)).toBe('4006381333931');
  });
});

describe('importing codes', () => {
  it('stores the valid lines of a paste and reports each refused line with its number and why', async () => {
    const res = await importCodes('demo', {
      name: '美国 UPC 池',
      codes: ['4006381333931', '', '036000291452', '4006381333932', 'abc', '40063813339', '0036000291452', ' 4006381333931 '].join('\n'),
    });
    expect(res.added).toBe(2);
    expect(res.refused_count).toBe(5);
    expect(res.refused).toEqual([
      { line: 4, text: '4006381333932', reason: '校验位错误' },
      { line: 5, text: 'abc', reason: '只能是数字' },
      { line: 6, text: '40063813339', reason: expect.stringMatching(/^位数不对/) },
      // A UPC-A and its EAN-13 form are one GTIN.
      { line: 7, text: '0036000291452', reason: '与第 3 行重复' },
      { line: 8, text: '4006381333931', reason: '与第 1 行重复' },
    ]);
    const m = await makerNamed('demo', '美国 UPC 池');
    expect(m).toMatchObject({ kind: 'pool', status: 1, free: 2, used: 0, void: 0, username: 'demo' });
  });

  it('refuses codes already in the account family’s pools, naming the pool, and adds the rest to the same pool', async () => {
    const m = await makerNamed('demo', '美国 UPC 池');
    // A sub-account's import is compared with its parent's pools too.
    const res = await importCodes('demo-a', { name: 'A 的池', codes: '036000291452\n5901234123457' });
    expect(res.added).toBe(1);
    expect(res.refused).toEqual([{ line: 1, text: '036000291452', reason: '已在条码来源“美国 UPC 池”中' }]);
    const more = await importCodes('demo', { maker_id: m.id, codes: '5901234123457\n9780201379624' });
    // The parent sees its sub-account's pool: 5901234123457 is held there.
    expect(more.added).toBe(1);
    expect(more.refused[0]).toMatchObject({ line: 1, reason: '已在条码来源“A 的池”中' });
    expect((await makerNamed('demo', '美国 UPC 池')).free).toBe(3);
  });

  it('reads the codes column of an .xlsx (numbers and text, header found by name) and of a .csv', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('codes');
    ws.addRow(['SKU', 'Barcode']);
    ws.addRow(['a', '0012345678905']);
    // A number cell: a UPC-A whose leading zero Excel dropped is the same GTIN.
    ws.addRow(['b', 12345678905]);
    ws.addRow(['c', 4012345000009]);
    ws.addRow(['d', '']);
    ws.addRow(['e', '4012345000008']);
    const xlsx = Buffer.from(await wb.xlsx.writeBuffer());
    const res = await upload('demo', { name: 'Excel 池' }, 'codes.xlsx', xlsx);
    const body = res.json();
    expect(body.code, res.body).toBe(1);
    expect(body.data.added).toBe(2);
    expect(body.data.refused).toEqual([
      { line: 3, text: '012345678905', reason: '与第 2 行重复' },
      { line: 6, text: '4012345000008', reason: '校验位错误' },
    ]);
    const csv = Buffer.from('\uFEFFcode;note\n="0614141000036";x\n4006381333931;dup\n');
    const r2 = (await upload('demo', { name: 'CSV pool' }, 'codes.csv', csv, 'en')).json();
    expect(r2.data.added).toBe(1);
    expect(r2.data.refused).toEqual([{ line: 3, text: '4006381333931', reason: 'Already in the barcode maker “美国 UPC 池”' }]);
  });

  it('refuses what is not an import, leaving nothing behind', async () => {
    const before = (await makers('demo')).length;
    await refused(
      app.api(routes.barcodeImport, { as: 'demo', body: { name: 'Empty', codes: ' \n\n' } }),
      400,
      '没有可导入的条码，请每行填写一个',
    );
    await refused(app.api(routes.barcodeImport, { as: 'demo', body: { codes: '4006381333931' } }), 400, '请填写条码来源的名称');
    await refused(app.api(routes.barcodeImport, { as: 'demo', body: { name: '美国 UPC 池', codes: '9501101530003' } }), 409, /已有名为/);
    await refused(
      app.api(routes.barcodeImport, { as: 'demo', body: { maker_id: 999_999, codes: '9501101530003' } }),
      404,
      '找不到该条码来源',
    );
    const res = await upload('demo', { name: 'Bad' }, 'codes.pdf', Buffer.from('%PDF-1.4'));
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('请上传 .xlsx 或 .csv 文件');
    const tooMany = Array.from({ length: BARCODE_IMPORT_MAX + 2 }, () => '1').join('\n');
    await refused(
      app.api(routes.barcodeImport, { as: 'demo', body: { name: 'Many', codes: tooMany } }),
      400,
      `一次最多导入 ${BARCODE_IMPORT_MAX} 个条码，当前 ${BARCODE_IMPORT_MAX + 2} 行`,
    );
    expect((await makers('demo')).length).toBe(before);
  });
});

describe('generating codes from a GS1 company prefix', () => {
  it('makes N codes with computed check digits from running item references, then more from where it stopped', async () => {
    const res = (
      await ok(
        app.api(routes.barcodeCreate, { as: 'demo', body: { name: '自有前缀', prefix: '6901234', code_type: 'EAN', start: 10, count: 5 } }),
      )
    ).data;
    expect(res).toMatchObject({ added: 5, skipped: 0, next_ref: 15 });
    const list = (await app.api(routes.barcodeList, { as: 'demo', query: { maker_id: res.maker_id } })).data.list;
    expect(list.map((c) => c.code)).toEqual(['6901234000108', '6901234000115', '6901234000122', '6901234000139', '6901234000146']);
    expect(list.every((c) => c.type === 'EAN' && c.status === 'free')).toBe(true);
    const more = (await ok(app.api(routes.barcodeCreate, { as: 'demo', body: { maker_id: res.maker_id, count: 2 } }))).data;
    expect(more).toMatchObject({ added: 2, next_ref: 17 });
    const m = (await makers('demo')).find((x) => x.id === res.maker_id)!;
    expect(m).toMatchObject({ kind: 'generator', prefix: '6901234', code_type: 'EAN', next_ref: 17, capacity: 100_000, free: 7 });
  });

  it('refuses when the prefix runs out, a start below the next reference, a bad prefix and a pool', async () => {
    const small = (
      await ok(app.api(routes.barcodeCreate, { as: 'demo', body: { name: '小前缀', prefix: '0614141123', code_type: 'UPC', count: 8 } }))
    ).data;
    // A 10-digit prefix of a UPC-A leaves one digit of item reference: 10 codes in all.
    await refused(
      app.api(routes.barcodeCreate, { as: 'demo', body: { maker_id: small.maker_id, count: 3 } }),
      409,
      '厂商识别码 0614141123 的项目代码已不够：还可生成 2 个，本次需要 3 个',
    );
    await refused(app.api(routes.barcodeCreate, { as: 'demo', body: { maker_id: small.maker_id, start: 2, count: 1 } }), 400, /不能小于 8/);
    await refused(
      app.api(routes.barcodeCreate, { as: 'demo', body: { name: 'x', prefix: '12a45', code_type: 'EAN', count: 1 } }),
      400,
      /厂商识别码须为/,
    );
    await refused(app.api(routes.barcodeCreate, { as: 'demo', body: { prefix: '6901234', count: 1 } }), 400, /需要名称/);
    const pool = await makerNamed('demo', '美国 UPC 池');
    await refused(app.api(routes.barcodeCreate, { as: 'demo', body: { maker_id: pool.id, count: 1 } }), 400, /导入的条码池/);
    await refused(
      app.api(routes.barcodeImport, { as: 'demo', body: { maker_id: small.maker_id, codes: '9501101530003' } }),
      400,
      /按前缀生成/,
    );
  });
});

describe('two generations at once', () => {
  const create = (body: BodyOf<typeof routes.barcodeCreate>) => app.api(routes.barcodeCreate, { as: 'demo', body });
  const codesOf = async (makerId: number) =>
    (await app.api(routes.barcodeList, { as: 'demo', query: { maker_id: makerId, pageSize: 200 } })).data.list.map((c) => c.code);

  it('of one maker both succeed with disjoint references, no code made twice', async () => {
    const gen = (await ok(create({ name: '并发前缀', prefix: '6923456', code_type: 'EAN', count: 1 }))).data;
    const [a, b] = await Promise.all([
      ok(create({ maker_id: gen.maker_id, count: 40 })),
      ok(create({ maker_id: gen.maker_id, count: 40 })),
    ]);
    expect([a.data.next_ref, b.data.next_ref].sort((x, y) => x - y)).toEqual([41, 81]);
    expect(a.data.added + b.data.added).toBe(80);
    const codes = await codesOf(gen.maker_id);
    expect(codes.length).toBe(81);
    expect(new Set(codes).size).toBe(81);
    expect((await makerNamed('demo', '并发前缀')).next_ref).toBe(81);
  });

  it('from the same given start: one succeeds, the other is told the references were made', async () => {
    const gen = (await ok(create({ name: '同起点', prefix: '6923457', code_type: 'EAN', count: 1 }))).data;
    const answers = await Promise.all([
      create({ maker_id: gen.maker_id, start: 5, count: 10 }),
      create({ maker_id: gen.maker_id, start: 5, count: 10 }),
    ]);
    expect(answers.map((r) => r.body.code).sort()).toEqual([0, 1]);
    const loser = answers.find((r) => r.body.code === 0)!;
    expect(loser.status).toBe(400);
    expect(loser.body.msg).toBe('起始项目代码不能小于 15（之前的已生成）');
    expect((await codesOf(gen.maker_id)).length).toBe(11);
  });

  it('creating one generator by name: one is made, the other is told the name is taken', async () => {
    const body = { name: '同名生成', prefix: '6923458', code_type: 'EAN' as const, count: 30 };
    const answers = await Promise.all([create(body), create(body)]);
    expect(answers.map((r) => r.body.code).sort()).toEqual([0, 1]);
    expect(answers.find((r) => r.body.code === 0)!.body.msg).toBe('已有名为“同名生成”的条码来源');
    const m = await makerNamed('demo', '同名生成');
    expect(m).toMatchObject({ free: 30, next_ref: 30 });
  });

  it('two new generators of one prefix: the codes are made once, the other passes them over', async () => {
    const [a, b] = await Promise.all([
      ok(create({ name: '前缀甲', prefix: '6923459', code_type: 'EAN', count: 25 })),
      ok(create({ name: '前缀乙', prefix: '6923459', code_type: 'EAN', count: 25 })),
    ]);
    expect([a.data.added, b.data.added].sort((x, y) => x - y)).toEqual([0, 25]);
    expect([a.data.skipped, b.data.skipped].sort((x, y) => x - y)).toEqual([0, 25]);
    const all = [...(await codesOf(a.data.maker_id)), ...(await codesOf(b.data.maker_id))];
    expect(new Set(all).size).toBe(25);
    expect(all.length).toBe(25);
  });
});

describe('the codes list and their status', () => {
  it('filters by maker, status and code, and pages', async () => {
    const gen = await makerNamed('demo', '自有前缀');
    const page = (await app.api(routes.barcodeList, { as: 'demo', query: { maker_id: gen.id, pageSize: 20, code: '00011' } })).data;
    expect(page.list.map((c) => c.code)).toEqual(['6901234000115']);
    const all = (await app.api(routes.barcodeList, { as: 'demo', query: { pageSize: 20 } })).data;
    expect(all.count).toBeGreaterThan(10);
    // A parent lists its sub-accounts' codes too; a sub-account only its own.
    expect(all.list.some((c) => c.maker_name === 'A 的池')).toBe(true);
    expect((await app.api(routes.barcodeList, { as: 'demo-a' })).data.list.map((c) => c.maker_name)).toEqual(['A 的池']);
    await refused(app.api(routes.barcodeList, { as: 'demo', query: { pageSize: 7 as never } }), 400, /pageSize/);
  });

  it('sets codes used, void and free, all or nothing', async () => {
    const gen = await makerNamed('demo', '自有前缀');
    const list = (await app.api(routes.barcodeList, { as: 'demo', query: { maker_id: gen.id } })).data.list;
    const [a, b] = list;
    await ok(app.api(routes.barcodeStatus, { as: 'demo', body: { ids: `${a!.id}`, status: 'used' } }));
    await ok(app.api(routes.barcodeStatus, { as: 'demo', body: { ids: `${b!.id}`, status: 'void' } }));
    const used = (await app.api(routes.barcodeList, { as: 'demo', query: { maker_id: gen.id, status: 'used' } })).data.list;
    expect(used.map((c) => [c.code, c.used_at])).toEqual([[a!.code, Math.floor(app.clock.now / 1000)]]);
    expect((await makerNamed('demo', '自有前缀')).void).toBe(1);
    const rivalCode = (await importCodes('rival', { name: 'R', codes: '9501101530003' })).maker_id;
    const rivalId = (await app.api(routes.barcodeList, { as: 'rival', query: { maker_id: rivalCode } })).data.list[0]!.id;
    await refused(app.api(routes.barcodeStatus, { as: 'demo', body: { ids: `${a!.id},${rivalId}`, status: 'free' } }), 404, '找不到该条码');
    expect((await app.api(routes.barcodeList, { as: 'demo', query: { maker_id: gen.id, status: 'used' } })).data.count).toBe(1);
    await ok(app.api(routes.barcodeStatus, { as: 'demo', body: { ids: `${a!.id},${b!.id}`, status: 'free' } }));
    expect(await makerNamed('demo', '自有前缀')).toMatchObject({ used: 0, void: 0, free: 7 });
  });
});

describe('makers: enable, disable, and another family', () => {
  it('disables and enables makers, all or nothing', async () => {
    const m = await makerNamed('demo', 'CSV pool');
    await ok(app.api(routes.barcodeMakerStatus, { as: 'demo', body: { ids: `${m.id}`, status: 0 } }));
    expect((await makerNamed('demo', 'CSV pool')).status).toBe(0);
    expect((await app.api(routes.barcodeMakerList, { as: 'demo', query: { status: 1 } })).data.list.some((x) => x.id === m.id)).toBe(false);
    const rival = (await makers('rival'))[0]!;
    await refused(
      app.api(routes.barcodeMakerStatus, { as: 'demo', body: { ids: `${m.id},${rival.id}`, status: 1 } }),
      404,
      '找不到该条码来源',
    );
    expect((await makerNamed('demo', 'CSV pool')).status).toBe(0);
  });

  it("answers another family's maker, code and image as missing", async () => {
    const rival = (await makers('rival'))[0]!;
    await refused(app.api(routes.barcodeList, { as: 'demo', query: { maker_id: rival.id } }), 404, '找不到该条码来源');
    await refused(
      app.api(routes.barcodeImport, { as: 'demo', body: { maker_id: rival.id, codes: '4006381333931' } }),
      404,
      '找不到该条码来源',
    );
    await refused(app.api(routes.barcodeCreate, { as: 'demo', body: { maker_id: rival.id, count: 1 } }), 404, '找不到该条码来源');
    const img = await app.call({ method: 'GET', url: `${routes.barcodeImage.path}?code=9501101530003`, as: 'demo' });
    expect(img.statusCode).toBe(404);
    // Not a sub-account's: demo-a sees nothing of its parent's.
    const parents = await makerNamed('demo', '美国 UPC 池');
    await refused(app.api(routes.barcodeList, { as: 'demo-a', query: { maker_id: parents.id } }), 404, '找不到该条码来源');
    expect((await app.call({ method: 'GET', url: routes.barcodeMakerList.path })).statusCode).toBe(401);
  });
});

describe('barcode images', () => {
  it('draws the account’s code as PNG and SVG, and as a download', async () => {
    const png = await app.call({ method: 'GET', url: `${routes.barcodeImage.path}?code=4006381333931&format=png`, as: 'demo' });
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    const svg = await app.call({ method: 'GET', url: `${routes.barcodeImage.path}?code=036000291452&format=svg&download=1`, as: 'demo' });
    expect(svg.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(svg.headers['content-disposition']).toBe('attachment; filename="036000291452.svg"');
    expect(svg.body).toMatch(/^<svg/);
    const bad = await app.call({ method: 'GET', url: `${routes.barcodeImage.path}?code=12ab`, as: 'demo' });
    expect(bad.statusCode).toBe(400);
  });
});

describe("a shop's barcode maker", () => {
  it('is chosen among the caller’s makers and shown with the shop', async () => {
    const shop = (await ok(app.api(routes.storeAdd, { as: 'demo', body: { pid: 1, name: '条码店' } }))).data;
    expect(shop.barcode_maker_id).toBe(0);
    const m = await makerNamed('demo', '自有前缀');
    const set = (await ok(app.api(routes.storeSetBarcodeMaker, { as: 'demo', body: { id: shop.id, maker_id: m.id } }))).data;
    expect(set.barcode_maker_id).toBe(m.id);
    const tree = (await app.api(routes.storeList, { as: 'demo', query: { type: 1 } })).data.list[0]!.stores;
    expect(tree.find((s) => s.id === shop.id)!.barcode_maker_id).toBe(m.id);
    const rival = (await makers('rival'))[0]!;
    await refused(app.api(routes.storeSetBarcodeMaker, { as: 'demo', body: { id: shop.id, maker_id: rival.id } }), 404, '找不到该条码来源');
    const rivalShop = (await ok(app.api(routes.storeAdd, { as: 'rival', body: { pid: 1, name: 'R' } }))).data;
    await refused(app.api(routes.storeSetBarcodeMaker, { as: 'demo', body: { id: rivalShop.id, maker_id: m.id } }), 404, /店铺/);
    await ok(app.api(routes.storeSetBarcodeMaker, { as: 'demo', body: { id: shop.id, maker_id: 0 } }));
  });
});

describe('deleting a maker', () => {
  const del = (as: string, id: number) => app.api(routes.barcodeMakerDel, { as, body: { id } });

  it('removes a maker and its codes never handed out', async () => {
    const gen = (
      await ok(app.api(routes.barcodeCreate, { as: 'demo', body: { name: '待删', prefix: '6925001', code_type: 'EAN', count: 6 } }))
    ).data;
    const [a] = (await app.api(routes.barcodeList, { as: 'demo', query: { maker_id: gen.maker_id } })).data.list;
    // Void before any shop had it: never on a listing, removed with the rest.
    await ok(app.api(routes.barcodeStatus, { as: 'demo', body: { ids: `${a!.id}`, status: 'void' } }));
    expect((await ok(del('demo', gen.maker_id))).data).toEqual({ deleted: 1, codes: 6 });
    expect((await makers('demo')).some((m) => m.id === gen.maker_id)).toBe(false);
    expect((await app.api(routes.barcodeList, { as: 'demo', query: { code: '6925001' } })).data.count).toBe(0);
    await refused(del('demo', gen.maker_id), 404, '找不到该条码来源');
  });

  it('removes a large maker whole', async () => {
    const body = { name: '大批待删', prefix: '6925003', code_type: 'EAN' as const, count: 12_000 };
    const gen = (await ok(app.api(routes.barcodeCreate, { as: 'demo', body }))).data;
    expect((await ok(del('demo', gen.maker_id))).data).toEqual({ deleted: 1, codes: 12_000 });
    expect((await app.api(routes.barcodeList, { as: 'demo', query: { code: '6925003' } })).data.count).toBe(0);
  });

  it('refuses while a shop draws from it, naming the shop, and while a code was handed out', async () => {
    const gen = (
      await ok(app.api(routes.barcodeCreate, { as: 'demo', body: { name: '店铺在用', prefix: '6925002', code_type: 'EAN', count: 3 } }))
    ).data;
    const shop = (await ok(app.api(routes.storeAdd, { as: 'demo', body: { pid: 1, name: '删前店' } }))).data;
    await ok(app.api(routes.storeSetBarcodeMaker, { as: 'demo', body: { id: shop.id, maker_id: gen.maker_id } }));
    await refused(del('demo', gen.maker_id), 409, '条码来源“店铺在用”正被店铺“删前店”使用，请先在店铺设置中换一个再删除');
    await ok(app.api(routes.storeSetBarcodeMaker, { as: 'demo', body: { id: shop.id, maker_id: 0 } }));

    const [a] = (await app.api(routes.barcodeList, { as: 'demo', query: { maker_id: gen.maker_id } })).data.list;
    await ok(app.api(routes.barcodeStatus, { as: 'demo', body: { ids: `${a!.id}`, status: 'used' } }));
    await refused(del('demo', gen.maker_id), 409, /有 1 个条码已用于商品或标记为已用，不能删除/);
    // Nothing was removed: the maker and its three codes are all there.
    expect(await makerNamed('demo', '店铺在用')).toMatchObject({ free: 2, used: 1 });
    await ok(app.api(routes.barcodeStatus, { as: 'demo', body: { ids: `${a!.id}`, status: 'free' } }));
    expect((await ok(del('demo', gen.maker_id))).data).toEqual({ deleted: 1, codes: 3 });
  });

  it("answers another family's maker as missing and leaves it", async () => {
    await importCodes('rival', { name: '对手的池', codes: '9501101530010' });
    const rival = await makerNamed('rival', '对手的池');
    await refused(del('demo', rival.id), 404, '找不到该条码来源');
    expect((await makers('rival')).some((m) => m.id === rival.id)).toBe(true);
  });
});
