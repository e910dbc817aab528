/** The mockup prototype's quantity (docs/mockup-prototype.md#the-page): a whole number from 1 to QUANTITY_MAX. */
export const QUANTITY_MAX = 9999;

/** Whether typed text is a quantity: digits only (no sign, no decimal point), 1 to QUANTITY_MAX. */
export function isQuantityText(text: string): boolean {
  const trimmed = text.trim();
  return /^\d+$/.test(trimmed) && Number(trimmed) >= 1 && Number(trimmed) <= QUANTITY_MAX;
}

/** Whether a number is a quantity. */
export const isQuantity = (n: number | null | undefined): n is number =>
  typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= QUANTITY_MAX;
