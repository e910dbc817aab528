import { useEffect } from 'react';
import { Col, Form, Input, InputNumber, Row } from 'antd';
import { SKU_PREFIX_PATTERN, TEMPLATE_LIMITS, type WalmartTemplate, type WalmartTemplateBody } from '@app/contract';
import { useSaveWalmartTemplate } from '../../api';
import { useI18n } from '../../app/i18n';
import { TemplateFormDrawer, useSaveThenClose } from './TemplateFormParts';

/** Create or edit a Walmart-style (bulk items) template on a Walmart shop. */
export function WalmartTemplateDrawer({ row, onClose }: { row: WalmartTemplate | null; onClose: () => void }) {
  const { t, m } = useI18n();
  const [form] = Form.useForm<WalmartTemplateBody>();
  const save = useSaveWalmartTemplate();
  const saveThenClose = useSaveThenClose(save, onClose);

  useEffect(() => {
    form.setFieldsValue(row ?? { quantity: 100 });
  }, [form, row]);

  const onFinish = (v: WalmartTemplateBody) => saveThenClose({ ...v, id: row?.id });

  return (
    <TemplateFormDrawer kind="walmart" row={row} form={form} save={save} onFinish={onFinish} onClose={onClose}>
      <Form.Item
        name="product_type"
        label={t('tpl.field.productType')}
        rules={[{ required: true, whitespace: true, message: m('templateProductTypeEmpty') }]}
      >
        <Input autoComplete="off" maxLength={TEMPLATE_LIMITS.text} placeholder="T-Shirts" />
      </Form.Item>
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item name="brand_name" label={t('tpl.field.brand')}>
            <Input autoComplete="off" maxLength={TEMPLATE_LIMITS.text} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="manufacturer" label={t('tpl.field.manufacturer')}>
            <Input autoComplete="off" maxLength={TEMPLATE_LIMITS.text} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="quantity" label={t('tpl.field.quantity')} rules={[{ required: true, message: m('templateQuantity') }]}>
            <InputNumber min={0} max={TEMPLATE_LIMITS.quantityMax} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            name="sku_prefix"
            label={t('tpl.field.skuPrefix')}
            rules={[{ pattern: SKU_PREFIX_PATTERN, message: m('templateSkuPrefix', { max: TEMPLATE_LIMITS.skuPrefix }) }]}
          >
            <Input autoComplete="off" maxLength={TEMPLATE_LIMITS.skuPrefix} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="product_description" label={t('tpl.field.description')}>
        <Input.TextArea rows={4} maxLength={TEMPLATE_LIMITS.description} showCount />
      </Form.Item>
    </TemplateFormDrawer>
  );
}
