/** What the phone's one search box asks the list for: a finished number (FP…) exactly, anything else in the name. */
export function searchQuery(text: string): { key_id?: string; name?: string } {
  const q = text.trim();
  if (!q) return {};
  return /^FP\d{6,}$/i.test(q) ? { key_id: q.toUpperCase() } : { name: q };
}
