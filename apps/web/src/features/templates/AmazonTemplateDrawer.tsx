import { useEffect } from 'react';
import { UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Col, Form, Input, InputNumber, Row, Select, Skeleton, Typography, Upload } from 'antd';
import { SKU_PREFIX_PATTERN, TEMPLATE_LIMITS, VARIATION_THEMES, type AmazonTemplateBody } from '@app/contract';
import { useAmazonTemplate, useDiyImport, useSaveAmazonTemplate, useTemplateOptions } from '../../api';
import { useI18n } from '../../app/i18n';
import { FormSection, NameField, ShopField, TemplateDrawer, useSaveThenClose } from './TemplateFormParts';
import { useFeedback } from '../../app/feedback';

type Values = AmazonTemplateBody;
const BULLETS = [1, 2, 3, 4, 5] as const;
const bytes = (s: string | undefined) => new TextEncoder().encode(s ?? '').length;

/**
 * Create or edit an Amazon (flat file) template: shop, the cascading option lists (site → category → feed
 * product type → item type), the listing texts, quantity, variation theme and SKU prefix. Editing also
 * imports (or replaces) the seller's own template file, whose column count is shown.
 */
export function AmazonTemplateDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t, m } = useI18n();
  const { message } = useFeedback();
  const [form] = Form.useForm<Values>();
  const detail = useAmazonTemplate(id);
  const save = useSaveAmazonTemplate();
  const saveThenClose = useSaveThenClose(save, onClose);
  const diy = useDiyImport();
  const site = Form.useWatch('site', form);
  const category = Form.useWatch('category', form);
  const feedType = Form.useWatch('feed_product_type', form);
  const keywords = Form.useWatch('generic_keywords', form);
  const sites = useTemplateOptions('site', undefined);
  const categories = useTemplateOptions('category', site);
  const feedTypes = useTemplateOptions('feedType', category);
  const itemTypes = useTemplateOptions('itemType', feedType);

  useEffect(() => {
    if (id === null) form.setFieldsValue({ site: 'US', quantity: 100, variation_theme: '' });
    else if (detail.data) form.setFieldsValue(detail.data);
  }, [form, id, detail.data]);

  const onFinish = (v: Values) => saveThenClose({ ...v, id: id ?? undefined });

  const required = (field: string) => [{ required: true, message: t('tpl.choose', { field }) }];
  const kindName = t('tpl.tab.amazon');

  return (
    <TemplateDrawer
      kindName={kindName}
      editing={id !== null}
      size={760}
      saving={save.isPending}
      saveDisabled={id !== null && !detail.data}
      onClose={onClose}
      onSave={() => form.submit()}
    >
      {id !== null && !detail.data ? (
        <Skeleton active />
      ) : (
        <Form<Values> form={form} layout="vertical" requiredMark={false} onFinish={onFinish}>
          {id !== null && detail.data && (
            <Alert
              style={{ marginBottom: 16 }}
              type={detail.data.custom ? 'success' : 'info'}
              showIcon
              title={detail.data.custom ? t('tpl.custom', { n: detail.data.custom_columns }) : t('tpl.builtin')}
              description={t('tpl.diyHint')}
              action={
                <Upload
                  accept=".xlsx,.xlsm"
                  showUploadList={false}
                  beforeUpload={(file) => {
                    diy.mutate({ file, id }, { onSuccess: (r) => void message.success(t('tpl.diyDone', { n: r.custom_columns })) });
                    return false;
                  }}
                >
                  <Button size="small" icon={<UploadOutlined />} loading={diy.isPending}>
                    {detail.data.custom ? t('tpl.diyReplace') : t('tpl.diy')}
                  </Button>
                </Upload>
              }
            />
          )}
          <Row gutter={16}>
            <Col span={12}>
              <ShopField kind="amazon" />
            </Col>
            <Col span={12}>
              <NameField />
            </Col>
          </Row>
          <FormSection>{t('tpl.section.listing')}</FormSection>
          <Row gutter={16}>
            <Col span={12}>
              <Form.Item name="site" label={t('tpl.field.site')} rules={required(t('tpl.field.site'))}>
                <Select
                  aria-label={t('tpl.field.site')}
                  loading={sites.isLoading}
                  options={(sites.data ?? []).map((o) => ({ value: o.value, label: `${o.label} (${o.value})` }))}
                />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="category" label={t('tpl.field.category')} rules={required(t('tpl.field.category'))}>
                <Select
                  aria-label={t('tpl.field.category')}
                  disabled={!site}
                  options={categories.data ?? []}
                  onChange={() => form.setFieldsValue({ feed_product_type: undefined, item_type: undefined })}
                />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="feed_product_type" label={t('tpl.field.feedType')} rules={required(t('tpl.field.feedType'))}>
                <Select
                  aria-label={t('tpl.field.feedType')}
                  disabled={!category}
                  options={feedTypes.data ?? []}
                  onChange={() => form.setFieldsValue({ item_type: undefined })}
                />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="item_type" label={t('tpl.field.itemType')} rules={required(t('tpl.field.itemType'))}>
                <Select
                  aria-label={t('tpl.field.itemType')}
                  disabled={!feedType}
                  options={(itemTypes.data ?? []).map((o) => ({ value: o.value, label: `${o.label} (${o.value})` }))}
                />
              </Form.Item>
            </Col>
          </Row>
          <FormSection>{t('tpl.section.content')}</FormSection>
          <Row gutter={16}>
            <Col span={8}>
              <Form.Item name="brand_name" label={t('tpl.field.brand')}>
                <Input autoComplete="off" maxLength={TEMPLATE_LIMITS.text} />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item name="manufacturer" label={t('tpl.field.manufacturer')}>
                <Input autoComplete="off" maxLength={TEMPLATE_LIMITS.text} />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item name="department_name" label={t('tpl.field.department')}>
                <Input autoComplete="off" maxLength={TEMPLATE_LIMITS.text} placeholder="mens / womens / unisex-adult" />
              </Form.Item>
            </Col>
          </Row>
          {BULLETS.map((n) => (
            <Form.Item key={n} name={`bullet_point${n}`} label={t('tpl.field.bullet', { n })}>
              <Input maxLength={TEMPLATE_LIMITS.bullet} showCount autoComplete="off" />
            </Form.Item>
          ))}
          <Form.Item
            name="generic_keywords"
            label={t('tpl.field.keywords')}
            extra={
              <Typography.Text type={bytes(keywords) > TEMPLATE_LIMITS.keywordsBytes ? 'danger' : 'secondary'}>
                {t('tpl.keywordsBytes', { bytes: bytes(keywords) })}
              </Typography.Text>
            }
          >
            <Input autoComplete="off" />
          </Form.Item>
          <Form.Item name="product_description" label={t('tpl.field.description')}>
            <Input.TextArea rows={4} maxLength={TEMPLATE_LIMITS.description} showCount />
          </Form.Item>
          <FormSection>{t('tpl.section.stock')}</FormSection>
          <Row gutter={16}>
            <Col span={8}>
              <Form.Item name="quantity" label={t('tpl.field.quantity')} rules={[{ required: true, message: m('templateQuantity') }]}>
                <InputNumber min={0} max={TEMPLATE_LIMITS.quantityMax} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item name="variation_theme" label={t('tpl.field.theme')}>
                <Select
                  aria-label={t('tpl.field.theme')}
                  options={[{ value: '', label: t('tpl.theme.auto') }, ...VARIATION_THEMES.map((v) => ({ value: v, label: v }))]}
                />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item
                name="sku_prefix"
                label={t('tpl.field.skuPrefix')}
                rules={[{ pattern: SKU_PREFIX_PATTERN, message: m('templateSkuPrefix', { max: TEMPLATE_LIMITS.skuPrefix }) }]}
              >
                <Input autoComplete="off" maxLength={TEMPLATE_LIMITS.skuPrefix} placeholder="SUN-" />
              </Form.Item>
            </Col>
          </Row>
        </Form>
      )}
    </TemplateDrawer>
  );
}
