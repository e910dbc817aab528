import { useState } from 'react';
import { DeleteOutlined, DownloadOutlined, SyncOutlined, WarningOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Flex, Popconfirm, Progress, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { Link } from 'react-router';
import type { ExportRecord, ExportStorage } from '@app/contract';
import { isExportRunning, useDeleteExports, useExportRecords } from '../../api';
import { dateTimeTwoLinesCell, PageHeader } from '../../app/components';
import { useFeedback, settled } from '../../app/feedback';
import { useI18n } from '../../app/i18n';
import { useCurrentUser } from '../../app/layout';
import { useUrlList } from '../../app/urlList';
import { formatKey, humanSize } from './labels';

const STATUS_COLORS: Record<ExportRecord['status'], string> = {
  pending: 'default',
  running: 'processing',
  done: 'success',
  failed: 'error',
};

/** Why products were left out of a file: finished number and reasons, one line each. */
function ErrorList({ record }: { record: ExportRecord }) {
  const { t } = useI18n();
  return (
    <Table
      size="small"
      rowKey="finished_id"
      pagination={false}
      dataSource={record.errors}
      style={{ maxWidth: 900 }}
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

/** How long files are kept and how much of the family's quota they use (docs/exports.md#retention). */
function StorageLine({ storage }: { storage: ExportStorage }) {
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

/**
 * /export-records (docs/export-dialog.md#export-records): every export with its time, shop, template, format, counts, status
 * and progress, the products it left out and why, its size and a download; delete one or several (their
 * files go too). Above the list, how long files are kept and how much of the family's quota they use. While a record is being written the page asks again on its own. Page and size live in the
 * URL, so Back keeps them.
 */
export function ExportRecordsPage() {
  const { t } = useI18n();
  const { message, modal } = useFeedback();
  const me = useCurrentUser();
  const { pageNumber, pageSize, pagination, afterRemove } = useUrlList();
  const list = useExportRecords({ pageNumber, pageSize });
  const del = useDeleteExports();
  const [selected, setSelected] = useState<number[]>([]);

  const rows = list.data?.list ?? [];
  const anyRunning = rows.some(isExportRunning);

  const remove = (ids: number[]) =>
    del.mutateAsync(ids).then(({ deleted }) => {
      void message.success(t('exportRecords.deleted', { n: deleted }));
      setSelected((prev) => prev.filter((id) => !ids.includes(id)));
      afterRemove(rows.length, ids.length);
    });

  const confirmDeleteSelected = () =>
    modal.confirm({
      title: t('exportRecords.confirmDeleteMany', { n: selected.length }),
      okText: t('common.delete'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: () => settled(remove(selected)),
    });

  const columns: TableColumnsType<ExportRecord> = [
    {
      title: t('exportRecords.col.time'),
      dataIndex: 'createtime',
      width: 100,
      render: dateTimeTwoLinesCell,
    },
    {
      title: t('exportRecords.col.store'),
      dataIndex: 'store_name',
      width: 150,
      ellipsis: true,
      render: (name: string, r) => (
        <Flex vertical>
          <Typography.Text strong ellipsis>
            {name}
          </Typography.Text>
          {/* A parent also sees its sub-accounts' exports: whose, when not its own. */}
          {r.username !== me.username && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {r.username}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    { title: t('exportRecords.col.template'), dataIndex: 'template_name', width: 150, ellipsis: true },
    {
      title: t('exportRecords.col.format'),
      key: 'format',
      width: 90,
      render: (_, r) => <Tag>{t(formatKey(r))}</Tag>,
    },
    { title: t('exportRecords.col.products'), dataIndex: 'product_count', width: 64, align: 'right' },
    { title: t('exportRecords.col.rows'), dataIndex: 'row_count', width: 64, align: 'right' },
    {
      title: t('exportRecords.col.status'),
      key: 'status',
      width: 160,
      render: (_, r) => (
        <Flex vertical gap={2} align="start" style={{ width: '100%' }}>
          <Tag color={STATUS_COLORS[r.status]} icon={r.status === 'running' ? <SyncOutlined spin /> : undefined} data-status={r.status}>
            {t(`exportRecords.status.${r.status}`)}
          </Tag>
          {isExportRunning(r) && <Progress percent={r.progress} size="small" style={{ width: '100%', margin: 0 }} />}
          {r.status === 'failed' && r.message && (
            <Typography.Text type="danger" style={{ fontSize: 12 }}>
              {r.message}
            </Typography.Text>
          )}
          {r.errors.length > 0 && (
            <Typography.Text type="warning" style={{ fontSize: 12 }}>
              <WarningOutlined /> {t('exportRecords.errors', { n: r.errors.length })}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    {
      title: t('exportRecords.col.size'),
      dataIndex: 'size',
      width: 84,
      align: 'right',
      render: (n: number, r) => (r.status === 'done' ? <span style={{ fontVariantNumeric: 'tabular-nums' }}>{humanSize(n)}</span> : '--'),
    },
    {
      title: t('exportRecords.col.actions'),
      key: 'actions',
      width: 150,
      render: (_, r) => (
        <Flex gap={4}>
          {/* Same origin, so the session cookie goes along; the server names the file (shop, format, time). */}
          <Button
            type="link"
            size="small"
            icon={<DownloadOutlined />}
            href={r.download_url || undefined}
            download=""
            disabled={r.status !== 'done' || !r.download_url}
          >
            {t('exportRecords.download')}
          </Button>
          <Popconfirm
            title={t('exportRecords.confirmDelete')}
            okText={t('common.delete')}
            okButtonProps={{ danger: true }}
            cancelText={t('common.cancel')}
            onConfirm={() => settled(remove([r.id]))}
          >
            <Button type="link" size="small" danger icon={<DeleteOutlined />}>
              {t('exportRecords.delete')}
            </Button>
          </Popconfirm>
        </Flex>
      ),
    },
  ];

  const empty = !list.isPending && (list.data?.count ?? 0) === 0;

  return (
    <>
      <PageHeader
        title={t('exportRecords.title')}
        subtitle={t('exportRecords.subtitle')}
        extra={
          <Button danger icon={<DeleteOutlined />} disabled={selected.length === 0} onClick={confirmDeleteSelected}>
            {t('exportRecords.deleteSelected', { n: selected.length })}
          </Button>
        }
      />
      <Card variant="borderless">
        {list.data?.storage && <StorageLine storage={list.data.storage} />}
        {anyRunning && (
          <Typography.Paragraph type="secondary" style={{ marginTop: 0 }} data-testid="auto-refresh">
            <SyncOutlined spin /> {t('exportRecords.refreshing')}
          </Typography.Paragraph>
        )}
        {empty ? (
          <Empty description={<Typography.Text strong>{t('exportRecords.empty')}</Typography.Text>} style={{ padding: '32px 0' }}>
            <Typography.Paragraph type="secondary">{t('exportRecords.emptyHint')}</Typography.Paragraph>
            <Link to="/finished">{t('exportRecords.toFinished')}</Link>
          </Empty>
        ) : (
          <Table<ExportRecord>
            className="export-records"
            rowKey="id"
            size="middle"
            columns={columns}
            dataSource={rows}
            loading={list.isPending}
            // Every column fits the table's width at 1440 px (the columns and the selection and expand cells).
            scroll={{ x: columns.reduce((sum, c) => sum + (typeof c.width === 'number' ? c.width : 0), 32 + 48) }}
            rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) }}
            expandable={{
              // The expand cell only when a shown record left products out.
              showExpandColumn: rows.some((r) => r.errors.length > 0),
              rowExpandable: (r) => r.errors.length > 0,
              expandedRowRender: (r) => <ErrorList record={r} />,
            }}
            pagination={pagination(list.data?.count ?? 0, (total) => t('exportRecords.total', { n: total }))}
          />
        )}
      </Card>
    </>
  );
}
