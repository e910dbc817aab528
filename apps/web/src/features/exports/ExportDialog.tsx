import { useEffect, useState } from 'react';
import { Form, Modal, Tabs, Typography } from 'antd';
import { useNavigate } from 'react-router';
import {
  DEFAULT_DOMAIN_ID,
  DEFAULT_EXPORT_CALL_TYPE,
  DEFAULT_EXPORT_FORMAT,
  type DataOf,
  type ExportPreviewRequest,
  type ExportFormat,
  type routes,
} from '@app/contract';
import {
  useExportOutcome,
  useExportPreflight,
  useFirstPreview,
  useJob,
  useStartExport,
  type ExportCall,
  type ExportTemplateKind,
} from '../../api';
import { useI18n } from '../../app/i18n';
import { PublishTab } from '../publish';
import { ExportFields, type ExportChoices } from './ExportFields';
import { ExportPreflight } from './ExportPreflight';
import { ExportProgress } from './ExportProgress';
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
  const [form] = Form.useForm<ExportChoices>();
  const values = Form.useWatch([], form) as Partial<ExportChoices> | undefined;
  const offline = mode === 'offline';
  // The Publish Online tab has its own buttons (check, publish); the dialog's OK is the offline export's.
  const [tab, setTab] = useState<'offline' | 'publish'>('offline');
  const publishing = offline && tab === 'publish';

  const shopPath = values?.store;
  const marketplace = shopPath?.[0];
  const shopId = last(shopPath);
  const walmart = marketplace === WALMART_MARKETPLACE;
  const format: ExportFormat = offline && !walmart ? (values?.format ?? DEFAULT_EXPORT_FORMAT) : 3;
  // A Walmart shop's files are bulk items; otherwise the format decides the template kind (docs/export-dialog.md).
  const templateKind: ExportTemplateKind = walmart ? 'walmart' : format === 3 ? 'amazon' : 'simple';

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
  const callFor = (v: Partial<ExportChoices>): ExportCall | null => {
    const tpl = last(v.template);
    if (shopId === undefined || typeof tpl !== 'number') return null;
    const common = {
      ids: ids.join(','),
      store_id: shopId,
      template_id: tpl,
      domain_id: v.domain_id ?? DEFAULT_DOMAIN_ID,
      // docs/listing-tools.md#titles: 0 = the products' own titles and keywords.
      title_template_id: v.title_template_id ?? 0,
      keyword_set_id: v.keyword_set_id ?? 0,
    };
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
  const preflight = useExportPreflight(previewRequest);

  const onFinish = (v: ExportChoices) => {
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

  const body = (
    <>
      <ExportFields
        form={form}
        values={values}
        offline={offline}
        running={running}
        marketplace={marketplace}
        shopId={shopId}
        walmart={walmart}
        format={format}
        templateKind={templateKind}
        onFinish={onFinish}
      />
      {/* The check covers every selected product; the preview below, the first one only: each under its own heading. */}
      <Typography.Title level={5} style={{ margin: '4px 0 8px', paddingTop: 12, borderTop: '1px solid rgba(5, 5, 5, 0.06)', fontSize: 14 }}>
        {t('export.preflight')}
      </Typography.Title>
      <section aria-label={t('export.preflight')} style={{ marginBottom: 8 }}>
        <ExportPreflight
          report={previewRequest ? preflight.data : undefined}
          checking={preflight.isFetching}
          count={ids.length}
          failure={preflight.error?.message}
        />
      </section>
      <Typography.Title level={5} style={{ margin: '12px 0 8px', fontSize: 14 }}>
        {t('export.preview')}
      </Typography.Title>
      <section aria-label={t('export.preview')}>
        <PreviewTable
          preview={previewRequest ? preview.data : undefined}
          loading={preview.isFetching}
          ready={templateId !== undefined}
          reasonsAbove={preflight.data !== undefined && !preflight.isFetching && !preflight.error}
        />
      </section>
      <ExportProgress running={running} progress={job.data?.progress} reason={reason} refused={refused} />
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
