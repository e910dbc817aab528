/** A positive integer id from the address bar (`?id=`, `?product_id=`), or null for anything else. */
export function positiveIdParam(value: string | null): number | null {
  const n = Number(value);
  return value !== null && Number.isInteger(n) && n > 0 ? n : null;
}
