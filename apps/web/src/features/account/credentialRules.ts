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

/**
 * Form rules that ask the contract's own schema, so the form refuses exactly what the server would, with
 * the reason in the seller's language instead of the schema's English.
 */
function textRules(schema: TextSchema, field: string, t: I18n['t'], opts: { required: boolean; formatMessage?: string }): FormRule[] {
  const { minLength: min, maxLength: max } = schema;
  const lengthMessage =
    max !== null && min !== null && min > 1 ? t('validate.length', { field, min, max }) : t('validate.tooLong', { field, max: max ?? '' });
  return [
    ...(opts.required ? [{ required: true, whitespace: true, message: t('validate.required', { field }) }] : []),
    {
      validator: async (_, value: unknown) => {
        if (value === undefined || value === null || value === '') return;
        const issue = schema.safeParse(value).error?.issues[0];
        if (!issue) return;
        throw new Error(issue.code === 'invalid_format' && opts.formatMessage ? opts.formatMessage : lengthMessage);
      },
    },
  ];
}

const { register, login } = routes;

/** Rules of the login form (POST /api/user/login): anything the server can look up. */
export function loginRules(t: I18n['t']) {
  return {
    username: textRules(login.body.shape.username, t('field.username'), t, { required: true }),
    password: textRules(login.body.shape.password, t('field.password'), t, { required: true }),
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
