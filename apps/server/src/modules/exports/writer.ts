import fs from 'node:fs';
import { once } from 'node:events';
import { MessageChannel } from 'node:worker_threads';
import { threadPool, workerModule } from '../../parsing/pool.js';
import { txtCell } from './cells.js';
import type { Cell } from './rows.js';

/** Writes the rows of one file to a path on disk, page by page. */
export interface FileWriter {
  write(rows: Cell[][]): Promise<void>;
  /** Completes the file. */
  close(): Promise<void>;
  /** Stops writing (the partial file is the caller's to remove). */
  abort(): Promise<void>;
}

/** Pages written but not yet acknowledged by the thread: enough to keep both busy, little memory. */
const IN_FLIGHT = 2;

/** The thread(s) .xlsx files are written on; started on the first export, stopped when idle. */
export function createXlsxPool(threads = 1) {
  const pool = threadPool({
    minThreads: 0,
    maxThreads: threads,
    idleTimeout: 60_000,
    // A page at a time passes through: a small young generation keeps the thread's memory low and flat.
    resourceLimits: { maxOldGenerationSizeMb: 128, maxYoungGenerationSizeMb: 4 },
  });
  const filename = workerModule(import.meta.url, 'writerWorker').href;
  return {
    /** Starts a thread now (a thread and its modules take a while), so it is ready when the job writes. */
    warm() {
      pool.run(null, { filename, name: 'warm' }).catch(() => undefined);
    },
    /** An .xlsx written by exceljs's streaming writer on a pool thread (writerWorker.ts). */
    open(path: string, sheet: string): FileWriter {
      const { port1, port2 } = new MessageChannel();
      const stop = new AbortController();
      let inFlight = 0;
      let failed: Error | undefined;
      let waiters: (() => void)[] = [];
      const wake = () => {
        const w = waiters;
        waiters = [];
        w.forEach((f) => f());
      };
      const finished = pool
        .run({ port: port2, path, sheet }, { filename, name: 'writeXlsx', transferList: [port2], signal: stop.signal })
        .then(
          () => undefined,
          (e: unknown) => {
            failed = e instanceof Error ? e : new Error(String(e));
            wake();
          },
        );
      port1.on('message', () => {
        inFlight--;
        wake();
      });
      const check = () => {
        if (failed) throw failed;
      };
      return {
        async write(rows) {
          while (inFlight >= IN_FLIGHT && !failed) await new Promise<void>((r) => waiters.push(r));
          check();
          inFlight++;
          port1.postMessage({ type: 'rows', json: JSON.stringify(rows) });
        },
        async close() {
          check();
          port1.postMessage({ type: 'end' });
          await finished;
          port1.close();
          check();
        },
        async abort() {
          stop.abort();
          port1.close();
          await finished;
        },
      };
    },
    close: () => pool.destroy(),
  };
}
export type XlsxPool = ReturnType<typeof createXlsxPool>;

/** A tab-delimited UTF-8 text with a BOM (format 9), cells neutralised (cells.ts). */
export function openTxtWriter(path: string): FileWriter {
  const out = fs.createWriteStream(path);
  let failed: Error | undefined;
  out.on('error', (e) => (failed = e));
  out.write('\uFEFF');
  return {
    async write(rows) {
      if (failed) throw failed;
      let text = '';
      for (const r of rows) text += r.map(txtCell).join('\t') + '\n';
      if (!out.write(text)) await once(out, 'drain');
    },
    async close() {
      if (failed) throw failed;
      out.end();
      await once(out, 'finish');
    },
    async abort() {
      out.destroy();
    },
  };
}
