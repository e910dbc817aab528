import { DatePicker, Form, Input, Modal, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { STORE_CREDENTIAL_LABELS, type Store, type StoreCredential } from '@app/contract';
import { useConnectStore } from '../../api';
import { useI18n } from '../../app/i18n';

interface Values {
  app_key: string;
  app_secret: string;
  access_token: string;
  refresh_token?: string;
  expires_at: Dayjs;
  shop_cipher?: string;
  warehouse_id?: string;
}

/**
 * Connecting (or reconnecting) an AliExpress or TikTok Shop shop (POST /api/store/connect; issue 15). The
 * secrets are password inputs and never prefilled: the server never returns them. TikTok Shop (15) also
 * needs the refresh token, shop cipher and warehouse id; the server checks the same and names what is missing.
 */
export function ConnectDialog({ shop, onClose, onDone }: { shop: Store; onClose: () => void; onDone: () => void }) {
  const { t } = useI18n();
  const [form] = Form.useForm<Values>();
  const connect = useConnectStore();
  const tiktok = shop.pid === 15;

  const onFinish = (v: Values) =>
    connect.mutate(
      {
        id: shop.id,
        app_key: v.app_key.trim(),
        app_secret: v.app_secret.trim(),
        access_token: v.access_token.trim(),
        refresh_token: v.refresh_token?.trim(),
        expires_at: v.expires_at.unix(),
        ...(tiktok ? { shop_cipher: v.shop_cipher?.trim(), warehouse_id: v.warehouse_id?.trim() } : {}),
      },
      { onSuccess: onDone },
    );

  const item = (name: StoreCredential, required: boolean, secret: boolean) => (
    <Form.Item
      name={name}
      label={STORE_CREDENTIAL_LABELS[name]}
      rules={
        required ? [{ required: true, whitespace: true, message: t('validate.required', { field: STORE_CREDENTIAL_LABELS[name] }) }] : []
      }
    >
      {secret ? <Input.Password autoComplete="new-password" /> : <Input autoComplete="off" />}
    </Form.Item>
  );

  return (
    <Modal
      open
      title={t('stores.connectTitle', { name: shop.name })}
      okText={t(shop.connected ? 'stores.reconnect' : 'stores.connect')}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={connect.isPending}
      destroyOnHidden
      width={480}
    >
      <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
        {t('stores.connectHint')}
      </Typography.Paragraph>
      <Form<Values> form={form} layout="vertical" requiredMark={false} onFinish={onFinish}>
        {item('app_key', true, false)}
        {item('app_secret', true, true)}
        {item('access_token', true, true)}
        {item('refresh_token', tiktok, true)}
        <Form.Item
          name="expires_at"
          label={t('stores.field.expiresAt')}
          rules={[
            { required: true, message: t('validate.required', { field: t('stores.field.expiresAt') }) },
            {
              validator: (_, v: Dayjs | undefined) =>
                v && !v.isAfter(dayjs()) ? Promise.reject(new Error(t('stores.expiryPast'))) : Promise.resolve(),
            },
          ]}
        >
          <DatePicker showTime format="YYYY-MM-DD HH:mm:ss" style={{ width: '100%' }} aria-label={t('stores.field.expiresAt')} />
        </Form.Item>
        {tiktok && item('shop_cipher', true, true)}
        {tiktok && item('warehouse_id', true, false)}
      </Form>
    </Modal>
  );
}
