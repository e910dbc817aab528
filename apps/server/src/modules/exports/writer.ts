import { MessageChannel } from 'node:worker_threads';
import { threadPool, workerModule } from '../../parsing/pool.js';
import type { VariantBarcode } from '../barcodes/index.js';
import type { BuiltPage } from './pageRows.js';
import type { ProductPage } from './products.js';
import type { RowContextInputs } from './rowContext.js';
import { headerOf } from './rows.js';
import type { FromFile, ToFile } from './writerWorker.js';

/** What a page came to, for the job (job.ts): its rows' answer and the rows written. */
export interface PageResult extends BuiltPage {
  rows: number;
}

/** One export file being made on its file thread (writerWorker.ts), page by page. */
export interface FileWriter {
  /** Hands the file thread a page of products; answers, once it is written, what it came to (pages answer in order). */
  page(page: ProductPage, ids: number[]): Promise<PageResult>;
  /** Completes the file. */
  close(): Promise<void>;
  /** Stops building and writing (the partial file is the caller's to remove). */
  abort(): Promise<void>;
}

interface Deferred<T> {
  promise: Promise<T>;
  resolve: (v: T) => void;
  reject: (e: Error) => void;
}
function deferred<T>(): Deferred<T> {
  let resolve!: (v: T) => void;
  let reject!: (e: Error) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  // Awaited by page(); one left unawaited after a failure must not be an unhandled rejection.
  promise.catch(() => undefined);
  return { promise, resolve, reject };
}

/**
 * The threads export files are made on (docs/exports.md#the-job): each export takes one, which builds the
 * rows and writes the file; started on the first export, stopped when idle.
 */
export function createFilePool(threads = 1) {
  const pool = threadPool({
    minThreads: 0,
    maxThreads: threads,
    idleTimeout: 60_000,
    // A page at a time passes through: a young generation that holds a page's garbage (4 MB made the thread
    // collect all the time: the .xlsx took 12 % longer, the Txt half again).
    resourceLimits: { maxOldGenerationSizeMb: 128, maxYoungGenerationSizeMb: 32 },
  });
  const filename = workerModule(import.meta.url, 'writerWorker').href;
  return {
    /** Starts the thread now (a thread and its modules take a while), so it is ready when the job writes. */
    warm() {
      pool.run(null, { filename, name: 'warm' }).catch(() => undefined);
    },
    /**
     * A file at `path`: .xlsx (sheet `sheet`) or, with `txt`, tab-delimited text; its rows built from `inputs`.
     * With `codes`, each page's rows wait for the codes it claims for the products they accepted (claimed one
     * page after the other, in order) and carry them in their product-id cells (codeCells.ts).
     */
    open(
      path: string,
      opts: {
        sheet: string;
        txt: boolean;
        inputs: RowContextInputs;
        codes?: ((page: ProductPage, acceptedIds: number[]) => Promise<[number, VariantBarcode][]>) | undefined;
      },
    ): FileWriter {
      const channel = new MessageChannel();
      const port = channel.port1;
      const stop = new AbortController();
      let failed: Error | undefined;
      const waitingBuilt: { page: ProductPage; built: Deferred<BuiltPage> }[] = [];
      const waitingWritten: Deferred<number>[] = [];
      const fail = (e: unknown) => {
        if (failed) return;
        failed = e instanceof Error ? e : new Error(String(e));
        for (const w of waitingBuilt.splice(0)) w.built.reject(failed);
        for (const w of waitingWritten.splice(0)) w.reject(failed);
        stop.abort();
      };
      const finished = pool
        .run(
          {
            job: channel.port2,
            path,
            sheet: opts.sheet,
            txt: opts.txt,
            header: headerOf(opts.inputs.params).headerRows,
            inputs: opts.inputs,
            codes: opts.codes !== undefined,
          },
          { signal: stop.signal, filename, name: 'writeFile', transferList: [channel.port2] },
        )
        .catch(fail);
      const send = (msg: ToFile) => port.postMessage(msg);
      /** Codes are claimed a page after the other, as the thread answers. */
      let claims = Promise.resolve();
      const built = (answer: BuiltPage) => {
        const w = waitingBuilt.shift();
        if (!w) return;
        w.built.resolve(answer);
        const codesFor = opts.codes;
        if (!codesFor) return;
        claims = claims
          .then(async () => {
            if (failed) return;
            send({ type: 'codes', codes: await codesFor(w.page, answer.exportedIds) });
          })
          .catch(fail);
      };
      port.on('message', (msg: FromFile) => {
        if (msg.type === 'built') built(msg.built);
        else waitingWritten.shift()?.resolve(msg.rows);
      });
      const check = () => {
        if (failed) throw failed;
      };
      return {
        page(page, ids) {
          check();
          const built = deferred<BuiltPage>();
          const written = deferred<number>();
          waitingBuilt.push({ page, built });
          waitingWritten.push(written);
          send({ type: 'page', page, ids });
          return (async () => ({ ...(await built.promise), rows: await written.promise }))();
        },
        async close() {
          check();
          send({ type: 'end' });
          await finished;
          port.close();
          check();
        },
        async abort() {
          if (!failed) fail(new Error('export stopped'));
          port.close();
          await finished;
        },
      };
    },
    close: () => pool.destroy(),
  };
}
export type FilePool = ReturnType<typeof createFilePool>;
