import { MessageChannel } from 'node:worker_threads';
import { threadPool, workerModule } from '../../parsing/pool.js';
import type { VariantBarcode } from '../barcodes/index.js';
import type { ProductPage } from './products.js';
import type { RowContextInputs } from './rowContext.js';
import type { PageResult, ToThread } from './writerWorker.js';

export type { PageResult } from './writerWorker.js';

/** One export file being made on a file thread (writerWorker.ts), page by page. */
export interface FileWriter {
  /** Hands the thread a page of products; answers, once it is written, what it came to (pages answer in order). */
  page(page: ProductPage, ids: number[], barcodes?: [number, VariantBarcode][]): Promise<PageResult>;
  /** Completes the file. */
  close(): Promise<void>;
  /** Stops writing (the partial file is the caller's to remove). */
  abort(): Promise<void>;
}

/** The thread(s) export files are made on; started on the first export, stopped when idle. */
export function createFilePool(threads = 1) {
  const pool = threadPool({
    minThreads: 0,
    maxThreads: threads,
    idleTimeout: 60_000,
    // A page at a time passes through, its rows built here: a young generation that holds a page's garbage
    // (4 MB made the thread collect all the time: the .xlsx took 12 % longer, the Txt half again).
    resourceLimits: { maxOldGenerationSizeMb: 128, maxYoungGenerationSizeMb: 32 },
  });
  const filename = workerModule(import.meta.url, 'writerWorker').href;
  return {
    /** Starts a thread now (a thread and its modules take a while), so it is ready when the job writes. */
    warm() {
      pool.run(null, { filename, name: 'warm' }).catch(() => undefined);
    },
    /** A file at `path`: .xlsx (sheet `sheet`) or, with `txt`, tab-delimited text; its rows built from `inputs`. */
    open(path: string, opts: { sheet: string; txt: boolean; inputs: RowContextInputs }): FileWriter {
      const { port1, port2 } = new MessageChannel();
      const stop = new AbortController();
      let failed: Error | undefined;
      const waiting: { resolve: (r: PageResult) => void; reject: (e: Error) => void }[] = [];
      const finished = pool
        .run({ port: port2, path, ...opts }, { filename, name: 'writeFile', transferList: [port2], signal: stop.signal })
        .then(
          () => undefined,
          (e: unknown) => {
            failed = e instanceof Error ? e : new Error(String(e));
            for (const w of waiting.splice(0)) w.reject(failed);
          },
        );
      port1.on('message', (result: PageResult) => waiting.shift()?.resolve(result));
      const send = (msg: ToThread) => port1.postMessage(msg);
      const check = () => {
        if (failed) throw failed;
      };
      return {
        page(page, ids, barcodes = []) {
          check();
          return new Promise<PageResult>((resolve, reject) => {
            waiting.push({ resolve, reject });
            send({ type: 'page', page, ids, barcodes });
          });
        },
        async close() {
          check();
          send({ type: 'end' });
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
export type FilePool = ReturnType<typeof createFilePool>;
