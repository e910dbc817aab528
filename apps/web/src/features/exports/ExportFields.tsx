import { Cascader, Checkbox, Col, Flex, Form, Radio, Row, Select, type FormInstance } from 'antd';
import { DEFAULT_DOMAIN_ID, DEFAULT_EXPORT_FORMAT, DEFAULT_PRICE_TEMPLATE_ID, EXPORT_FORMATS, type ExportFormat } from '@app/contract';
import { useExportTemplates, useImageDomains, usePriceTemplates, useStores, useWatermarks, type ExportTemplateKind } from '../../api';
import { labelWithPage, newTabLink, PriceTemplateSelect } from '../../app/components';
import { useI18n } from '../../app/i18n';
import { priceTemplateOptions } from '../priceTemplates';
import { TitlePickers, TITLE_CHOICE_DEFAULTS } from '../titles';

/** The export dialog's choices (docs/export-dialog.md): cascaders hold a path, only its last value is sent. */
export interface ExportChoices {
  store: number[];
  template: (string | number)[];
  format: ExportFormat;
  price_template_id: number;
  domain_id: number;
  watermark_id: number;
  main_watermark: boolean;
  /** docs/listing-tools.md#titles: 0 = none. */
  title_template_id: number;
  keyword_set_id: number;
}

const DEFAULTS: Partial<ExportChoices> = {
  format: DEFAULT_EXPORT_FORMAT,
  price_template_id: DEFAULT_PRICE_TEMPLATE_ID,
  domain_id: DEFAULT_DOMAIN_ID,
  watermark_id: 0,
  main_watermark: false,
  ...TITLE_CHOICE_DEFAULTS,
};

/**
 * Where and how to export (docs/export-dialog.md): the shop, the product template of the kind the shop
 * and format call for, and in the offline dialog the format, pricing template and watermark; the image
 * domain in both. The lists each field offers are fetched here.
 */
