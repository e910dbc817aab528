import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Form, Input } from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useLogin } from '../../api';
import { useToast } from '../../app/feedback';
import { useI18n } from '../../app/i18n';
import { redirectTarget } from '../../app/loginRedirect';
import { AuthLayout } from './AuthLayout';
import { loginRules } from './credentialRules';

interface LoginValues {
  username: string;
  password: string;
}

export function LoginPage() {
  const { t, m } = useI18n();
  const message = useToast();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const login = useLogin();
  const rules = loginRules(t);

  // A wrong password is answered by the server's message (global handler); the form stays as typed.
  const onFinish = (values: LoginValues) => {
    // A new attempt clears the last one's error toast, which would otherwise stay next to the success.
    message.destroy();
    login.mutate(values, {
      onSuccess: () => {
        void message.success(m('loggedIn'));
        void navigate(redirectTarget(params), { replace: true });
      },
    });
  };

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
      <Form<LoginValues> layout="vertical" requiredMark={false} size="large" onFinish={onFinish} disabled={login.isPending}>
        <Form.Item name="username" label={t('field.username')} rules={rules.username}>
          <Input prefix={<UserOutlined />} autoComplete="username" autoFocus />
        </Form.Item>
        <Form.Item name="password" label={t('field.password')} rules={rules.password}>
          <Input.Password prefix={<LockOutlined />} autoComplete="current-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={login.isPending} style={{ marginTop: 8 }}>
          {t('auth.login.submit')}
        </Button>
      </Form>
    </AuthLayout>
  );
}
