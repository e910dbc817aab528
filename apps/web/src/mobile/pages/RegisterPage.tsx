import { Link, useNavigate, useSearchParams } from '../shell/router';
import { Button, Form, Input, Toast } from 'antd-mobile';
import { useRegister } from '../../api';
import { useI18n } from '../../app/i18n';
import { phoneRedirectTarget } from '../shell/phoneLogin';
import styles from './AuthPage.module.css';

interface Values {
  username: string;
  password: string;
  again: string;
  nickname?: string;
}

/** /mobile-register: a new seller account, logged in at once; the server's rules on names and passwords answer as toasts. */
export function RegisterPage() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const register = useRegister();
  const [form] = Form.useForm<Values>();
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{t('mobile.register')}</h1>
      <Form
        form={form}
        layout="vertical"
        requiredMarkStyle="none"
        onFinish={({ username, password, nickname }: Values) =>
          register.mutate(
            { username, password, ...(nickname?.trim() ? { nickname: nickname.trim() } : {}) },
            {
              onSuccess: () => {
                Toast.show({ icon: 'success', content: t('mobile.registered') });
                void navigate(phoneRedirectTarget(search), { replace: true });
              },
            },
          )
        }
        footer={
          <Button block type="submit" color="primary" size="large" loading={register.isPending}>
            {t('mobile.register')}
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
          <Input id="password" name="password" type="password" autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="again"

          label={t('mobile.passwordAgain')}
          rules={[
            { required: true, message: t('mobile.required', { field: t('mobile.passwordAgain') }) },
            {
              validator: async (_rule, value) =>
                value === form.getFieldValue('password') ? undefined : Promise.reject(new Error(t('mobile.passwordsDiffer'))),
            },
          ]}
        >
          <Input id="again" name="again" type="password" autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="nickname" label={t('mobile.nickname')}>
          <Input id="nickname" name="nickname" clearable />
        </Form.Item>
      </Form>
      <p className={styles.switch}>
        {t('mobile.haveAccount')} <Link to={`/mobile-login${search.size ? `?${search.toString()}` : ''}`}>{t('mobile.login')}</Link>
      </p>
    </div>
  );
}
