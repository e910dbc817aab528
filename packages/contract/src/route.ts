import type { z } from 'zod';

/**
 * One API call, declared once: the server validates with it and documents it (OpenAPI), the web
 * client takes its types from it.
 */
export interface RouteDef {
  method: 'GET' | 'POST';
  /** Full path under /api, as the API's paths are named (docs/api.md). */
  path: `/api/${string}`;
  summary: string;
  /** OpenAPI tag: the area the call belongs to (docs/api.md). */
  tag: string;
  /** false for the few calls a logged-out visitor may make. */
  auth: boolean;
  /**
   * With `auth: false`: readable logged out, and a valid session still makes the caller known (a product's
   * authorization and 收藏 follow the session); a missing or ended session is a visitor, never a 401.
   */
  optionalAuth?: boolean;
  /**
   * Also authorised by a short-lived signed link (`&sig=`, made by the download-link call) instead of the
   * session: the downloads only (docs/api.md#downloads), opened where the session cookie may not go along.
   */
  signedLink?: boolean;
  query?: z.ZodType;
  body?: z.ZodType;
  /** Schema of `data` in the success envelope. */
  data: z.ZodType;
  /** The server writes the answer without validating it against `data` (hot lists; see registerRoute). */
  trustedResponse?: boolean;
  /**
   * A GET that changes state because the API fixes it as a GET (the export calls start a job, docs/api.md#export-and-shops):
   * refused from another site like every POST (docs/security.md#csrf).
   */
  changesState?: boolean;
}

export const defineRoute = <const D extends RouteDef>(def: D): D => def;

type InputOf<S> = S extends z.ZodType ? z.input<S> : undefined;
export type QueryOf<D extends RouteDef> = InputOf<D['query']>;
export type BodyOf<D extends RouteDef> = InputOf<D['body']>;
export type DataOf<D extends RouteDef> = z.output<D['data']>;

type OutputOf<S> = S extends z.ZodType ? z.output<S> : undefined;
/**
 * A call's query and body as the server's handler receives them: parsed by the route's schema, with its
 * defaults applied and its numbers numbers. Services take these instead of restating the request's shape.
 */
export type ParsedQueryOf<D extends RouteDef> = OutputOf<D['query']>;
export type ParsedBodyOf<D extends RouteDef> = OutputOf<D['body']>;

/**
 * A call's query string as the web client sends it (and the server's query schemas read it): objects as
 * JSON text, everything else as its string; undefined and null left out. '' when there is nothing to send.
 */
export function queryString(query: unknown): string {
  if (query === undefined || query === null) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query as Record<string, unknown>)) {
    if (value === undefined || value === null) continue;
    params.set(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  const s = params.toString();
  return s ? `?${s}` : '';
}
