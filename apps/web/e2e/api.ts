import type { APIRequestContext } from 'playwright-core';
import { OK, type BodyOf, type DataOf, type RouteDef } from '@app/contract';

/**
 * One API call with the session's cookies (`page.request` or `context.request`): the envelope's data, typed by
 * the contract; any answer but code 1 throws with the server's message.
 */
export async function api<D extends RouteDef>(
  request: APIRequestContext,
  route: D,
  opts: {
    query?: Record<string, string | number>;
    body?: BodyOf<D>;
    multipart?: Record<string, string | { name: string; mimeType: string; buffer: Buffer }>;
  } = {},
): Promise<DataOf<D>> {
  const url = opts.query ? `${route.path}?${new URLSearchParams(Object.entries(opts.query).map(([k, v]) => [k, String(v)]))}` : route.path;
  const res =
    route.method === 'GET'
      ? await request.get(url)
      : await request.post(url, opts.multipart ? { multipart: opts.multipart } : { data: opts.body ?? {} });
  const envelope = (await res.json()) as { code: number; msg: string; data: DataOf<D> };
  if (envelope.code !== OK) throw new Error(`${route.method} ${route.path} answered ${res.status()} ${envelope.msg}`);
  return envelope.data;
}
