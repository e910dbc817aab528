import { useEffect, useState } from 'react';
import { Alert, Cascader, Checkbox, Col, Flex, Form, Modal, Progress, Radio, Row, Select, Tabs, Typography } from 'antd';
import { useNavigate } from 'react-router';
import {
  DEFAULT_DOMAIN_ID,
  DEFAULT_EXPORT_CALL_TYPE,
  DEFAULT_EXPORT_FORMAT,
  DEFAULT_PRICE_TEMPLATE_ID,
  EXPORT_FORMATS,
  type DataOf,
  type ExportPreviewRequest,
  type ExportFormat,
  type routes,
} from '@app/contract';
import {
  useExportOutcome,
  useExportTemplates,
  useFirstPreview,
  useImageDomains,
  useJob,
  usePriceTemplates,
  useStartExport,
  useStores,
  useWatermarks,
  type ExportCall,
  type ExportTemplateKind,
} from '../../api';
import { labelWithPage, newTabLink } from '../../app/components';
import { useI18n } from '../../app/i18n';
import { PublishTab } from '../publish';
import { PreviewTable } from './PreviewTable';
import { WALMART_MARKETPLACE } from './labels';

/**
 * Which export dialog this is (docs/export-dialog.md):
 * - 'offline': the export dialog with its two tabs. Offline Export: shop, product template, format 3/6/9,
 *   pricing template, image domain, watermark and the main-image-watermark flag → GET /api/finished/exports
 *   (a Walmart shop → walmartExports). Publish Online: PublishTab, with its own buttons.
 * - 'excel': the second, Excel-style dialog "that also takes the domain": exactly the fields of docs/api.md#export-and-shops's
 *   amazonExports {ids, store_id, template_id, domain_id} — shop, a large-marketplace template and the
 *   domain; the file is the flat file (.xlsx) with the system-default price and no watermark (a Walmart
 *   shop → walmartExports, same shape).
 */
export type ExportDialogMode = 'offline' | 'excel';

interface Values {
  store: number[];
  template: (string | number)[];
  format: ExportFormat;
  price_template_id: number;
  domain_id: number;
  watermark_id: number;
  main_watermark: boolean;
}

const DEFAULTS: Partial<Values> = {
  format: DEFAULT_EXPORT_FORMAT,
  price_template_id: DEFAULT_PRICE_TEMPLATE_ID,
  domain_id: DEFAULT_DOMAIN_ID,
  watermark_id: 0,
  main_watermark: false,
};

/** The last value of a cascader path (only it is sent: docs/api.md#fields). */
const last = <T,>(path: readonly T[] | undefined): T | undefined => path?.[path.length - 1];

/**
 * The export dialog (docs/export-dialog.md): the seller picks where and how; the first product's
 * rows are previewed before confirming; confirm starts the export job and shows its progress; on success
 * the dialog closes and the seller lands on /export-records, on failure the reason shows and the dialog
 * stays open to try again.
 */
