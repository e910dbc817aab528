import { useEffect } from 'react';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Col, Flex, Form, Input, InputNumber, Row, Select, Typography } from 'antd';
import {
  ALIEXPRESS_ATTR_FORBIDDEN,
  ALIEXPRESS_LANGUAGES,
  ALIEXPRESS_LIMITS,
  ALIEXPRESS_UNIT_PIECE,
  type AliexpressTemplate,
  type AliexpressTemplateBody,
} from '@app/contract';
import { useSaveAliexpressTemplate } from '../../api';
import { useI18n } from '../../app/i18n';
import { FormSection, TemplateFormDrawer, useSaveThenClose } from '../templates';
import { CategoryIdField, PackageSides } from './PackageFields';
import { ListingFields } from './ListingFields';

type Values = Omit<AliexpressTemplateBody, 'attributes'> & {
  attributes?: { attr_name_id?: number; attr_value_id?: number | null; attr_value?: string }[];
};

/**
 * Create or edit a marketplace A (AliExpress) product template (docs/market-templates.md#aliexpress): its
 * shop, category and attributes (an editable list), freight and service templates, unit, package, language, brand.
 */
export function AliexpressTemplateDrawer({ row, onClose }: { row: AliexpressTemplate | null; onClose: () => void }) {
  const { t, m } = useI18n();
  const [form] = Form.useForm<Values>();
  const save = useSaveAliexpressTemplate();
  const saveThenClose = useSaveThenClose(save, onClose);
  const unit = Form.useWatch('product_unit', form);

  useEffect(() => {
    form.setFieldsValue(
      row ?? {
        product_unit: ALIEXPRESS_UNIT_PIECE,
        language: 'en',
        weight: 0.3,
        package_length: 30,
        package_width: 25,
        package_height: 3,
        attributes: [],
        stock_mode: '',
      },
    );
  }, [form, row]);

  const onFinish = (v: Values) => {
    const attributes = (v.attributes ?? []).map((a) => ({
      attr_name_id: a.attr_name_id!,
      ...(a.attr_value_id ? { attr_value_id: a.attr_value_id } : {}),
      ...(a.attr_value?.trim() ? { attr_value: a.attr_value.trim() } : {}),
    }));
    saveThenClose({ ...v, attributes, id: row?.id });
  };
  const required = (field: string) => ({ required: true, message: t('mtpl.required', { field }) });
  const unitOptions = [{ value: ALIEXPRESS_UNIT_PIECE, label: t('mtpl.unit.piece') }];
  if (unit && unit !== ALIEXPRESS_UNIT_PIECE) unitOptions.push({ value: unit, label: String(unit) });

  return (
    <TemplateFormDrawer kind="aliexpress" size={680} row={row} form={form} save={save} onFinish={onFinish} onClose={onClose}>
      <FormSection>{t('mtpl.section.category')}</FormSection>
      <CategoryIdField />
      <Form.Item label={t('mtpl.field.attributes')} extra={t('mtpl.attr.hint')}>
        <Form.List name="attributes">
          {(fields, { add, remove }) => (
            <Flex vertical gap={8}>
              {fields.map((f, i) => (
                <Flex key={f.key} gap={8} align="start">
                  <Form.Item
                    name={[f.name, 'attr_name_id']}
                    noStyle
                    rules={[{ required: true, message: m('aliexpressAttrNameId', { n: i + 1 }) }]}
                  >
                    <InputNumber
                      min={1}
                      precision={0}
                      controls={false}
                      placeholder={t('mtpl.attr.nameId')}
                      aria-label={`${t('mtpl.attr.nameId')} ${i + 1}`}
                      style={{ width: 130 }}
                    />
                  </Form.Item>
                  <Form.Item name={[f.name, 'attr_value_id']} noStyle>
                    <InputNumber
                      min={1}
                      precision={0}
                      controls={false}
                      placeholder={t('mtpl.attr.valueId')}
                      aria-label={`${t('mtpl.attr.valueId')} ${i + 1}`}
                      style={{ width: 150 }}
                    />
                  </Form.Item>
                  <Form.Item
                    name={[f.name, 'attr_value']}
                    style={{ flex: 1, marginBottom: 0 }}
                    rules={[
                      {
                        validator: (_, v?: string) =>
                          v && ALIEXPRESS_ATTR_FORBIDDEN.test(v)
                            ? Promise.reject(new Error(m('aliexpressAttrValueChars', { n: i + 1 })))
                            : Promise.resolve(),
                      },
                    ]}
                  >
                    <Input
                      maxLength={ALIEXPRESS_LIMITS.attrValue}
                      placeholder={t('mtpl.attr.value')}
                      aria-label={`${t('mtpl.attr.value')} ${i + 1}`}
                    />
                  </Form.Item>
                  <Button
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    onClick={() => remove(f.name)}
                    aria-label={t('mtpl.attr.remove', { n: i + 1 })}
                  />
                </Flex>
              ))}
              {fields.length < ALIEXPRESS_LIMITS.attributes && (
                <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({})} style={{ alignSelf: 'flex-start' }}>
                  {t('mtpl.attr.add')}
                </Button>
              )}
            </Flex>
          )}
        </Form.List>
      </Form.Item>
      <FormSection>{t('mtpl.section.logistics')}</FormSection>
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item
            name="freight_template_id"
            label={t('mtpl.field.freight')}
            rules={[{ required: true, message: m('aliexpressFreightRequired') }]}
          >
            <InputNumber min={1} precision={0} controls={false} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            name="promise_template_id"
            label={t('mtpl.field.promise')}
            rules={[{ required: true, message: m('aliexpressPromiseRequired') }]}
          >
            <InputNumber min={1} precision={0} controls={false} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>
      <FormSection>{t('mtpl.section.package')}</FormSection>
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item
            name="weight"
            label={t('mtpl.field.weightKg')}
            rules={[
              { required: true, message: m('aliexpressWeight', { min: ALIEXPRESS_LIMITS.weightMin, max: ALIEXPRESS_LIMITS.weightMax }) },
            ]}
          >
            <InputNumber
              min={ALIEXPRESS_LIMITS.weightMin}
              max={ALIEXPRESS_LIMITS.weightMax}
              step={0.1}
              precision={3}
              style={{ width: '100%' }}
            />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="product_unit" label={t('mtpl.field.unit')} rules={[required(t('mtpl.field.unit'))]}>
            <Select options={unitOptions} />
          </Form.Item>
        </Col>
      </Row>
      <Typography.Text type="secondary">{t('mtpl.field.sidesCm')}</Typography.Text>
      <div style={{ marginTop: 8 }}>
        <PackageSides
          min={ALIEXPRESS_LIMITS.sideMin}
          max={ALIEXPRESS_LIMITS.sideMax}
          precision={0}
          unit="cm"
          missing={(field) => m('aliexpressSide', { field, min: ALIEXPRESS_LIMITS.sideMin, max: ALIEXPRESS_LIMITS.sideMax })}
        />
      </div>
      <FormSection>{t('mtpl.section.listing')}</FormSection>
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item name="language" label={t('mtpl.field.language')}>
            <Select showSearch options={ALIEXPRESS_LANGUAGES.map((l) => ({ value: l, label: l }))} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="brand_name" label={t('mtpl.field.brandName')}>
            <Input autoComplete="off" maxLength={ALIEXPRESS_LIMITS.brandName} />
          </Form.Item>
        </Col>
      </Row>
      <ListingFields platform={2} />
    </TemplateFormDrawer>
  );
}
