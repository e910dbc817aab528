import { moneyText } from '@app/contract';

/**
 * A CNY amount as the phone pages show it: the ¥ sign, two decimals (half up, exact), thousands grouped
 * ("1050.5" → "¥1,050.50"). Amounts come as the server's decimal text or the catalogue's numbers.
 */
export const yuan = (amount: string | number): string => `¥${moneyText(amount)}`;