export function ExportFields({
  form,
  values,
  offline,
  running,
  marketplace,
  shopId,
  walmart,
  format,
  templateKind,
  onFinish,
}: {
  form: FormInstance<ExportChoices>;
  values: Partial<ExportChoices> | undefined;
  offline: boolean;
  /** The export is running: nothing can be changed. */
  running: boolean;
  marketplace: number | undefined;
  shopId: number | undefined;
  walmart: boolean;
  format: ExportFormat;
  templateKind: ExportTemplateKind;
  onFinish: (v: ExportChoices) => void;
}) {
  const { t } = useI18n();
  const shops = useStores();
  const templates = useExportTemplates(templateKind, shopId);
  // Txt also writes the large marketplace's flat file as its own tab-delimited text (docs/export-dialog.md).
  const txtFlatFile = format === 9 && templateKind === 'simple';
  const flatTemplates = useExportTemplates('amazon', txtFlatFile ? shopId : undefined);
  // The templates that fit the shop's marketplace (docs/pricing-templates.md#which-templates-a-shop-is-offered).
  const priceTemplates = usePriceTemplates({ pageNumber: 1, pageSize: 100, for_platform: marketplace });
  const domains = useImageDomains();
  // docs/limits.md: the watermark list is fetched 100 at a time.
  const watermarks = useWatermarks({ pageNumber: 1, pageSize: 100 });

  const anyShop = (shops.data ?? []).some((m) => m.stores.length > 0);
  // With no shop at all the cascader says so (and links to /stores) instead of listing empty marketplaces.
  const shopOptions = (anyShop ? (shops.data ?? []) : []).map((m) => ({
    value: m.id,
    label: m.name,
    disabled: m.stores.length === 0,
    children: m.stores.map((s) => ({ value: s.id, label: s.name })),
  }));
  // A simple template is made for one format (6 or 9): only those of the chosen one.
  const kindTemplates = (templates.data ?? [])
    .filter((tpl) => tpl.format === undefined || templateKind !== 'simple' || tpl.format === format)
    .map((tpl) => ({ value: tpl.id, label: tpl.name }));
  // No kind node without templates: an empty one would be a choosable leaf, and the seller is told instead.
  const flatOptions = txtFlatFile ? (flatTemplates.data ?? []).map((tpl) => ({ value: tpl.id, label: tpl.name })) : [];
  const templateOptions = [
    ...(flatOptions.length ? [{ value: 'amazon', label: t('export.kind.amazon'), children: flatOptions }] : []),
    ...(kindTemplates.length ? [{ value: templateKind, label: t(`export.kind.${templateKind}`), children: kindTemplates }] : []),
  ];

  return (
    <Form<ExportChoices>
      form={form}
      layout="vertical"
      requiredMark
      initialValues={DEFAULTS}
      onFinish={onFinish}
      disabled={running}
      onValuesChange={(changed: Partial<ExportChoices>) => {
        // Another shop or format has other templates: the chosen one no longer applies.
        if ('store' in changed || 'format' in changed) form.setFieldValue('template', undefined);
      }}
    >
      <Row gutter={24}>
        <Col span={12}>
          <Form.Item name="store" label={t('export.f.store')} rules={[{ required: true, message: t('export.v.store') }]}>
            <Cascader
              aria-label={t('export.f.store')}
              options={shopOptions}
              placeholder={t('export.f.storePh')}
              loading={shops.isPending}
              notFoundContent={
                <Flex vertical align="center" gap={4} style={{ padding: 8 }}>
                  {t('export.f.noStores')}
                  {newTabLink('/stores', t('export.f.addStore'))}
                </Flex>
              }
              showSearch
              expandTrigger="hover"
            />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            name="template"
            label={labelWithPage(t('export.f.template'), '/templates', t('export.f.manageTemplates'))}
            rules={[{ required: true, message: t('export.v.template') }]}
          >
            <Cascader
              aria-label={t('export.f.template')}
              options={templateOptions}
              disabled={shopId === undefined || running}
              placeholder={shopId === undefined ? t('export.f.templateNeedsStore') : t('export.f.templatePh')}
              loading={templates.isFetching || flatTemplates.isFetching}
              notFoundContent={t('export.f.noTemplates')}
              showSearch
              expandTrigger="hover"
            />
          </Form.Item>
        </Col>
        {offline && (
          <Col span={12}>
            <Form.Item name="format" label={t('export.f.format')} extra={walmart ? t('export.v.walmartFormat') : undefined}>
              <Radio.Group
                aria-label={t('export.f.format')}
                optionType="button"
                options={Object.values(EXPORT_FORMATS).map((f) => ({
                  value: f,
                  label: t(`export.format.${f}`),
                  disabled: walmart && f !== 3,
                }))}
              />
            </Form.Item>
          </Col>
        )}
        {offline && (
          <Col span={12}>
            <Form.Item name="price_template_id" label={t('export.f.priceTemplate')}>
              <PriceTemplateSelect
                label={t('export.f.priceTemplate')}
                defaultLabel={t('export.f.systemDefault')}
                templates={priceTemplateOptions(priceTemplates.data?.list, marketplace, t)}
                loading={priceTemplates.isPending}
              />
            </Form.Item>
          </Col>
        )}
        <TitlePickers form={form} shop={(shops.data ?? []).flatMap((m) => m.stores).find((s) => s.id === shopId)} disabled={running} />
        <Col span={12}>
          <Form.Item name="domain_id" label={t('export.f.domain')}>
            <Select
              aria-label={t('export.f.domain')}
              loading={domains.isPending}
              options={(domains.data ?? [{ id: DEFAULT_DOMAIN_ID, title: '…' }]).map((d) => ({ value: d.id, label: d.title }))}
            />
          </Form.Item>
        </Col>
        {offline && (
          <Col span={12}>
            <Form.Item label={labelWithPage(t('export.f.watermark'), '/watermark', t('export.f.manageWatermarks'))}>
              <Flex gap={16} align="center">
                <Form.Item name="watermark_id" noStyle>
                  <Select
                    aria-label={t('export.f.watermark')}
                    style={{ flex: 1, minWidth: 0 }}
                    loading={watermarks.isPending}
                    options={[
                      { value: 0, label: t('export.f.noWatermark') },
                      ...(watermarks.data?.datalist ?? []).map((w) => ({ value: w.id, label: w.name })),
                    ]}
                  />
                </Form.Item>
                <Form.Item name="main_watermark" valuePropName="checked" noStyle>
                  <Checkbox disabled={!values?.watermark_id || running}>{t('export.f.mainWatermark')}</Checkbox>
                </Form.Item>
              </Flex>
            </Form.Item>
          </Col>
        )}
      </Row>
    </Form>
  );
}
