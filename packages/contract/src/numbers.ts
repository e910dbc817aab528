import { z } from 'zod';
import type { ValidationMessageKey } from './validationMessages.js';

/** A number written as text: digits, an optional minus and decimals (no spaces, exponents or hex). */
const NUMERIC_TEXT = /^-?\d+(\.\d+)?$/;

/** The refusals of what is not a number, and of ids that are not comma-joined numbers: catalogue keys, said in the seller's language naming the field. */
const NOT_A_NUMBER: ValidationMessageKey = 'fieldNotNumber';
const NOT_COMMA_JOINED_IDS: ValidationMessageKey = 'fieldCommaJoinedIds';

/**
 * The one way a call reads a number: a JSON number, or a numeric string (query strings, and the
 * form-style bodies clients send; docs/security.md#numbers), then checked by `inner`. Booleans, null, lists, '' and other
 * text are refused with a 400 naming the field. z.coerce.number() read `true` as 1 and `null` as 0, so
 * `product_id: true` reached product 1 and `group_id: null` ungrouped (docs/security.md#numbers).
 */
export const num = <T extends z.ZodType<unknown, number>>(inner: T) =>
  z.union([z.number(), z.string().regex(NUMERIC_TEXT).transform(Number)], { error: () => NOT_A_NUMBER }).pipe(inner);

/**
 * A whole number that is one of `values` (page sizes, platform codes). Another is refused as zod refuses an enum
 * (`invalid_value`, listing them), so the seller is told the choices in their language.
 */
export const oneOfNumbers = (values: readonly number[]) =>
  z
    .number()
    .int()
    .check((ctx) => {
      if (!values.includes(ctx.value)) ctx.issues.push({ code: 'invalid_value', values: [...values], input: ctx.value });
    });

/** Ids as the API takes them in a text field: comma-joined numbers (`ids=3,5,8`), at most `maxChars` long (bodies are bounded anyway). */
export const commaJoinedIds = (maxChars?: number) =>
  (maxChars === undefined ? z.string() : z.string().max(maxChars)).regex(/^\d+(,\d+)*$/, NOT_COMMA_JOINED_IDS);

/** Comma-joined ids read as a list, each once; more than `max` is refused naming the limit. */
export const distinctIds = (max: number) =>
  commaJoinedIds()
    .transform((s) => [...new Set(s.split(',').map(Number))])
    .pipe(z.array(z.number()).max(max));
