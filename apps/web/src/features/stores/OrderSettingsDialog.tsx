import { Alert, Button, Form, InputNumber, Modal, Radio, Skeleton, Typography } from 'antd';
import { type MessageKey, type Store } from '@app/contract';
import { useMarketShopSettings, useSaveMarketShopSettings, useSyncMarketOrders } from '../../api';
import { formatDateTime } from '../../app/formatDateTime';
import { messageText, useI18n } from '../../app/i18n';
import { useFeedback } from '../../app/feedback';

interface Values {
  order_mode: 'review' | 'auto';
  fee_percent: number;
}

/**
 * A marketplace shop's buyer orders (docs/market-orders.md#order-modes): whether imported orders wait for the seller
 * to pay or are paid from the wallet at once, the marketplace's fee (for each order's profit), when orders were last
 * imported, and an import now.
 */
export function OrderSettingsDialog({ shop, onClose }: { shop: Store; onClose: () => void }) {
  const { t, lang } = useI18n();
  const { message } = useFeedback();
  const settings = useMarketShopSettings(shop.id);
  const save = useSaveMarketShopSettings();
  const sync = useSyncMarketOrders();
  const [form] = Form.useForm<Values>();
  const s = settings.data;

  return (
    <Modal
      open
      title={t('stores.orders.title', { name: shop.name })}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={save.isPending}
      destroyOnHidden
      width={480}
    >
      {!s ? (
        <Skeleton active />
      ) : (
        <>
          <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
            {s.pulled_at ? t('stores.orders.pulledAt', { time: formatDateTime(s.pulled_at) }) : t('stores.orders.never')}
            {s.webhook ? ` · ${t('stores.orders.pushed')}` : ''}
          </Typography.Paragraph>
          {s.pull_error && (
            <Alert
              type="error"
              showIcon
              style={{ marginBottom: 12 }}
              message={messageText(lang, s.pull_error as MessageKey, { reason: '—' })}
            />
          )}
          <Form<Values>
            form={form}
            layout="vertical"
            requiredMark={false}
            initialValues={{ order_mode: s.order_mode, fee_percent: Number(s.fee_percent) }}
            onFinish={(v) =>
              save.mutate(
                { store_id: shop.id, order_mode: v.order_mode, fee_percent: String(v.fee_percent ?? 0) },
                { onSuccess: () => (void message.success(t('stores.orders.saved')), onClose()) },
              )
            }
          >
            <Form.Item name="order_mode" label={t('stores.orders.mode')}>
              <Radio.Group
                options={[
                  { value: 'review', label: t('stores.orders.modeReview') },
                  { value: 'auto', label: t('stores.orders.modeAuto') },
                ]}
              />
            </Form.Item>
            <Form.Item name="fee_percent" label={t('stores.orders.fee')} extra={t('stores.orders.feeHint')}>
              <InputNumber min={0} max={50} precision={2} step={0.5} addonAfter="%" style={{ width: 180 }} />
            </Form.Item>
          </Form>
          <Button
            loading={sync.isPending}
            onClick={() => sync.mutate(shop.id, { onSuccess: () => void message.success(t('stores.orders.syncQueued')) })}
          >
            {t('stores.orders.syncNow')}
          </Button>
        </>
      )}
    </Modal>
  );
}
