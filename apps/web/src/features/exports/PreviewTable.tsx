import { Alert, Empty, Flex, Spin, Table, Typography } from 'antd';
import { EXPORT_PRICE_FIELDS, type ExportPreview } from '@app/contract';
import { useI18n } from '../../app/i18n';

type PreviewRow = { key: number; cells: string[] };

/**
 * "预览首个商品": the rows the first product gets in the file, under the file's field names, in a small
 * table that scrolls both ways (the flat file has some forty columns). A refused first product is marked as such,
 * its reasons left to the pre-flight's list above (docs/export-dialog.md#pre-flight), so they show once; warnings (a Txt field a spreadsheet would read as a
 * formula) show above the rows. Price cells show the listing's currency beside the number.
 */
export function PreviewTable({
  preview,
  loading,
  ready,
  reasonsAbove,
}: {
  preview: ExportPreview | undefined;
  loading: boolean;
  ready: boolean;
  /** The pre-flight above lists the refused products' reasons; while it is checking or failed, they show here. */
  reasonsAbove: boolean;
}) {
  const { t } = useI18n();
  if (!ready)
    return (
      <Typography.Text type="secondary" style={{ fontSize: 13 }}>
        {t('export.previewHint')}
      </Typography.Text>
    );
  if (!preview)
    return (
      <Flex justify="center" style={{ padding: 24 }}>
        {loading ? <Spin /> : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />}
      </Flex>
    );
  // The reasons are the pre-flight's to list (one place, above): the preview only marks the product as refused.
  if (preview.error)
    return reasonsAbove ? (
      <Alert type="warning" showIcon data-testid="preview-refused" title={t('export.previewRefused', { key_id: preview.error.key_id })} />
    ) : (
      <Alert
        type="warning"
        showIcon
        data-testid="preview-refused"
        title={t('export.previewRefusedBecause', { key_id: preview.error.key_id })}
        description={preview.error.reasons.map((r) => (
          <div key={r}>{r}</div>
        ))}
      />
    );
  const rows: PreviewRow[] = preview.rows.map((cells, i) => ({ key: i, cells }));
  return (
    <Flex vertical gap={6}>
      {/* Exported all the same: a Txt field a spreadsheet would read as a formula (docs/exports.md#formula-looking-text). */}
      {preview.warnings.length > 0 && (
        <Alert
          type="info"
          showIcon
          data-testid="preview-warnings"
          title={t('export.previewWarnings')}
          description={
            <ul style={{ margin: 0, paddingInlineStart: 18 }}>
              {preview.warnings.map((w) => (
                <li key={w}>{w}</li>
              ))}
            </ul>
          }
        />
      )}
      <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="preview-count">
        {t('export.previewRows', { n: preview.rows.length })}
      </Typography.Text>
      <Table<PreviewRow>
        className="export-preview"
        size="small"
        bordered
        loading={loading}
        pagination={false}
        dataSource={rows}
        scroll={{ x: 'max-content', y: 180 }}
        columns={preview.fields.map((field, col) => ({
          title: field,
          key: field,
          dataIndex: ['cells', col],
          ellipsis: true,
          // A price shows with its currency (docs/pricing-templates.md#currencies); the file holds the number alone.
          ...(EXPORT_PRICE_FIELDS.includes(field)
            ? { render: (v: string) => (v === '' ? '' : <span data-testid="preview-price">{`${v} ${preview.currency}`}</span>) }
            : {}),
          width: Math.min(260, Math.max(96, field.length * 8 + 24)),
        }))}
      />
    </Flex>
  );
}
