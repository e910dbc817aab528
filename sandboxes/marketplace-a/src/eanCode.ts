/**
 * A SKU's `ean_code` as AliExpress takes it (sku_info_list, docs/marketplace-a.md#ean-codes): an EAN (EAN-8 or
 * EAN-13) whose GS1 check digit holds; several SKUs of a product may not share one. Written here, not with
 * the server's library: the sandbox is another reader of the codes.
 */
export function eanProblem(code: string): string | null {
  if (!/^(\d{8}|\d{13})$/.test(code)) return 'must be an EAN of 8 or 13 digits';
  const digits = [...code].map(Number);
  const check = digits.pop()!;
  const sum = digits.reverse().reduce((s, d, i) => s + d * (i % 2 === 0 ? 3 : 1), 0);
  return (10 - (sum % 10)) % 10 === check ? null : `${code} has a wrong check digit`;
}
