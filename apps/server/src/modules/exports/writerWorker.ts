import type { MessagePort } from 'node:worker_threads';
import ExcelJS from 'exceljs';
import { yieldToTheApi } from '../../parsing/pool.js';
import { FORMULA_START } from './cells.js';

/**
 * The .xlsx writer thread (docs/exports.md#the-job): exceljs's streaming workbook writer, fed page by page
 * as JSON text over `port`, so zip deflate never runs on the API's event loop. Acknowledges each page (the
 * job keeps at most two in flight: memory stays flat); resolves once the file is complete on disk.
 */
yieldToTheApi();

export function writeXlsx(task: { port: MessagePort; path: string; sheet: string }): Promise<void> {
  const { port } = task;
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: task.path, useStyles: true, useSharedStrings: false });
  const ws = workbook.addWorksheet(task.sheet);
  return new Promise<void>((resolve, reject) => {
    port.on('message', (msg: { type: 'rows'; json: string } | { type: 'end' }) => {
      try {
        if (msg.type === 'rows') {
          for (const values of JSON.parse(msg.json) as (string | number)[][]) {
            const row = ws.addRow(values);
            values.forEach((v, i) => {
              // A string cell is never a formula in xlsx; the text format keeps it so when a seller edits it.
              if (typeof v === 'string' && FORMULA_START.test(v)) row.getCell(i + 1).numFmt = '@';
            });
            row.commit();
          }
          port.postMessage({ type: 'ack' });
        } else {
          ws.commit();
          workbook.commit().then(() => {
            port.close();
            resolve();
          }, reject);
        }
      } catch (e) {
        port.close();
        reject(e instanceof Error ? e : new Error(String(e)));
      }
    });
  });
}
