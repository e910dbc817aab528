import { z } from 'zod';

/** A number written as text: digits, an optional minus and decimals (no spaces, exponents or hex). */
const NUMERIC_TEXT = /^-?\d+(\.\d+)?$/;

const described = (input: unknown) =>
  input === undefined
    ? 'nothing'
    : input === null
      ? 'null'
      : Array.isArray(input)
        ? 'a list'
        : typeof input === 'string'
          ? `'${input.length > 20 ? `${input.slice(0, 20)}…` : input}'`
          : typeof input;

/**
 * The one way a call reads a number: a JSON number, or a numeric string (query strings, and the
 * form-style bodies clients send; docs/security.md#numbers), then checked by `inner`. Booleans, null, lists, '' and other
 * text are refused with a 400 naming the field. z.coerce.number() read `true` as 1 and `null` as 0, so
 * `product_id: true` reached product 1 and `group_id: null` ungrouped (docs/security.md#numbers).
 */
export const num = <T extends z.ZodType<unknown, number>>(inner: T) =>
  z
    .union([z.number(), z.string().regex(NUMERIC_TEXT).transform(Number)], {
      error: (issue) => `expected a number, got ${described(issue.input)}`,
    })
    .pipe(inner);

/**
 * Ids as the API takes them in a text field: comma-joined numbers (`ids=3,5,8`), at most `maxChars` long (bodies are bounded anyway).
 * The field's name is put before the message by the error handler, so the message does not repeat it.
 */
export const commaJoinedIds = (maxChars?: number) =>
  (maxChars === undefined ? z.string() : z.string().max(maxChars)).regex(/^\d+(,\d+)*$/, 'comma-joined numbers');
