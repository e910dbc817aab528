/** An id from the address (`?id=7`): a whole number above 0, else undefined (the page says it found nothing). */
export function positiveId(text: string | null): number | undefined {
  if (!text || !/^\d{1,15}$/.test(text)) return undefined;
  const n = Number(text);
  return n > 0 ? n : undefined;
}
