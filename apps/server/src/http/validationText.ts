import { message, MESSAGES, type Lang, type MessageKey } from '@app/contract';

/**
 * One issue of a refused input as zod reports it: its kind (`code`), where, its message, and the kind's own
 * fields (`expected`, `values`, `minimum`, `origin`, a refinement's `params`, a union's `errors` …).
 */
export interface ValidationIssue {
  code: string;
  path: readonly PropertyKey[];
  message: string;
  expected?: unknown;
  values?: unknown;
  keys?: unknown;
  origin?: unknown;
  minimum?: unknown;
  maximum?: unknown;
  inclusive?: unknown;
  divisor?: unknown;
  params?: unknown;
  errors?: unknown;
}

type Params = Record<string, string | number>;

const isKey = (text: string): text is MessageKey => Object.hasOwn(MESSAGES, text);

/** Where an issue points, in the part of the request it was read from. */
const valueAt = (part: unknown, path: readonly PropertyKey[]): unknown =>
  path.reduce<unknown>((v, key) => (v !== null && typeof v === 'object' ? (v as Record<PropertyKey, unknown>)[key] : undefined), part);

/**
 * A field the request left out: nothing at the issue's path, and an issue of the kind an absent value raises (a
 * wrong type). A bound or a format is about a value there, maybe one a schema made (keywords split from text).
 */
const absent = (issue: ValidationIssue, value: unknown) =>
  issue.path.length > 0 && value === undefined && (issue.code === 'invalid_type' || issue.code === 'invalid_union');

/** Allowed values or unknown fields as a seller reads a list of them. */
const listed = (items: unknown, lang: Lang) =>
  (Array.isArray(items) ? items : []).map((v) => (v === '' ? "''" : String(v))).join(lang === 'zh' ? '、' : ', ');

/** A catalogue message about the field at `at`: one that names its field (`{field}`) is given it, another follows it. */
function aboutField(at: string, key: MessageKey, lang: Lang, params: Params = {}): string {
  if (MESSAGES[key][lang].includes('{field}')) return message(key, lang, { ...params, field: at }).trim();
  const said = message(key, lang, params);
  return at && !NAMES_ITS_FIELD.has(key) ? `${at}: ${said}` : said;
}

/** Messages that say which field they are about in the seller's words ("密码需 8–64 个字符"): not named again. */
const NAMES_ITS_FIELD = new Set<MessageKey>(['passwordLength', 'passwordTooCommon']);

const TYPE_KEYS: Partial<Record<string, MessageKey>> = { number: 'fieldNotNumber', string: 'fieldNotText', array: 'fieldNotList' };

/** The catalogue's words for the common kinds of issue, with what they name (a bound, the allowed values …). */
function byKind(issue: ValidationIssue, lang: Lang): [MessageKey, Params] | undefined {
  const origin = String(issue.origin);
  const bound = Number(issue.code === 'too_small' ? issue.minimum : issue.maximum);
  const inclusive = issue.inclusive !== false;
  switch (issue.code) {
    case 'invalid_type':
      return [TYPE_KEYS[String(issue.expected)] ?? 'fieldWrongType', {}];
    case 'invalid_value':
      return ['fieldOneOf', { values: listed(issue.values, lang) }];
    case 'invalid_format':
      return ['fieldFormat', {}];
    case 'not_multiple_of':
      return ['fieldMultipleOf', { step: Number(issue.divisor) }];
    case 'unrecognized_keys':
      return ['fieldsUnknown', { keys: listed(issue.keys, lang) }];
    case 'too_small':
      if (origin === 'string') return ['fieldTooShort', { min: bound }];
      if (origin === 'array' || origin === 'set') return ['fieldTooFew', { min: bound }];
      return [inclusive ? 'fieldAtLeast' : 'fieldAbove', { min: bound }];
    case 'too_big':
      if (origin === 'string') return ['fieldTooLong', { max: bound }];
      if (origin === 'array' || origin === 'set') return ['fieldTooMany', { max: bound }];
      return [inclusive ? 'fieldAtMost' : 'fieldBelow', { max: bound }];
    default:
      return undefined;
  }
}

