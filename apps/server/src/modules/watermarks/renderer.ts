import path from 'node:path';
import { applyWatermark, type RenderSpec } from './render.js';
import type { RenderTask } from './worker.js';
import { threadPool } from '../../parsing/pool.js';

/** Longest one watermark may take before its thread is stopped. */
const RENDER_TIMEOUT_MS = 60_000;

export interface WatermarkRenderer {
  render(image: Buffer, spec: RenderSpec, format?: 'jpeg' | 'png'): Promise<Buffer>;
  close(): Promise<void>;
}

/**
 * Watermarks rendered off the API's event loop: the mark's canvas drawing and the blend over its box run
 * in JavaScript, which for a full-width mark on a 2000-px mockup holds a thread for about 100 ms
 * (docs/watermarks.md#rendering). `threads` 0 renders on the calling thread (tools and tests of the renderer).
 */
export function createWatermarkRenderer(opts: { threads: number }): WatermarkRenderer {
  if (opts.threads === 0) return { render: applyWatermark, close: () => Promise.resolve() };
  const pool = threadPool({
    filename: new URL(`./worker${path.extname(new URL(import.meta.url).pathname)}`, import.meta.url).href,
    // Started on the first watermark; kept warm, since a thread's fonts are what make the next one fast.
    minThreads: 0,
    maxThreads: opts.threads,
    idleTimeout: Infinity,
  });
  return {
    async render(image, spec, format) {
      const task: RenderTask = { image, spec, ...(format ? { format } : {}) };
      const out = (await pool.run(task, { signal: AbortSignal.timeout(RENDER_TIMEOUT_MS) })) as Uint8Array;
      return Buffer.from(out.buffer, out.byteOffset, out.byteLength);
    },
    close: () => pool.destroy(),
  };
}
