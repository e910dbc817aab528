import { useEffect } from 'react';
import { Col, Form, Input, InputNumber, Radio, Row, Select } from 'antd';
import {
  TIKTOK_DEFAULT_DESCRIPTION,
  TIKTOK_LIMITS,
  TIKTOK_SAVE_MODES,
  TIKTOK_UNIT_PAIRS,
  type TiktokTemplate,
  type TiktokTemplateBody,
} from '@app/contract';
import { useSaveTiktokTemplate } from '../../api';
import { useI18n } from '../../app/i18n';
import { FormSection, TemplateFormDrawer, useSaveThenClose } from '../templates';
import { CategoryIdField, PackageSides } from './PackageFields';
import { ListingFields } from './ListingFields';

type WeightUnit = keyof typeof TIKTOK_UNIT_PAIRS;
const DIGITS = new RegExp(`^\\d{0,${TIKTOK_LIMITS.idChars}}$`);
/** The dimension unit of a weight unit and back (B pairs them: docs/market-templates.md#tiktok). */
const WEIGHT_OF = Object.fromEntries(Object.entries(TIKTOK_UNIT_PAIRS).map(([w, d]) => [d, w])) as Record<string, WeightUnit>;
const SHORT = { KILOGRAM: 'kg', POUND: 'lb', CENTIMETER: 'cm', INCH: 'in' } as const;

/**
 * Create or edit a marketplace B (TikTok Shop) product template (docs/market-templates.md#tiktok): its shop,
 * category, brand, warehouse, package with paired units, size chart, description template and save mode.
 */
export function TiktokTemplateDrawer({ row, onClose }: { row: TiktokTemplate | null; onClose: () => void }) {
  const { t, m } = useI18n();
  const [form] = Form.useForm<TiktokTemplateBody>();
  const save = useSaveTiktokTemplate();
  const saveThenClose = useSaveThenClose(save, onClose);
  const weightUnit = (Form.useWatch('weight_unit', form) ?? 'KILOGRAM') as WeightUnit;
  const dimensionUnit = TIKTOK_UNIT_PAIRS[weightUnit] ?? 'CENTIMETER';

  useEffect(() => {
    form.setFieldsValue(
      row ?? {
        weight_unit: 'KILOGRAM',
        dimension_unit: 'CENTIMETER',
        save_mode: 'LISTING',
        description_template: TIKTOK_DEFAULT_DESCRIPTION,
        package_weight: 0.3,
        package_length: 30,
        package_width: 25,
        package_height: 3,
        stock_mode: '',
      },
    );
  }, [form, row]);

  const onFinish = (v: TiktokTemplateBody) => saveThenClose({ ...v, id: row?.id });
  const digits = (field: string) => ({ pattern: DIGITS, message: m('tiktokIdDigits', { field, max: TIKTOK_LIMITS.idChars }) });

  return (
    <TemplateFormDrawer kind="tiktok" size={680} row={row} form={form} save={save} onFinish={onFinish} onClose={onClose}>
      <FormSection>{t('mtpl.section.category')}</FormSection>
      <Row gutter={16}>
        <Col span={12}>
          <CategoryIdField />
        </Col>
        <Col span={12}>
          <Form.Item name="brand_id" label={t('mtpl.field.brandId')} rules={[digits('brand_id')]}>
            <Input autoComplete="off" maxLength={TIKTOK_LIMITS.idChars} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item
        name="warehouse_id"
        label={t('mtpl.field.warehouseId')}
        extra={t('mtpl.field.warehouseHint')}
        rules={[digits('warehouse_id')]}
      >
        <Input autoComplete="off" maxLength={TIKTOK_LIMITS.idChars} />
      </Form.Item>
      <FormSection>{t('mtpl.section.package')}</FormSection>
      <Row gutter={16}>
        <Col span={8}>
          <Form.Item name="weight_unit" label={t('mtpl.field.units')}>
            <Select
              options={[
                { value: 'KILOGRAM', label: 'KILOGRAM (kg)' },
                { value: 'POUND', label: 'POUND (lb)' },
              ]}
              onChange={(w: WeightUnit) => form.setFieldValue('dimension_unit', TIKTOK_UNIT_PAIRS[w])}
            />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="dimension_unit" label=" ">
            <Select
              aria-label="dimension_unit"
              options={[
                { value: 'CENTIMETER', label: 'CENTIMETER (cm)' },
                { value: 'INCH', label: 'INCH (in)' },
              ]}
              onChange={(d: string) => form.setFieldValue('weight_unit', WEIGHT_OF[d])}
            />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="package_weight" label={t('mtpl.field.weight')} rules={[{ required: true, message: m('tiktokWeight') }]}>
            <InputNumber min={0.001} step={0.1} precision={3} suffix={SHORT[weightUnit]} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>
      <PackageSides min={0.01} precision={2} unit={SHORT[dimensionUnit]} missing={(field) => m('tiktokSide', { field })} />
      <FormSection>{t('mtpl.section.listing')}</FormSection>
      <Form.Item name="size_chart_uri" label={t('mtpl.field.sizeChart')}>
        <Input autoComplete="off" maxLength={TIKTOK_LIMITS.sizeChartUri} />
      </Form.Item>
      <Form.Item
        name="description_template"
        label={t('mtpl.field.description')}
        extra={t('mtpl.field.descriptionHint')}
        rules={[{ required: true, whitespace: true, message: m('tiktokDescriptionEmpty') }]}
      >
        <Input.TextArea rows={6} maxLength={TIKTOK_LIMITS.description} showCount style={{ fontFamily: 'monospace' }} />
      </Form.Item>
      <Form.Item name="save_mode" label={t('mtpl.field.saveMode')}>
        <Radio.Group optionType="button" options={TIKTOK_SAVE_MODES.map((s) => ({ value: s, label: t(`mtpl.save.${s}`) }))} />
      </Form.Item>
      <ListingFields platform={15} />
    </TemplateFormDrawer>
  );
}
