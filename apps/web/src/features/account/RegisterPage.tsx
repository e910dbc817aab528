import { LockOutlined, SmileOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Form, Input } from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useRegister } from '../../api';
import { useI18n } from '../../app/i18n';
import { redirectTarget } from '../../app/loginRedirect';
import { toastOnArrival } from '../../app/toasts';
import { AuthLayout } from './AuthLayout';
import { newAccountRules } from './credentialRules';

interface RegisterValues {
  username: string;
  nickname?: string;
  password: string;
  confirmPassword: string;
}

export function RegisterPage() {
  const { t, m } = useI18n();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const register = useRegister();
  const rules = newAccountRules(t);

  const onFinish = ({ username, nickname, password }: RegisterValues) =>
    register.mutate(
      { username, password, nickname: nickname?.trim() || undefined },
      {
        onSuccess: () => {
          toastOnArrival('success', m('registered'));
          void navigate(redirectTarget(params), { replace: true });
        },
      },
    );

  return (
    <AuthLayout
      title={t('auth.register.title')}
      subtitle={t('auth.register.subtitle')}
      footer={
        <>
          {t('auth.register.hasAccount')} <Link to={{ pathname: '/login', search: params.toString() }}>{t('auth.register.toLogin')}</Link>
        </>
      }
    >
      <Form<RegisterValues> layout="vertical" requiredMark={false} size="large" onFinish={onFinish} disabled={register.isPending}>
        <Form.Item name="username" label={t('field.username')} rules={rules.username} extra={t('field.usernameHint')}>
          <Input prefix={<UserOutlined />} autoComplete="username" autoFocus />
        </Form.Item>
        <Form.Item name="nickname" label={t('field.nickname')} rules={rules.nickname}>
          <Input prefix={<SmileOutlined />} placeholder={t('field.optional')} autoComplete="nickname" />
        </Form.Item>
        <Form.Item name="password" label={t('field.password')} rules={rules.password} extra={t('field.passwordHint')}>
          <Input.Password prefix={<LockOutlined />} autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="confirmPassword" label={t('field.confirmPassword')} dependencies={['password']} rules={rules.confirmPassword}>
          <Input.Password prefix={<LockOutlined />} autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={register.isPending} style={{ marginTop: 8 }}>
          {t('auth.register.submit')}
        </Button>
      </Form>
    </AuthLayout>
  );
}
