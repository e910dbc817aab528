import { useEffect, useState } from 'react';
import { DownloadOutlined, FileExcelOutlined, UploadOutlined } from '@ant-design/icons';
import { Badge, Button, Flex, Modal, Table, Typography, Upload } from 'antd';
import {
  BATCH_EXCEL_MAX_BYTES,
  BATCH_LIST_REFRESH_DELAY_MS,
  BATCH_TRUNCATION_NOTICE_MS,
  type routes,
  type BatchRow,
  type DataOf,
  type FinishedRow,
  type JobView,
} from '@app/contract';
import { ApiError, parseBatchSheet, useJobs, useRefreshFinished, useStartBatchDesign } from '../../../api';
import { useI18n } from '../../../app/i18n';
import { useFeedback } from '../../../app/feedback';

/** A ready-made sheet with the 号码 and 姓名 header and one example row (apps/web/public, served as is). */
const TEMPLATE_URL = '/batch-design-template.xlsx';

type Started = DataOf<typeof routes.batchDesign>['list'][number];

const STATUS_BADGE: Record<JobView['status'], 'default' | 'processing' | 'success' | 'error'> = {
  queued: 'default',
  running: 'processing',
  done: 'success',
  failed: 'error',
};

/**
 * Excel batch design (docs/finished.md#dialogs, docs/domain.md#excel-batch-design): a .xls or .xlsx of 号码 and 姓名 is previewed (20 rows at most,
 * the rest cut with a notice that closes after 3 s); Confirm makes one finished product per row from this
 * product's design. Each row's job is followed here (useJobs) until it is done or failed.
 */
export function ExcelBatchDialog({ row, onClose }: { row: FinishedRow; onClose: () => void }) {
  const { t, m } = useI18n();
  const { message } = useFeedback();
  const refreshFinished = useRefreshFinished();
  const startBatch = useStartBatchDesign();
  const [rows, setRows] = useState<BatchRow[]>([]);
  const [reading, setReading] = useState(false);
  const [started, setStarted] = useState<Started[]>([]);

  const jobs = useJobs(started.map((s) => s.job_id));
  // docs/finished.md#states: the list refreshes 2 s after the last request.
  useEffect(() => {
    if (started.length === 0) return;
    const timer = setTimeout(() => void refreshFinished(), BATCH_LIST_REFRESH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [started, refreshFinished]);

  const read = async (file: File) => {
    if (!/\.(xlsx|xls)$/i.test(file.name)) return void message.error(m('excelFormat'));
    if (file.size > BATCH_EXCEL_MAX_BYTES) return void message.error(m('excelTooLarge'));
    setReading(true);
    try {
      const sheet = await parseBatchSheet(file);
      setRows(sheet.rows);
      if (sheet.truncated) void message.warning({ content: m('batchTruncated'), duration: BATCH_TRUNCATION_NOTICE_MS / 1000 });
    } catch (e) {
      setRows([]);
      void message.error(e instanceof ApiError ? e.msg : m('excelFormat'));
    } finally {
      setReading(false);
    }
  };

  const start = async () => {
    try {
      const res = await startBatch.mutateAsync({ key_id: row.key_id, rows });
      setStarted(res.list);
      void message.success(m('batchDesignStarted'));
    } catch {
      // shown by the API error handler
    }
  };

  const statusOf = (i: number) => jobs[i]?.data?.status;
  const doneCount = started.filter((_, i) => statusOf(i) === 'done').length;
  const failedCount = started.filter((_, i) => statusOf(i) === 'failed').length;

  return (
    <Modal
      open
      title={t('finished.excel.title')}
      width={640}
      onCancel={onClose}
      footer={
        started.length ? (
          <Button type="primary" onClick={onClose}>
            {t('common.close')}
          </Button>
        ) : (
          <Flex justify="end" gap={8}>
            <Button onClick={onClose}>{t('common.cancel')}</Button>
            <Button type="primary" disabled={rows.length === 0} loading={startBatch.isPending} onClick={() => void start()}>
              {t('common.confirm')}
            </Button>
          </Flex>
        )
      }
    >
      {started.length === 0 ? (
        <>
          <Flex justify="space-between" align="center" style={{ marginBottom: 12 }} gap={8}>
            <Typography.Text type="secondary">{t('finished.excel.hint')}</Typography.Text>
            <Flex gap={8}>
              <Button icon={<DownloadOutlined />} href={TEMPLATE_URL} download={t('finished.excel.templateFile')}>
                {t('finished.excel.template')}
              </Button>
              <Upload
                accept=".xls,.xlsx"
                showUploadList={false}
                beforeUpload={(file) => {
                  void read(file);
                  return false;
                }}
              >
                <Button icon={<UploadOutlined />} loading={reading}>
                  {t('finished.excel.choose')}
                </Button>
              </Upload>
            </Flex>
          </Flex>
          <Table<BatchRow>
            rowKey={(_, i) => String(i)}
            size="small"
            dataSource={rows}
            pagination={false}
            scroll={{ y: 360 }}
            locale={{
              emptyText: (
                <Flex vertical align="center" gap={6}>
                  <FileExcelOutlined style={{ fontSize: 28, color: '#bbb' }} />
                  {t('finished.excel.empty')}
                </Flex>
              ),
            }}
            columns={[
              { title: '号码', dataIndex: 'number', width: 140 },
              { title: '姓名', dataIndex: 'name' },
            ]}
          />
        </>
      ) : (
        <>
          <Typography.Paragraph data-testid="batch-progress">
            {t('finished.excel.progress', { done: doneCount, failed: failedCount, total: started.length })}
          </Typography.Paragraph>
          <Table<Started>
            rowKey="task_id"
            size="small"
            dataSource={started}
            pagination={false}
            scroll={{ y: 360 }}
            columns={[
              { title: '号码', dataIndex: 'number', width: 90 },
              { title: '姓名', dataIndex: 'name', width: 120 },
              {
                title: t('finished.info.keyId'),
                dataIndex: 'key_id',
                render: (k: string) => <span style={{ fontVariantNumeric: 'tabular-nums' }}>{k}</span>,
              },
              {
                title: t('finished.excel.status'),
                key: 'status',
                width: 130,
                render: (_, s, i) => {
                  const job = jobs[i]?.data;
                  const status = job?.status ?? 'queued';
                  return (
                    <Badge
                      status={STATUS_BADGE[status]}
                      text={<span title={job?.error ?? undefined}>{t(`finished.excel.job.${status}`)}</span>}
                      data-testid={`job-${s.task_id}`}
                    />
                  );
                },
              },
            ]}
          />
        </>
      )}
    </Modal>
  );
}
