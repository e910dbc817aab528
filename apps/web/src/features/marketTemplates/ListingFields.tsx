import { Col, Form, Input, InputNumber, Row, Select } from 'antd';
import { SKU_PREFIX_PATTERN, stockLimitsOf, TEMPLATE_LIMITS } from '@app/contract';
import { useI18n } from '../../app/i18n';
import { FormSection } from '../templates';

/**
 * What a marketplace template adds to every listing beside the marketplace's own fields: the seller SKU prefix
 * (docs/exports.md#skus: the same rule as the export templates') and the stock, the shop's unless overridden
 * (docs/publishing.md#stock), within the marketplace's bounds.
 */
export function ListingFields({ platform }: { platform: 2 | 15 }) {
  const { t, m } = useI18n();
  const form = Form.useFormInstance();
  const mode = (Form.useWatch('stock_mode', form) ?? '') as string;
  const limits = stockLimitsOf(platform);
  return (
    <>
      <FormSection>{t('mtpl.section.skuStock')}</FormSection>
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item
            name="sku_prefix"
            label={t('mtpl.field.skuPrefix')}
            extra={t('mtpl.field.skuPrefixHint')}
            rules={[{ pattern: SKU_PREFIX_PATTERN, message: m('templateSkuPrefix', { max: TEMPLATE_LIMITS.skuPrefix }) }]}
          >
            <Input autoComplete="off" maxLength={TEMPLATE_LIMITS.skuPrefix} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="stock_mode" label={t('mtpl.field.stock')}>
            <Select
              options={[
                { value: '', label: t('mtpl.stock.shop') },
                { value: 'quantity', label: t('stores.stock.modeQuantity') },
                { value: 'made_to_order', label: t('stores.stock.modeMade') },
              ]}
            />
          </Form.Item>
        </Col>
      </Row>
      {mode === 'quantity' && (
        <Form.Item name="stock_quantity" label={t('stores.stock.field.quantity')}>
          <InputNumber min={limits.quantityMin} max={limits.quantityMax} precision={0} style={{ width: '100%' }} />
        </Form.Item>
      )}
      {mode === 'made_to_order' && (
        <Form.Item name="handling_days" label={t('stores.stock.field.handling')}>
          <InputNumber min={limits.handlingMin} max={limits.handlingMax} precision={0} style={{ width: '100%' }} />
        </Form.Item>
      )}
    </>
  );
}
