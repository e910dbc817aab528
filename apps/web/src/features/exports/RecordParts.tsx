import { Flex, Progress, Table, Typography } from 'antd';
import type { ExportProductError, ExportRecord, ExportStorage } from '@app/contract';
import { useI18n } from '../../app/i18n';
import { humanSize } from './labels';

/** Products one list names, finished number and reasons, one line each. */
function ProductReasons({ items, testId }: { items: ExportProductError[]; testId: string }) {
  const { t } = useI18n();
  return (
    <Table
      size="small"
      rowKey="finished_id"
      pagination={false}
      dataSource={items}
      style={{ maxWidth: 900 }}
      data-testid={testId}
      columns={[
        { title: t('exportRecords.errorKey'), dataIndex: 'key_id', width: 200 },
        {
          title: t('exportRecords.errorReasons'),
          dataIndex: 'reasons',
          render: (reasons: string[]) => (
            <ul style={{ margin: 0, paddingInlineStart: 18 }}>
              {reasons.map((r) => (
                <li key={r}>{r}</li>
              ))}
            </ul>
          ),
        },
      ]}
    />
  );
}

/**
 * A record's row, expanded: the products left out of the file and why, then the products written with
 * something to know (a Txt field a spreadsheet would read as a formula).
 */
export function RecordDetails({ record }: { record: ExportRecord }) {
  const { t } = useI18n();
  return (
    <Flex vertical gap={12}>
      {record.errors.length > 0 && (
        <Flex vertical gap={4}>
          <Typography.Text strong>{t('exportRecords.refusedTitle', { n: record.errors.length })}</Typography.Text>
          <ProductReasons items={record.errors} testId="record-refused" />
        </Flex>
      )}
      {record.warnings.length > 0 && (
        <Flex vertical gap={4}>
          <Typography.Text strong>{t('exportRecords.warningsTitle', { n: record.warnings.length })}</Typography.Text>
          <ProductReasons items={record.warnings} testId="record-warnings" />
        </Flex>
      )}
    </Flex>
  );
}

/** How long files are kept and how much of the family's quota they use (docs/exports.md#retention). */
export function StorageLine({ storage }: { storage: ExportStorage }) {
  const { t } = useI18n();
  const percent = storage.quota_bytes > 0 ? Math.min(100, Math.round((storage.used_bytes / storage.quota_bytes) * 100)) : 0;
  return (
    <Flex align="center" gap={12} wrap style={{ marginBottom: 12 }} data-testid="export-storage">
      <Typography.Text type="secondary">
        {t('exportRecords.storage', {
          days: storage.retention_days,
          used: humanSize(storage.used_bytes),
          quota: humanSize(storage.quota_bytes),
        })}
      </Typography.Text>
      <Progress
        percent={percent}
        size="small"
        showInfo={false}
        status={percent >= 90 ? 'exception' : 'normal'}
        style={{ width: 160, margin: 0 }}
      />
    </Flex>
  );
}
