/**
 * JSON text columns (image lists, designs, job payloads and results): one safe reader. A column written
 * by an older version, or damaged by hand, reads as the fallback instead of failing the whole request.
 */
export function parseJsonColumn<T>(text: string | null | undefined, fallback: T): T {
  if (text === null || text === undefined || text === '') return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}
