// Only the routes' addresses at runtime (ROUTE_ADDRESSES, free of zod); their types come from `routes`, erased at
// build, so calling a route loads none of its schemas (docs/web.md#where-the-bytes-go).
import {
  OK,
  queryString,
  ROUTE_ADDRESSES,
  type BodyOf,
  type DataOf,
  type QueryOf,
  type RouteAddress,
  type RouteDef,
  type RouteName,
  type Routes,
} from '@app/contract';
import { ApiError } from './ApiError';

interface ClientConfig {
  /** Accept-Language of every call, so the server answers in the language on screen. */
  acceptLanguage: () => string;
  /** Message when no usable answer arrives (offline, proxy error page). */
  networkErrorMessage: () => string;
}

let config: ClientConfig = { acceptLanguage: () => 'zh-CN', networkErrorMessage: () => 'Network error' };

export function configureApiClient(next: Partial<ClientConfig>): void {
  config = { ...config, ...next };
}

type QueryPart<D extends RouteDef> = undefined extends QueryOf<D> ? { query?: QueryOf<D> } : { query: QueryOf<D> };
type BodyPart<D extends RouteDef> = undefined extends BodyOf<D> ? { body?: BodyOf<D> } : { body: BodyOf<D> };
export type CallInput<D extends RouteDef> = QueryPart<D> & BodyPart<D> & { signal?: AbortSignal };
/** The input argument may be left out when the route takes neither query nor body. */
type CallArgs<D extends RouteDef> = object extends QueryPart<D> & BodyPart<D> ? [input?: CallInput<D>] : [input: CallInput<D>];

/**
 * Makes one call declared in @app/contract, named as in its `routes`: the route fixes the method, the path and the
 * types of query, body and result. Cookies go along (same origin); a failure envelope becomes an ApiError.
 */
export function call<N extends RouteName>(name: N, ...[input]: CallArgs<Routes[N]>): Promise<DataOf<Routes[N]>> {
  const { query, body, signal } = (input ?? {}) as { query?: unknown; body?: unknown; signal?: AbortSignal };
  const route = ROUTE_ADDRESSES[name];
  const json = body !== undefined;
  return send(route, {
    url: route.path + queryString(query),
    headers: json ? { 'Content-Type': 'application/json' } : {},
    body: json ? JSON.stringify(body) : undefined,
    signal,
  });
}

/** Posts a multipart form (an upload) to a contract route: `call` sends JSON only, hence this one. */
export function upload<N extends RouteName>(name: N, form: FormData, signal?: AbortSignal): Promise<DataOf<Routes[N]>> {
  const route = ROUTE_ADDRESSES[name];
  // No Content-Type: the browser writes the multipart one with its boundary.
  return send(route, { url: route.path, headers: {}, body: form, signal });
}

/** One request and the reading of its envelope, for `call` and `upload` alike; the caller types the data. */
async function send<T>(
  route: RouteAddress,
  request: { url: string; headers: Record<string, string>; body: BodyInit | undefined; signal: AbortSignal | undefined },
): Promise<T> {
  let res: Response;
  try {
    res = await fetch(request.url, {
      method: route.method,
      credentials: 'same-origin',
      headers: { Accept: 'application/json', 'Accept-Language': config.acceptLanguage(), ...request.headers },
      body: request.body,
      signal: request.signal,
    });
  } catch (e) {
    if (request.signal?.aborted) throw e;
    throw new ApiError(config.networkErrorMessage(), 0, route);
  }

  let envelope: { code?: unknown; msg?: unknown; data?: unknown; request_id?: unknown };
  try {
    envelope = (await res.json()) as typeof envelope;
  } catch {
    throw new ApiError(config.networkErrorMessage(), res.status, route);
  }
  if (envelope.code !== OK) {
    const msg = typeof envelope.msg === 'string' && envelope.msg ? envelope.msg : config.networkErrorMessage();
    const requestId = typeof envelope.request_id === 'string' ? envelope.request_id : undefined;
    throw new ApiError(msg, res.status, route, requestId);
  }
  return envelope.data as T;
}
