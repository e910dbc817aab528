import { imageThreadsGiveWay, yieldToTheApi } from '../../parsing/pool.js';
import { applyWatermark, type RenderSpec } from './render.js';

// An export's watermarks give way to the API's thread and the list's reading threads when the cores are short.
yieldToTheApi();

export interface RenderTask {
  image: Uint8Array;
  spec: Omit<RenderSpec, 'image'> & { image?: Uint8Array };
  format?: 'jpeg' | 'png';
}

/** Entry of a watermark thread (renderer.ts): buffers arrive as plain bytes across the thread boundary. */
export default async function render(task: RenderTask): Promise<Buffer> {
  const { image, spec, format } = task;
  const bytes = (u: Uint8Array) => Buffer.from(u.buffer, u.byteOffset, u.byteLength);
  const { image: mark, ...rest } = spec;
  try {
    return await applyWatermark(bytes(image), { ...rest, ...(mark ? { image: bytes(mark) } : {}) }, format);
  } finally {
    imageThreadsGiveWay();
  }
}
