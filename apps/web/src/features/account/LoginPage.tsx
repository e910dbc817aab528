import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { ApiError, useLogin } from '../../api';
import { useI18n, type StringKey } from '../../app/i18n';
import { loginNoticeOf, redirectTarget, type LoginNotice } from '../../app/loginRedirect';
import { toastOnArrival } from '../../app/toasts';
import styles from './auth.module.css';
import { AuthLayout } from './AuthLayout';
import { loginProblems } from './credentialRules';

type Field = 'username' | 'password';
type Values = Record<Field, string>;

// Ant Design's user and lock outlines (the icons of the register form), inline: no icon library on this page.
const ICONS: Record<Field, string> = {
  username:
    'M858.5 763.6a374 374 0 00-80.6-119.5 375.63 375.63 0 00-119.5-80.6c-.4-.2-.8-.3-1.2-.5C719.5 518 760 444.7 760 362c0-137-111-248-248-248S264 225 264 362c0 82.7 40.5 156 102.8 201.1-.4.2-.8.3-1.2.5-44.8 18.9-85 46-119.5 80.6a375.63 375.63 0 00-80.6 119.5A371.7 371.7 0 00136 901.8a8 8 0 008 8.2h60c4.4 0 7.9-3.5 8-7.8 2-77.2 33-149.5 87.8-204.3 56.7-56.7 132-87.9 212.2-87.9s155.5 31.2 212.2 87.9C779 752.7 810 825 812 902.2c.1 4.4 3.6 7.8 8 7.8h60a8 8 0 008-8.2c-1-47.8-10.9-94.3-29.5-138.2zM512 534c-45.9 0-89.1-17.9-121.6-50.4S340 407.9 340 362c0-45.9 17.9-89.1 50.4-121.6S466.1 190 512 190s89.1 17.9 121.6 50.4S684 316.1 684 362c0 45.9-17.9 89.1-50.4 121.6S557.9 534 512 534z',
  password:
    'M832 464h-68V240c0-70.7-57.3-128-128-128H388c-70.7 0-128 57.3-128 128v224h-68c-17.7 0-32 14.3-32 32v384c0 17.7 14.3 32 32 32h640c17.7 0 32-14.3 32-32V496c0-17.7-14.3-32-32-32zM332 240c0-30.9 25.1-56 56-56h248c30.9 0 56 25.1 56 56v224H332V240zm460 600H232V536h560v304zM484 701v53c0 4.4 3.6 8 8 8h40c4.4 0 8-3.6 8-8v-53a48.01 48.01 0 10-56 0z',
};
const EYE =
  'M942.2 486.2C847.4 286.5 704.1 186 512 186c-192.2 0-335.4 100.5-430.2 300.3a60.3 60.3 0 000 51.5C176.6 737.5 319.9 838 512 838c192.2 0 335.4-100.5 430.2-300.3 7.7-16.2 7.7-35 0-51.5zM512 766c-161.3 0-279.4-81.8-362.7-254C232.6 339.8 350.7 258 512 258c161.3 0 279.4 81.8 362.7 254C791.5 684.2 673.4 766 512 766zm-4-430c-97.2 0-176 78.8-176 176s78.8 176 176 176 176-78.8 176-176-78.8-176-176-176zm0 288c-61.9 0-112-50.1-112-112s50.1-112 112-112 112 50.1 112 112-50.1 112-112 112z';

const Icon = ({ d }: { d: string }) => (
  <svg viewBox="64 64 896 896" width="16" height="16" aria-hidden="true">
    <path fill="currentColor" d={d} />
  </svg>
);