/**
 * What a seller reads of one issue at `at` (a dotted path), in their language: a required field the request left
 * out ("缺少必填项：name"); a schema's message that is a catalogue key (a password's length, a name's characters,
 * a number: packages/contract/src/sellerText.ts, numbers.ts); else the catalogue's words for the issue's kind
 * ("pageSize 须为以下之一：10、20…"). Every message names the field once. What the catalogue has no words for is
 * said in English as zod or the schema wrote it, and in Chinese as the plain 参数错误 naming the field: never
 * English inside a Chinese answer.
 */
function issueText(issue: ValidationIssue, at: string, missing: boolean, lang: Lang): string {
  if (missing && at) return message('fieldRequired', lang, { field: at });
  if (isKey(issue.message)) return aboutField(at, issue.message, lang, (issue.params ?? {}) as Params);
  const kind = byKind(issue, lang);
  if (kind && (at || !MESSAGES[kind[0]][lang].includes('{field}'))) return aboutField(at, kind[0], lang, kind[1]);
  if (lang === 'zh') return at;
  return at ? `${at}: ${issue.message}` : issue.message;
}

/** A union's issues, nested unions opened unless they say their own message (the contract's `num`). */
const leaves = (issue: ValidationIssue): ValidationIssue[] =>
  issue.code === 'invalid_union' && !isKey(issue.message) && Array.isArray(issue.errors)
    ? (issue.errors as ValidationIssue[][]).flat().flatMap(leaves)
    : [issue];

/**
 * A value that none of a union's plain options took (`1 | 2`, `'' | a number`): the values it could have been
 * when every option is one value, else what an option says in the contract's own words (a number …).
 */
function plainUnionIssue(options: ValidationIssue[][]): ValidationIssue | undefined {
  const all = options.flat().flatMap(leaves);
  if (all.every((i) => i.code === 'invalid_value'))
    return { code: 'invalid_value', path: [], message: '', values: all.flatMap((i) => i.values) };
  return all.find((i) => isKey(i.message));
}

/**
 * A body that matches none of a union's shapes (groupAdd takes {pid, name} or {id, name}) is told what
 * is wrong with the shape it came closest to (fewest unknown fields, then fewest issues), field by
 * field, rather than "Invalid input".
 */
function unionDetail(where: string, options: ValidationIssue[][], value: unknown, lang: Lang): string[] {
  const cost = (issues: ValidationIssue[]) => issues.filter((i) => i.code === 'unrecognized_keys').length * 1000 + issues.length;
  const closest = options.reduce((best, o) => (cost(o) < cost(best) ? o : best));
  return closest.map((i) => {
    const at = [where, ...i.path.map(String)].filter(Boolean).join('.');
    return issueText(i, at, absent(i, valueAt(value, i.path)), lang);
  });
}

/**
 * What a seller reads of the issues of one part of a request (`part`: the body, the query …), after
 * 参数错误: / Invalid parameters: (docs/messages.md#validation).
 */
export function validationDetail(issues: readonly ValidationIssue[], part: unknown, lang: Lang): string {
  return issues
    .flatMap((issue) => {
      const where = issue.path.map(String).join('.');
      const value = valueAt(part, issue.path);
      const options = issue.code === 'invalid_union' ? (issue.errors as ValidationIssue[][] | undefined) : undefined;
      // A union of object shapes (not of plain values such as the contract's `num`, which says its own message).
      if (options?.some((o) => o.some((i) => i.path.length > 0 || i.code === 'unrecognized_keys'))) {
        return unionDetail(where, options, value, lang);
      }
      const plain = options && !isKey(issue.message) ? plainUnionIssue(options) : undefined;
      return [issueText(plain ?? issue, where, absent(issue, value), lang)];
    })
    .filter(Boolean)
    .join('; ');
}
