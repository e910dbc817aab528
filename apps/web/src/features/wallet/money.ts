/** Decimal text ("1050.5", "-12.30") as the page shows money: two decimals, thousands grouped, a sign when asked. No float. */
export function moneyText(text: string, signed = false): string {
  const negative = text.trim().startsWith('-');
  const [whole = '0', frac = ''] = text.trim().replace(/^[-+]/, '').split('.');
  const grouped = whole.replace(/^0+(?=\d)/, '').replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const body = `${grouped}.${frac.padEnd(2, '0').slice(0, 2)}`;
  return negative ? `-${body}` : signed ? `+${body}` : body;
}
