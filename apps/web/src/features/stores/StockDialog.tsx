import { Form, InputNumber, Modal, Radio, Typography } from 'antd';
import { stockLimitsOf, type StockMode, type Store } from '@app/contract';
import { useStoreStock } from '../../api';
import { useI18n } from '../../app/i18n';

interface Values {
  stock_mode: StockMode;
  stock_quantity: number;
  handling_days: number;
}

/**
 * A shop's stock (POST /api/store/stock; docs/publishing.md#stock): a quantity per SKU, or made to order with
 * handling days, within the shop's marketplace's bounds (the server checks the same and says which).
 */
export function StockDialog({ shop, onClose, onDone }: { shop: Store; onClose: () => void; onDone: () => void }) {
  const { t } = useI18n();
  const [form] = Form.useForm<Values>();
  const save = useStoreStock();
  const limits = stockLimitsOf(shop.pid);
  const mode = Form.useWatch('stock_mode', form) ?? shop.stock_mode;

  return (
    <Modal
      open
      title={t('stores.stock.title', { name: shop.name })}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={save.isPending}
      destroyOnHidden
      width={460}
    >
      <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
        {t('stores.stock.hint')}
      </Typography.Paragraph>
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ stock_mode: shop.stock_mode, stock_quantity: shop.stock_quantity, handling_days: shop.handling_days }}
        onFinish={(v) => save.mutate({ id: shop.id, ...v }, { onSuccess: onDone })}
      >
        <Form.Item name="stock_mode" label={t('stores.stock.mode')}>
          <Radio.Group
            options={[
              { value: 'quantity', label: t('stores.stock.modeQuantity') },
              { value: 'made_to_order', label: t('stores.stock.modeMade') },
            ]}
          />
        </Form.Item>
        {mode === 'quantity' ? (
          <Form.Item
            name="stock_quantity"
            label={t('stores.stock.field.quantity')}
            rules={[{ required: true, message: t('validate.required', { field: t('stores.stock.field.quantity') }) }]}
          >
            <InputNumber min={limits.quantityMin} max={limits.quantityMax} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        ) : (
          <Form.Item
            name="handling_days"
            label={t('stores.stock.field.handling')}
            rules={[{ required: true, message: t('validate.required', { field: t('stores.stock.field.handling') }) }]}
          >
            <InputNumber min={limits.handlingMin} max={limits.handlingMax} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