/** A labelled text field of the form, its problem under it. */
function FormField(props: {
  field: Field;
  label: string;
  value: string;
  problem: string | undefined;
  disabled: boolean;
  onChange: (value: string) => void;
  type?: string;
  autoComplete: string;
  autoFocus?: boolean;
  after?: ReactNode;
}) {
  const id = `login-${props.field}`;
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {props.label}
      </label>
      <div className={styles.inputBox} data-invalid={props.problem !== undefined} data-disabled={props.disabled}>
        <Icon d={ICONS[props.field]} />
        <input
          id={id}
          className={styles.input}
          name={props.field}
          type={props.type ?? 'text'}
          value={props.value}
          disabled={props.disabled}
          autoComplete={props.autoComplete}
          autoFocus={props.autoFocus}
          aria-invalid={props.problem !== undefined}
          aria-describedby={props.problem ? `${id}-problem` : undefined}
          onChange={(e) => props.onChange(e.target.value)}
        />
        {props.after}
      </div>
      {props.problem && (
        <div id={`${id}-problem`} className={styles.error} role="alert">
          {props.problem}
        </div>
      )}
    </div>
  );
}

/**
 * The login page, in plain elements: it is the first screen most visits open, so it loads no Ant Design
 * (docs/web.md#where-the-bytes-go). A refused login (wrong password, a disabled account) and what brought the seller
 * here (logged out, the session ended) show in the form itself; "logged in" shows on the page the seller goes to.
 */
export function LoginPage() {
  const { t, m } = useI18n();
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const login = useLogin();
  const [values, setValues] = useState<Values>({ username: '', password: '' });
  const [problems, setProblems] = useState<Partial<Record<Field, string>>>({});
  const [revealed, setRevealed] = useState(false);
  // The notice the seller arrived with stays until the first attempt; then the attempt's own outcome speaks.
  const [arrival, setArrival] = useState<LoginNotice | undefined>(() => loginNoticeOf(location.state));

  const failure = login.error ? (login.error instanceof ApiError ? login.error.msg : m('unexpected')) : undefined;
  const notice: LoginNotice | undefined = failure ? { kind: 'error', text: failure } : arrival;

  const change = (field: Field, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    // A field already marked is checked again as it is typed, as the other forms of the app do.
    if (problems[field] !== undefined) setProblems((p) => ({ ...p, [field]: loginProblems(next, t)[field] }));
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (login.isPending) return;
    const found = loginProblems(values, t);
    setProblems(found);
    if (found.username || found.password) return;
    setArrival(undefined);
    login.reset();
    login.mutate(values, {
      onSuccess: () => {
        toastOnArrival('success', m('loggedIn'));
        void navigate(redirectTarget(params), { replace: true });
      },
    });
  };

  const revealKey: StringKey = revealed ? 'auth.password.hide' : 'auth.password.show';
  return (
    <AuthLayout
      title={t('auth.login.title')}
      subtitle={t('auth.login.subtitle')}
      footer={
        <>
          {t('auth.login.noAccount')} <Link to={{ pathname: '/register', search: params.toString() }}>{t('auth.login.toRegister')}</Link>
        </>
      }
    >
      <form noValidate onSubmit={submit}>
        {notice && (
          <div className={`${styles.notice} login-notice`} data-kind={notice.kind} role={notice.kind === 'error' ? 'alert' : 'status'}>
            <span>{notice.text}</span>
          </div>
        )}
        <FormField
          field="username"
          label={t('field.username')}
          value={values.username}
          problem={problems.username}
          disabled={login.isPending}
          onChange={(v) => change('username', v)}
          autoComplete="username"
          autoFocus
        />
        <FormField
          field="password"
          label={t('field.password')}
          type={revealed ? 'text' : 'password'}
          value={values.password}
          problem={problems.password}
          disabled={login.isPending}
          onChange={(v) => change('password', v)}
          autoComplete="current-password"
          after={
            <button
              type="button"
              className={styles.reveal}
              aria-label={t(revealKey)}
              title={t(revealKey)}
              onClick={() => setRevealed((r) => !r)}
            >
              <Icon d={EYE} />
            </button>
          }
        />
        <button type="submit" className={styles.submit} aria-busy={login.isPending}>
          {login.isPending && <span className={styles.busy} aria-hidden="true" />}
          {t('auth.login.submit')}
        </button>
      </form>
    </AuthLayout>
  );
}
