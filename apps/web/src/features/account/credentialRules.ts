import type { FormRule } from 'antd';
// The account calls only: the login page loads this module (docs/web.md#route-splitting).
import { accountRoutes as routes } from '@app/contract';
import type { I18n } from '../../app/i18n';

/** What a form rule needs of a contract string schema (zod): its length bounds and its verdict on a value. */
interface TextSchema {
  minLength: number | null;
  maxLength: number | null;
  safeParse(value: unknown): { success: boolean; error?: { issues: readonly { code: string }[] } };
}

interface TextOpts {
  required: boolean;
  formatMessage?: string;
}

/**
 * What is wrong with a typed value by the contract's own schema, in the seller's language instead of the schema's
 * English, or undefined when the server would take it. `required` is checked here too (blank counts as missing).
 */
export function textProblem(schema: TextSchema, value: string, field: string, t: I18n['t'], opts: TextOpts): string | undefined {
  if (opts.required && value.trim() === '') return t('validate.required', { field });
  if (value === '') return undefined;
  const issue = schema.safeParse(value).error?.issues[0];
  if (!issue) return undefined;
  if (issue.code === 'invalid_format' && opts.formatMessage) return opts.formatMessage;
  // A name's characters (control, bidi-override: docs/security.md#names): the server's answer says it in the
  // seller's language, naming the field; the length message would mislead.
  if (issue.code === 'custom') return undefined;
  const { minLength: min, maxLength: max } = schema;
  return max !== null && min !== null && min > 1
    ? t('validate.length', { field, min, max })
    : t('validate.tooLong', { field, max: max ?? '' });
}

/** antd Form rules from textProblem, so the form refuses exactly what the server would. */
function textRules(schema: TextSchema, field: string, t: I18n['t'], opts: TextOpts): FormRule[] {
  return [
    ...(opts.required ? [{ required: true, whitespace: true, message: t('validate.required', { field }) }] : []),
    {
      validator: async (_, value: unknown) => {
        if (typeof value !== 'string') return;
        const problem = textProblem(schema, value, field, t, { ...opts, required: false });
        if (problem) throw new Error(problem);
      },
    },
  ];
}

const { register, login } = routes;

/** What is wrong with the login form's fields (POST /api/user/login): anything the server can look up is taken. */
export function loginProblems(values: { username: string; password: string }, t: I18n['t']) {
  return {
    username: textProblem(login.body.shape.username, values.username, t('field.username'), t, { required: true }),
    password: textProblem(login.body.shape.password, values.password, t('field.password'), t, { required: true }),
  };
}

/** Rules of a new account, main (register) or sub-account (createChild): the same username and password rules. */
export function newAccountRules(t: I18n['t'], route: typeof register | typeof routes.createChild = register) {
  const { username, password, nickname } = route.body.shape;
  return {
    username: textRules(username, t('field.username'), t, { required: true, formatMessage: t('validate.usernameChars') }),
    password: textRules(password, t('field.password'), t, { required: true }),
    nickname: textRules(nickname.unwrap(), t('field.nickname'), t, { required: false }),
    confirmPassword: [
      { required: true, message: t('validate.required', { field: t('field.confirmPassword') }) },
      ({ getFieldValue }) => ({
        validator: async (_, value: unknown) => {
          if (value && value !== getFieldValue('password')) throw new Error(t('validate.passwordMismatch'));
        },
      }),
    ] satisfies FormRule[],
  };
}