export function ExportDialog({ ids, mode, onClose }: { ids: number[]; mode: ExportDialogMode; onClose: () => void }) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const values = Form.useWatch([], form) as Partial<Values> | undefined;
  const offline = mode === 'offline';
  // The Publish Online tab has its own buttons (check, publish); the dialog's OK is the offline export's.
  const [tab, setTab] = useState<'offline' | 'publish'>('offline');
  const publishing = offline && tab === 'publish';

  const shops = useStores();
  const shopPath = values?.store;
  const marketplace = shopPath?.[0];
  const shopId = last(shopPath);
  const walmart = marketplace === WALMART_MARKETPLACE;
  const format: ExportFormat = offline && !walmart ? (values?.format ?? DEFAULT_EXPORT_FORMAT) : 3;
  // A Walmart shop's files are bulk items; otherwise the format decides the template kind (docs/export-dialog.md).
  const templateKind: ExportTemplateKind = walmart ? 'walmart' : format === 3 ? 'amazon' : 'simple';
  const templates = useExportTemplates(templateKind, shopId);
  // Platform types (docs/limits.md#marketplaces): 1 the large marketplace, 2 marketplace A; other shops see every template.
  const priceTemplates = usePriceTemplates({
    pageNumber: 1,
    pageSize: 100,
    platform_type: marketplace === 1 || marketplace === 2 ? marketplace : undefined,
  });
  const domains = useImageDomains();
  // docs/limits.md: the watermark list is fetched 100 at a time.
  const watermarks = useWatermarks({ pageNumber: 1, pageSize: 100 });

  const start = useStartExport();
  const [started, setStarted] = useState<DataOf<typeof routes.finishedExports>>();
  const [failure, setFailure] = useState<string>();
  const job = useJob(started?.job_id);
  const jobStatus = job.data?.status;
  // A done job may still have written nothing (every product refused): its record says so.
  const outcome = useExportOutcome(started?.export_id, jobStatus === 'done');
  const record = outcome.data?.record;
  const recordFailed = record?.status === 'failed';

  // docs/export-dialog.md: on success the dialog closes and the seller goes to /export-records.
  const succeeded = jobStatus === 'done' && outcome.data !== undefined && !recordFailed;
  useEffect(() => {
    if (!succeeded) return;
    onClose();
    void navigate('/export-records');
  }, [succeeded, navigate, onClose]);
  // A failure keeps the dialog open with its reason: the call's refusal, the job's error or the record's.
  const jobFailed = jobStatus === 'failed';
  const reason = jobFailed ? (job.data?.error ?? '') : recordFailed ? record.message : failure;
  const refused = recordFailed ? record.errors : [];

  const templateId = last(values?.template);
  const callFor = (v: Partial<Values>): ExportCall | null => {
    const tpl = last(v.template);
    if (shopId === undefined || typeof tpl !== 'number') return null;
    const common = { ids: ids.join(','), store_id: shopId, template_id: tpl, domain_id: v.domain_id ?? DEFAULT_DOMAIN_ID };
    const extra = offline
      ? {
          price_template_id: v.price_template_id ?? 0,
          watermark_id: v.watermark_id ?? 0,
          main_watermark: v.main_watermark && v.watermark_id ? 1 : 0,
        }
      : {};
    if (walmart) return { kind: 'walmart', query: { ...common, ...extra } };
    if (!offline) return { kind: 'amazon', query: common };
    return { kind: 'exports', query: { ...common, ...extra, format, type: DEFAULT_EXPORT_CALL_TYPE } };
  };

  // Asked for again whenever a choice changes (the query key is the request itself).
  const previewCall = values ? callFor(values) : null;
  const previewRequest: ExportPreviewRequest | null = previewCall ? { ...previewCall.query, kind: previewCall.kind } : null;
  const preview = useFirstPreview(previewRequest);

  const onFinish = (v: Values) => {
    const c = callFor(v);
    if (!c) return;
    setFailure(undefined);
    setStarted(undefined);
    start.mutate(c, {
      onSuccess: setStarted,
      onError: (e) => setFailure(e.message),
    });
  };

  const running = started !== undefined && !jobFailed && !recordFailed;
  const progress = job.data?.progress;
  const percent = progress && progress.total > 0 ? Math.round((progress.done / progress.total) * 100) : 0;

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
  const templateOptions = kindTemplates.length
    ? [{ value: templateKind, label: t(`export.kind.${templateKind}`), children: kindTemplates }]
    : [];

  const form$ = (
    <Form<Values>
      form={form}
      layout="vertical"
      requiredMark
      initialValues={DEFAULTS}
      onFinish={onFinish}
      disabled={running}
      onValuesChange={(changed: Partial<Values>) => {
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
              loading={templates.isFetching}
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
              <Select
                aria-label={t('export.f.priceTemplate')}
                loading={priceTemplates.isPending}
                showSearch
                optionFilterProp="label"
                options={[
                  { value: DEFAULT_PRICE_TEMPLATE_ID, label: t('export.f.systemDefault') },
                  ...(priceTemplates.data?.list ?? []).map((p) => ({ value: p.id, label: p.name })),
                ]}
              />
            </Form.Item>
          </Col>
        )}
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

  const body = (
    <>
      {form$}
      <Typography.Title level={5} style={{ margin: '4px 0 8px', paddingTop: 12, borderTop: '1px solid rgba(5, 5, 5, 0.06)', fontSize: 14 }}>
        {t('export.preview')}
      </Typography.Title>
      <section aria-label={t('export.preview')}>
        <PreviewTable preview={previewRequest ? preview.data : undefined} loading={preview.isFetching} ready={templateId !== undefined} />
      </section>
      {running && (
        <Flex vertical gap={4} style={{ marginTop: 16 }} data-testid="export-progress">
          <Typography.Text>
            {progress ? t('export.running', { done: progress.done, total: progress.total }) : t('export.queued')}
          </Typography.Text>
          <Progress percent={percent} status="active" />
        </Flex>
      )}
      {reason !== undefined && (
        <Alert
          type="error"
          showIcon
          style={{ marginTop: 16 }}
          title={t('export.failed', { reason })}
          data-testid="export-failure"
          description={
            refused.length > 0 && (
              <ul style={{ margin: 0, paddingInlineStart: 18, maxHeight: 120, overflowY: 'auto' }}>
                {refused.map((e) => (
                  <li key={e.finished_id}>
                    {e.key_id}: {e.reasons.join('；')}
                  </li>
                ))}
              </ul>
            )
          }
        />
      )}
    </>
  );

  return (
    <Modal
      open
      title={t(publishing ? 'publish.dialogTitle' : offline ? 'export.title' : 'export.excelTitle', { n: ids.length })}
      width={offline ? 960 : 720}
      okText={t('export.confirm')}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      confirmLoading={start.isPending || running}
      onCancel={onClose}
      footer={publishing ? null : undefined}
      destroyOnHidden
      maskClosable={false}
    >
      {offline ? (
        <Tabs
          activeKey={tab}
          onChange={(k) => setTab(k as typeof tab)}
          items={[
            { key: 'offline', label: t('export.tab.offline'), children: body },
            { key: 'publish', label: t('publish.tab'), children: <PublishTab ids={ids} onClose={onClose} /> },
          ]}
        />
      ) : (
        body
      )}
    </Modal>
  );
}
