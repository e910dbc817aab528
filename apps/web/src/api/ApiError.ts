import type { RouteAddress } from '@app/contract';

/** A call that did not answer `code: 1`: the server's message, or a network failure (status 0). */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    /** The message to show the seller (docs/messages.md#errors): the server's `msg`, already in the chosen language. */
    readonly msg: string,
    /** HTTP status; 0 when no answer arrived. */
    readonly status: number,
    readonly route: RouteAddress,
    readonly requestId?: string,
  ) {
    super(msg);
  }

  /** The session is missing or over on a call that needs one (login and register answer 401 for bad credentials). */
  get isSessionLost(): boolean {
    return this.status === 401 && this.route.auth;
  }
}
