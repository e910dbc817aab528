import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Lang } from '@app/contract';
import { nextTurn } from '../../eventLoop.js';
import type { JobContext, JobKind } from '../../jobs/queue.js';
import type { BlobStorage } from '../../storage/blobStorage.js';
import type { AccountRepo } from '../accounts/index.js';
import type { BillQueries } from './billQueries.js';
import type { BillService } from './bills.js';
import type { BillExportParams, BillExportRepo } from './billExports.js';
import { BILL_TYPE } from './queries.js';

/** Lines read and written per page: memory holds one page, never the whole result (docs/orders.md#export). */
export const BILL_EXPORT_PAGE = 2000;

/** The header rows in the seller's language; the time column says its zone, as the file has no other place to. */
const HEADERS: Record<Lang, { lines: string[]; statistics: string[] }> = {
  zh: {
    lines: ['时间 (UTC+8)', '类型', '金额', '余额', '订单号', '账号', '办公室'],
    statistics: ['账号', '订单数', '件数', '消费', '退款'],
  },
  en: {
    lines: ['Time (UTC+8)', 'Type', 'Amount', 'Balance', 'Order no.', 'Account', 'Office'],
    statistics: ['Account', 'Orders', 'Units', 'Spent', 'Refunded'],
  },
};
const TYPES: Record<Lang, Record<number, string>> = {
  zh: { [BILL_TYPE.recharge]: '充值', [BILL_TYPE.orderPayment]: '订单支付', [BILL_TYPE.refund]: '退款', [BILL_TYPE.membership]: '会员' },
  en: {
    [BILL_TYPE.recharge]: 'Recharge',
    [BILL_TYPE.orderPayment]: 'Order payment',
    [BILL_TYPE.refund]: 'Refund',
    [BILL_TYPE.membership]: 'Membership',
  },
};

const CHINA_MS = 8 * 3600 * 1000;
/** 'YYYY-MM-DD HH:mm:ss' in China time (UTC+8), whatever the server's zone: the sellers' clock (docs/orders.md#export). */
const chinaTime = (ms: number) => new Date(ms + CHINA_MS).toISOString().slice(0, 19).replace('T', ' ');

/**
 * The bills export job (docs/orders.md#export): writes the .xlsx with exceljs's streaming writer, page by page
 * from the database, into a temporary file of a fixed name, and stores it only when complete, as the listing
 * export does (docs/exports.md#the-job). Money is written as the text stored ("-12.50"), never as a number a
 * spreadsheet could round, and no cell is a formula: exceljs writes a string as a string cell, whatever it begins with.
 */
export function createBillExportJob(deps: {
  repo: BillExportRepo;
  queries: Pick<BillQueries, 'before'>;
  bills: Pick<BillService, 'childRows'>;
  accounts: Pick<AccountRepo, 'namesByIds' | 'officesVisible'>;
  storage: BlobStorage;
  now: () => number;
  tmpPath: (id: number) => string;
  /** Lines per page (BILL_EXPORT_PAGE); tests make pages small to cross several. */
  pageSize?: number | undefined;
}) {
  const { repo, storage, now } = deps;

  /** Idempotent: a done record is left as it is; a run again after a crash rewrites the same temporary file. */
  async function run(job: JobContext) {
    const id = (job.payload as { bill_export_id: number }).bill_export_id;
    const rec = await repo.byId(id);
    if (!rec) return { bill_export_id: id, gone: true };
    if (rec.status === 'done') return { bill_export_id: id };
    const p = JSON.parse(rec.params) as BillExportParams;
    await repo.update(id, { status: 'running', updated_at: now() });

    const tmp = deps.tmpPath(id);
    await fsp.mkdir(path.dirname(tmp), { recursive: true });
    await fsp.rm(tmp, { force: true });
    let rows = 0;
    try {
      const book = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: tmp, useStyles: false, useSharedStrings: false });
      const sheet = book.addWorksheet(p.lang === 'zh' ? '账单' : 'Bills');
      const names = await deps.accounts.namesByIds(p.filter.accountIds);
      if (p.exporttype === 2) {
        sheet.addRow(HEADERS[p.lang].statistics).commit();
        // One row per account of the scope: as few as a family has accounts, read at once.
        for (const r of await deps.bills.childRows(p.callerId, p.filter, names)) {
          sheet.addRow([r.username, r.orders, r.units, r.spent, r.refunded]).commit();
          rows++;
        }
      } else {
        sheet.addRow(HEADERS[p.lang].lines).commit();
        // The family's offices (owned by its top-level account, the wallet's) by id, for the office column.
        const offices = new Map(
          (await deps.accounts.officesVisible({ accountIds: [p.filter.walletId] }, null)).map((o) => [Number(o.id), o.name]),
        );
        const perPage = deps.pageSize ?? BILL_EXPORT_PAGE;
        let before: number | undefined;
        for (;;) {
          // The embedded database answers synchronously: give the API's requests a turn between two pages.
          await nextTurn();
          const page = await deps.queries.before(p.filter, perPage, before);
          for (const b of page) {
            sheet
              .addRow([
                chinaTime(Number(b.created_at)),
                TYPES[p.lang][b.type] ?? String(b.type),
                b.amount,
                b.balance,
                b.order_no,
                names.get(Number(b.account_id))?.username ?? '',
                offices.get(Number(b.office_id)) ?? '',
              ])
              .commit();
          }
          rows += page.length;
          await job.progress(rows, rows);
          if (page.length < perPage) break;
          before = Number(page[page.length - 1]!.id);
        }
      }
      sheet.commit();
      await book.commit();
    } catch (e) {
      await fsp.rm(tmp, { force: true });
      throw e;
    }
    // Stored only when complete (the storage writes aside and renames): one file per record, however many runs.
    const fileKey = `bill-exports/${rec.owner_id}/${id}.xlsx`;
    const size = (await fsp.stat(tmp)).size;
    await storage.put(fileKey, fs.createReadStream(tmp));
    await fsp.rm(tmp, { force: true });
    await repo.update(id, { status: 'done', row_count: rows, size, file_key: fileKey, message: '', updated_at: now() });
    return { bill_export_id: id, rows };
  }

  const jobKind: JobKind = {
    run,
    async giveUp(job) {
      const id = (job.payload as { bill_export_id: number }).bill_export_id;
      await fsp.rm(deps.tmpPath(id), { force: true });
      await repo.update(id, { status: 'failed', message: 'billExportFailed', updated_at: now() });
    },
  };
  return { jobKind };
}
