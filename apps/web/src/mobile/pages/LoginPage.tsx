import { Link, useNavigate, useSearchParams } from '../shell/router';
import { Button, Form, Input, Toast } from 'antd-mobile';
import { useLogin } from '../../api';
import { useI18n } from '../../app/i18n';
import { phoneRedirectTarget } from '../shell/phoneLogin';
import styles from './AuthPage.module.css';

/** /mobile-login: log in, then back to the page that asked (or the phone's home). A refusal shows as the server's toast. */
export function LoginPage() {
  const { t, m } = useI18n();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const login = useLogin();
  const asked = search.has('redirect');
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{t('mobile.login')}</h1>
      {asked && <p className={styles.hint}>{t('mobile.loginFirst')}</p>}
      <Form
        layout="vertical"
        requiredMarkStyle="none"
        onFinish={(values: { username: string; password: string }) =>
          login.mutate(values, {
            onSuccess: () => {
              Toast.show({ icon: 'success', content: m('loggedIn') });
              void navigate(phoneRedirectTarget(search), { replace: true });
            },
          })
        }
        footer={
          <Button block type="submit" color="primary" size="large" loading={login.isPending}>
            {t('mobile.login')}
          </Button>
        }
      >
        <Form.Item
          name="username"
          label={t('mobile.username')}
          rules={[{ required: true, message: t('mobile.required', { field: t('mobile.username') }) }]}
        >
          <Input id="username" name="username" autoComplete="username" clearable />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('mobile.password')}
          rules={[{ required: true, message: t('mobile.required', { field: t('mobile.password') }) }]}
        >
          <Input id="password" name="password" type="password" autoComplete="current-password" />
        </Form.Item>
      </Form>
      <p className={styles.switch}>
        {t('mobile.noAccount')} <Link to={`/mobile-register${search.size ? `?${search.toString()}` : ''}`}>{t('mobile.register')}</Link>
      </p>
    </div>
  );
}
