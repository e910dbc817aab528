import { Form, Input, Modal, Select } from 'antd';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { accountRoutes as routes } from '@app/contract';
import { useCreateSubAccount, useOffices } from '../../api';
import { useI18n } from '../../app/i18n';
import { useCurrentUser } from '../../app/layout';
import { newAccountRules } from './credentialRules';
import { useFeedback } from '../../app/feedback';

interface CreateValues {
  username: string;
  nickname?: string;
  password: string;
  confirmPassword: string;
  office_id?: number;
}

/** The "new sub-account" dialog, a child route of the list (/account/sub-accounts/new) so it can be linked to. */
export function CreateSubAccountDialog() {
  const me = useCurrentUser();
  const { t } = useI18n();
  const { message } = useFeedback();
  const navigate = useNavigate();
  const { search } = useLocation();
  const [form] = Form.useForm<CreateValues>();
  const create = useCreateSubAccount();
  const offices = useOffices();
  const rules = newAccountRules(t, routes.createChild);

  if (!me.is_parent) return <Navigate to={{ pathname: '..', search }} replace />;

  const close = () => void navigate({ pathname: '..', search });
  const onFinish = ({ username, nickname, password, office_id }: CreateValues) =>
    create.mutate(
      { username, password, nickname: nickname?.trim() || undefined, office_id },
      {
        onSuccess: (account) => {
          void message.success(t('subAccounts.createdDone', { name: account.username }));
          close();
        },
      },
    );

  return (
    <Modal
      open
      title={t('subAccounts.create')}
      okText={t('common.create')}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      onCancel={close}
      confirmLoading={create.isPending}
      destroyOnHidden
      width={480}
    >
      <Form<CreateValues> form={form} layout="vertical" requiredMark={false} onFinish={onFinish} style={{ marginTop: 16 }}>
        <Form.Item name="username" label={t('field.username')} rules={rules.username} extra={t('field.usernameHint')}>
          <Input autoComplete="off" autoFocus />
        </Form.Item>
        <Form.Item name="nickname" label={t('field.nickname')} rules={rules.nickname}>
          <Input placeholder={t('field.optional')} autoComplete="off" />
        </Form.Item>
        <Form.Item name="password" label={t('field.password')} rules={rules.password} extra={t('field.passwordHint')}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="confirmPassword" label={t('field.confirmPassword')} dependencies={['password']} rules={rules.confirmPassword}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        {(offices.data?.length ?? 0) > 0 && (
          <Form.Item name="office_id" label={t('field.office')}>
            <Select
              allowClear
              placeholder={t('field.optional')}
              options={offices.data?.map((o) => ({ value: o.id, label: o.name }))}
              aria-label={t('field.office')}
            />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
