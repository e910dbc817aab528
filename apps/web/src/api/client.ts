import { OK, queryString, type BodyOf, type DataOf, type QueryOf, type RouteDef } from '@app/contract';
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
 * Makes one call declared in @app/contract: the route fixes the method, the path and the types of
 * query, body and result. Cookies go along (same origin); a failure envelope becomes an ApiError.
 */
export function call<D extends RouteDef>(route: D, ...[input]: CallArgs<D>): Promise<DataOf<D>> {
  const { query, body, signal } = (input ?? {}) as { query?: unknown; body?: unknown; signal?: AbortSignal };
  const json = body !== undefined;
  return send(route, {
    url: route.path + queryString(query),
    headers: json ? { 'Content-Type': 'application/json' } : {},
    body: json ? JSON.stringify(body) : undefined,
    signal,
  });
}

/** Posts a multipart form (an upload) to a contract route: `call` sends JSON only, hence this one. */
export function upload<D extends RouteDef>(route: D, form: FormData, signal?: AbortSignal): Promise<DataOf<D>> {
  // No Content-Type: the browser writes the multipart one with its boundary.
  return send(route, { url: route.path, headers: {}, body: form, signal });
}

/** One request and the reading of its envelope, for `call` and `upload` alike. */
async function send<D extends RouteDef>(
  route: D,
  request: { url: string; headers: Record<string, string>; body: BodyInit | undefined; signal: AbortSignal | undefined },
): Promise<DataOf<D>> {
  const where = { method: route.method, path: route.path, auth: route.auth };
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
    throw new ApiError(config.networkErrorMessage(), 0, where);
  }

  let envelope: { code?: unknown; msg?: unknown; data?: unknown; request_id?: unknown };
  try {
    envelope = (await res.json()) as typeof envelope;
  } catch {
    throw new ApiError(config.networkErrorMessage(), res.status, where);
  }
  if (envelope.code !== OK) {
    const msg = typeof envelope.msg === 'string' && envelope.msg ? envelope.msg : config.networkErrorMessage();
    const requestId = typeof envelope.request_id === 'string' ? envelope.request_id : undefined;
    throw new ApiError(msg, res.status, where, requestId);
  }
  return envelope.data as DataOf<D>;
}
