import type { MessageKey } from '@app/contract';

/**
 * A failure a seller can act on: an HTTP status of the right class and a catalogue message. Services
 * throw these; the one error handler (errorHandler.ts) turns them into the envelope.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly key: MessageKey,
    readonly params: Record<string, string | number> = {},
    /** Extra text appended to the message, e.g. which field was wrong. */
    readonly detail?: string,
  ) {
    super(key);
  }
}

export const notFound = () => new AppError(404, 'notFound');
export const conflict = (key: MessageKey) => new AppError(409, key);
export const forbidden = (key: MessageKey = 'forbidden') => new AppError(403, key);
