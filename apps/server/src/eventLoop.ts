/**
 * A turn of the event loop: what is waiting (other requests, timers, I/O) runs before the caller goes on. Long
 * work on the API's thread (a catch-up in batches, a large SQLite write in chunks, a pre-flight of many rows)
 * awaits it between its steps, so other sellers' requests are answered meanwhile (docs/finished.md#under-load).
 * Not the parsing threads' `yieldToTheApi` (parsing/pool.ts), which lowers a worker thread's priority.
 */
export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
