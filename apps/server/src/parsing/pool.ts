import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Piscina } from 'piscina';

/**
 * One small pool of worker threads for CPU-bound parsing of uploaded files (the Excel batch design
 * today; any later spreadsheet import too): a parse never runs on the API's event loop, and a crafted
 * file that makes the parser run long or grow is stopped with its thread, not with the process.
 * Each feature keeps its parser in a worker module of its own and names it per task.
 */
export interface ParsePool {
  /** Runs export `name` of the worker module `worker` (see workerModule) with `task` on a pool thread. */
  run<R>(worker: URL, name: string, task: unknown): Promise<R>;
  close(): Promise<void>;
}

/** Longest a parse may take before its thread is stopped. */
export const PARSE_TIMEOUT_MS = 20_000;
/** A parsing thread's heap: far above what a bounded parse needs, far below what would hurt the server. */
const PARSE_HEAP_MB = 128;

/**
 * Every pool of worker threads in the server (parsing, list reading, composition, watermarks, export files,
 * the sandboxes): piscina with the options they all need.
 * - tsx's loader: the server runs TypeScript through tsx, and worker threads need it too.
 * - Strict first-come first-served: by default piscina puts a waiting task it could not hand to a busy thread
 *   back at the end of its queue, so under a queue some tasks wait many times longer than the rest (the
 *   finished list's p99 under 200 sellers was four times its median for this alone, docs/finished.md#under-load).
 */
export function threadPool(options: NonNullable<ConstructorParameters<typeof Piscina>[0]>): Piscina {
  return new Piscina({ execArgv: ['--import', 'tsx'], stricterFIFO: true, ...options });
}

/** A worker module beside `importMetaUrl`, with the running code's extension (.ts under tsx). */
export function workerModule(importMetaUrl: string, basename: string): URL {
  return new URL(`./${basename}${path.extname(new URL(importMetaUrl).pathname)}`, importMetaUrl);
}

/**
 * Called at the top of each parsing worker module: the thread gives way to the API's event loop when the
 * machine is short of cores (Linux nices one thread by its id; elsewhere nothing changes).
 */
export function yieldToTheApi() {
  try {
    const tid = Number(/task\/(\d+)$/.exec(fs.readlinkSync('/proc/thread-self'))?.[1]);
    if (tid) os.setPriority(tid, 10);
  } catch {
    // not Linux, or not allowed: the thread keeps the process's priority
  }
}

/**
 * Gives way to the API with libvips's own threads too: sharp hands the pixel work of a composition or a
 * watermark to threads libvips starts (named "libvips worker"), which keep the priority of the thread that
 * started them, not the composition thread's. They serve the whole process, so an upload's thumbnail on them
 * gives way too. Called after each image task; on Linux it nices every one of them (a few dozen entries of
 * /proc read; a thread id reused by a new thread is niced again), elsewhere nothing changes.
 */
export function imageThreadsGiveWay() {
  try {
    for (const name of fs.readdirSync('/proc/self/task')) {
      let comm = '';
      try {
        comm = fs.readFileSync(`/proc/self/task/${name}/comm`, 'utf8');
      } catch {
        continue; // the thread ended meanwhile
      }
      if (comm.startsWith('libvips worker')) os.setPriority(Number(name), 10);
    }
  } catch {
    // not Linux, or not allowed: the threads keep the process's priority
  }
}

/** True when a parse was stopped for going over its time or memory (the file's fault, not the server's). */
export function overParseLimits(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  return err.name === 'AbortError' || err.name === 'TimeoutError' || (err as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY';
}

export function createParsePool(opts: { threads: number; timeoutMs?: number }): ParsePool {
  const pool = threadPool({
    // Started on the first upload (a process that never parses pays nothing), then kept a while.
    minThreads: 0,
    maxThreads: opts.threads,
    idleTimeout: 5 * 60_000,
    resourceLimits: { maxOldGenerationSizeMb: PARSE_HEAP_MB, maxYoungGenerationSizeMb: 16 },
  });
  return {
    run: async <R>(worker: URL, name: string, task: unknown) =>
      (await pool.run(task, { filename: worker.href, name, signal: AbortSignal.timeout(opts.timeoutMs ?? PARSE_TIMEOUT_MS) })) as R,
    close: () => pool.destroy(),
  };
}
