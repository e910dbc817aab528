import type { z } from 'zod';

/**
 * Characters no seller-supplied name may hold (docs/security.md#names): C0 and C1 control characters (NUL,
 * ESC, CR, LF, TAB, DEL …) and the bidirectional embeddings, overrides and isolates (U+202A–U+202E,
 * U+2066–U+2069), which make `rlo\u202excod.exe` read as a name ending in `exe`.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const NOT_IN_A_NAME = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/u;
/** The same, for text of several lines (a remark): line breaks and tabs are allowed there. */
// eslint-disable-next-line no-control-regex -- as above
const NOT_IN_TEXT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/u;

/** The catalogue key of the refusal; the error handler says it in the seller's language, naming the field. */
export const NAME_CHARS_MESSAGE = 'nameHasControlChars';

/** A name is one line of visible text: false when it holds a control or bidirectional-override character. */
export const isPlainName = (s: string) => !NOT_IN_A_NAME.test(s);
/** Text of several lines (a remark): line breaks and tabs allowed, other control and bidi-override characters not. */
export const isPlainText = (s: string) => !NOT_IN_TEXT.test(s);

/**
 * The one rule of every name a seller gives (shops, groups, templates, watermarks, folders, materials, accounts):
 * `schema` refusing control and bidi-override characters, with the catalogue message naming the field.
 */
export const plainName = <T extends z.ZodType<string, string>>(schema: T): T => schema.refine(isPlainName, NAME_CHARS_MESSAGE) as T;
/** The same rule for text of several lines (a remark). */
export const plainText = <T extends z.ZodType<string, string>>(schema: T): T => schema.refine(isPlainText, NAME_CHARS_MESSAGE) as T;

/**
 * A name made safe for a download's file name (Content-Disposition): control and bidi-override characters
 * become `_`. Names stored before the rule above may still hold them.
 */
export const safeFileName = (name: string) => name.replace(new RegExp(NOT_IN_A_NAME.source, 'gu'), '_');
