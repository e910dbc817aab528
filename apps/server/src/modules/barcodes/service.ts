import {
  BARCODE_MAKER_NAME_MAX,
  BARCODE_REPORT_MAX,
  message,
  type BarcodeImportAnswer,
  type BarcodeMaker,
  type BarcodeMakerKind,
  type GeneratedType,
  type Lang,
  type ParsedBodyOf,
  type ParsedQueryOf,
  type routes,
} from '@app/contract';
import { isUniqueViolation } from '../../db/text.js';
import type { Caller } from '../../http/auth.js';
import { AppError } from '../../http/errors.js';
import type { BarcodeRepo } from './repo.js';
import type { CheckedLines } from './lines.js';
import { capacityOf, createGenerator } from './generate.js';
import { storeCodes } from './store.js';

/**
 * Barcode makers and their codes (docs/listing-tools.md#barcodes): the list with counts, enable/disable,
 * import (paste or file, read and checked on a parsing thread), generation from a GS1 prefix, the codes list
 * and their status. Scoped like every owned row: another family's id answers 404 like a missing one.
 */
export function createBarcodeService(deps: {
  repo: BarcodeRepo;
  /** Reads and checks an import's lines on a parsing thread (codesWorker.ts). */
  readCodes: (task: { text: string } | { file: Buffer; filename: string }) => Promise<CheckedLines>;
  /** Builds a generation's codes on a parsing thread (codesWorker.ts). */
  makeCodes: Parameters<typeof createGenerator>[0]['makeCodes'];
  /** The names of shops by id (the shops module's). */
  shopNames: (ids: number[]) => Promise<Map<number, string>>;
  now: () => number;
}) {
  const { repo, now } = deps;

  /** The accounts whose codes an import and a generation compare with: the scope's, and a sub-account's parent's. */
  const familyOf = (caller: Caller) => (caller.parentId === null ? caller.scope.accountIds : [...caller.scope.accountIds, caller.parentId]);

  async function makerInScope(caller: Caller, id: number) {
    const m = await repo.makerInScope(caller.scope, id);
    if (!m) throw new AppError(404, 'barcodeMakerNotFound');
    return m;
  }

  function checkName(raw: string | undefined): string {
    const name = (raw ?? '').trim();
    if (!name) throw new AppError(400, 'barcodeMakerNameEmpty');
    if ([...name].length > BARCODE_MAKER_NAME_MAX) throw new AppError(400, 'barcodeMakerNameTooLong', { max: BARCODE_MAKER_NAME_MAX });
    return name;
  }

  /** A new maker of the caller's (its name unique among the caller's makers). */
  async function newMaker(
    caller: Caller,
    kind: BarcodeMakerKind,
    rawName: string | undefined,
    extra: { prefix?: string; code_type?: string },
  ) {
    const name = checkName(rawName);
    const taken = () => new AppError(409, 'barcodeMakerNameTaken', { name });
    if (await repo.nameTaken(caller.id, name)) throw taken();
    try {
      return (await repo.insertMaker({ owner_id: caller.id, name, kind, ...extra, created_at: now() })).id;
    } catch (e) {
      if (isUniqueViolation(e)) throw taken();
      throw e;
    }
  }

  async function makers(caller: Caller, q: ParsedQueryOf<typeof routes.barcodeMakerList>): Promise<{ list: BarcodeMaker[] }> {
    const rows = await repo.makers(caller.scope, q.status);
    const counts = await repo.counts(rows.map((r) => r.id));
    const countOf = (id: number, status: string) => counts.find((c) => c.maker_id === id && c.status === status)?.n ?? 0;
    return {
      list: rows.map((r) => ({
        id: r.id,
        name: r.name,
        kind: r.kind,
        prefix: r.prefix,
        code_type: r.code_type,
        next_ref: r.next_ref,
        capacity: r.kind === 'generator' ? capacityOf(r.prefix, r.code_type as GeneratedType) : 0,
        status: r.status,
        free: countOf(r.id, 'free'),
        used: countOf(r.id, 'used'),
        void: countOf(r.id, 'void'),
        createtime: Math.floor(r.created_at / 1000),
        username: r.username,
      })),
    };
  }

  async function setMakerStatus(caller: Caller, body: ParsedBodyOf<typeof routes.barcodeMakerStatus>) {
    const ids = [...new Set(body.ids.split(',').map(Number))];
    return repo.inTransaction(async (r) => {
      // All or nothing: one id outside the caller's scope (or gone) and nothing changes.
      if ((await r.setMakerStatus(caller.scope, ids, body.status)) !== ids.length) throw new AppError(404, 'barcodeMakerNotFound');
      return { updated: ids.length };
    });
  }

  /**
   * Deletes a maker and its codes never handed out (docs/listing-tools.md#barcodes). Refused while a shop draws
   * from it (naming the shops), and while any of its codes was handed out: those are printed on listings and
   * stay with their variants, and a code keeps its maker (disabling it stops new codes). Checked again after
   * the codes are removed, in the same transaction: a claim that took codes meanwhile refuses the deletion.
   * The maker's row is read first, locked (PostgreSQL): an import or a generation storing codes into it ends
   * first and its codes are removed too, or starts after and is told the maker is gone (no code outlives it).
   */
  async function deleteMaker(caller: Caller, body: ParsedBodyOf<typeof routes.barcodeMakerDel>) {
    return repo.inTransaction(async (r) => {
      const m = await r.makerInScope(caller.scope, body.id, true);
      if (!m) throw new AppError(404, 'barcodeMakerNotFound');
      const shops = await r.shopsNaming(m.id);
      if (shops.length > 0)
        throw new AppError(409, 'barcodeMakerDelShops', { maker: m.name, shops: shops.map((n) => `“${n}”`).join(', ') });
      const refuseUsed = (count: number) => new AppError(409, 'barcodeMakerDelUsed', { maker: m.name, count });
      const handed = await r.handedOut(m.id);
      if (handed > 0) throw refuseUsed(handed);
      const codes = await r.removeUnhanded(m.id);
      const left = await r.handedOut(m.id);
      if (left > 0) throw refuseUsed(left);
      await r.removeMaker(m.id);
      return { deleted: 1, codes };
    });
  }

  /**
   * Imports codes into a pool, new (`name`) or the caller's (`maker_id`): the valid lines are stored, each
   * refused line is reported with its number and why (partial import: a file fixed and imported again adds
   * what was missing, its lines already in the pool reported as such).
   */
  async function importCodes(
    caller: Caller,
    lang: Lang,
    target: { maker_id?: number | undefined; name?: string | undefined },
    source: { text: string } | { file: Buffer; filename: string },
  ): Promise<BarcodeImportAnswer> {
    let makerId = target.maker_id;
    if (makerId !== undefined) {
      const m = await makerInScope(caller, makerId);
      if (m.kind !== 'pool') throw new AppError(400, 'barcodeMakerNotPool', { name: m.name });
    } else checkName(target.name);
    const checked = await deps.readCodes(source);
    if (checked.codes.length === 0 && checked.refusedCount === 0) throw new AppError(400, 'barcodeImportEmpty');
    makerId ??= await newMaker(caller, 'pool', target.name, {});
    // Deleted while the lines were read: told so (storeCodes checks again in its transaction).
    const ownerId = (await repo.makerById(makerId))?.owner_id;
    if (ownerId === undefined) throw new AppError(404, 'barcodeMakerNotFound');
    const stored = await storeCodes(repo, { ownerId, makerId, family: familyOf(caller), lines: checked.lines, codes: checked.codes });
    const refused = [...checked.refused, ...stored.refused].sort((a, b) => a.line - b.line);
    return {
      maker_id: makerId,
      added: stored.added,
      refused_count: checked.refusedCount + stored.refusedCount,
      refused: refused.slice(0, BARCODE_REPORT_MAX).map((r) => ({
        line: r.line,
        text: r.text,
        reason: message(r.key, lang, r.params),
      })),
    };
  }

  const generator = createGenerator({ repo, now, makerInScope, checkName, familyOf, makeCodes: deps.makeCodes });

  async function codes(caller: Caller, q: ParsedQueryOf<typeof routes.barcodeList>) {
    const { pageNumber, pageSize } = q;
    if (q.maker_id !== undefined) await makerInScope(caller, q.maker_id);
    const { rows, count } = await repo.page(
      caller.scope,
      { makerId: q.maker_id, status: q.status, code: q.code },
      pageSize,
      (pageNumber - 1) * pageSize,
    );
    const names = await deps.shopNames([...new Set(rows.map((r) => r.store_id).filter((id): id is number => id !== null))]);
    return {
      count,
      list: rows.map((r) => ({
        id: r.id,
        code: r.code,
        type: r.type,
        status: r.status,
        maker_id: r.maker_id,
        maker_name: r.maker_name,
        store_id: r.store_id ?? 0,
        store_name: r.store_id === null ? '' : (names.get(r.store_id) ?? ''),
        key_id: r.key_id,
        used_at: Math.floor(r.used_at / 1000),
      })),
    };
  }

  async function setCodeStatus(caller: Caller, body: ParsedBodyOf<typeof routes.barcodeStatus>) {
    const ids = [...new Set(body.ids.split(',').map(Number))];
    return repo.inTransaction(async (r) => {
      const found = await r.codesInScope(caller.scope, ids);
      // All or nothing: one id outside the caller's scope (or gone) and nothing changes.
      if (found.length !== ids.length) throw new AppError(404, 'barcodeNotFound');
      await r.setStatus(ids, body.status, now());
      return { updated: ids.length };
    });
  }

  /** One of the scope's codes, for its image; another family's code answers 404 like an unknown one. */
  async function codeForImage(caller: Caller, code: string) {
    const row = await repo.codeInScope(caller.scope, code);
    if (!row) throw new AppError(404, 'barcodeNotFound');
    return row;
  }

  /** Whether one of the scope's makers has this id (a shop's setting names it). */
  const makerExists = async (caller: Caller, id: number) => (await repo.makerInScope(caller.scope, id)) !== undefined;

  return {
    makers,
    setMakerStatus,
    deleteMaker,
    importCodes,
    generate: generator.generate,
    codes,
    setCodeStatus,
    codeForImage,
    makerExists,
  };
}
export type BarcodeService = ReturnType<typeof createBarcodeService>;
