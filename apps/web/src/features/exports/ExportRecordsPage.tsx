import { useState } from 'react';
import { DeleteOutlined, DownloadOutlined, SyncOutlined, WarningOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Flex, Popconfirm, Progress, Select, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { Link } from 'react-router';
import type { ExportRecord } from '@app/contract';
import { isExportRunning, useDeleteExports, useExportRecords, useStores } from '../../api';
import { dateTimeTwoLinesCell, PageHeader } from '../../app/components';
import { useFeedback, settled } from '../../app/feedback';
import { useI18n } from '../../app/i18n';
import { useCurrentUser } from '../../app/layout';
import { useUrlList } from '../../app/urlList';
import { formatKey, humanSize } from './labels';
import { RecordDetails, StorageLine } from './RecordParts';

const STATUS_COLORS: Record<ExportRecord['status'], string> = {
  pending: 'default',
  running: 'processing',
  done: 'success',
  failed: 'error',
};

/**
 * /export-records (docs/export-dialog.md#export-records): every export with its time, shop, template, format, the
 * products written and refused, status and progress, the products it left out and why (and those written with
 * warnings), filtered by shop, its size and a download; delete one or several (their
 * files go too). Above the list, how long files are kept and how much of the family's quota they use. While a record is being written the page asks again on its own. Page and size live in the
 * URL, so Back keeps them.
 */
export function ExportRecordsPage() {
  const { t } = useI18n();
  const { message, modal } = useFeedback();
  const me = useCurrentUser();
  const { params, setParam, pageNumber, pageSize, pagination, afterRemove } = useUrlList();
  // The shop filter lives in the address like the page (docs/export-dialog.md#export-records).
  const shopId = Number(params.get('store_id')) || undefined;
  const list = useExportRecords({ pageNumber, pageSize, store_id: shopId });
  const shops = (useStores().data ?? []).flatMap((m) => m.stores);
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
      width: 140,
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
    { title: t('exportRecords.col.template'), dataIndex: 'template_name', width: 130, ellipsis: true },
    {
      title: t('exportRecords.col.format'),
      key: 'format',
      width: 80,
      render: (_, r) => <Tag>{t(formatKey(r))}</Tag>,
    },
    { title: t('exportRecords.col.written'), dataIndex: 'written_count', width: 64, align: 'right' },
    {
      title: t('exportRecords.col.refused'),
      dataIndex: 'refused_count',
      width: 64,
      align: 'right',
      render: (n: number) => (n > 0 ? <Typography.Text type="warning">{n}</Typography.Text> : n),
    },
    { title: t('exportRecords.col.rows'), dataIndex: 'row_count', width: 64, align: 'right' },
    {
      title: t('exportRecords.col.status'),
      key: 'status',
      width: 144,
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
          {r.warnings.length > 0 && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              <WarningOutlined /> {t('exportRecords.warnings', { n: r.warnings.length })}
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

  // With a shop chosen, an empty page is that shop's: the filter stays to change it.
  const empty = !list.isPending && (list.data?.count ?? 0) === 0 && shopId === undefined;
  const detailed = (r: ExportRecord) => r.errors.length > 0 || r.warnings.length > 0;

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
        {!empty && (
          <Flex gap={12} align="center" wrap style={{ marginBottom: 12 }}>
            <Select<number>
              aria-label={t('exportRecords.filterShop')}
              style={{ width: 220 }}
              showSearch={{ optionFilterProp: 'label' }}
              value={shopId ?? 0}
              onChange={(v) => setParam({ store_id: v || undefined, page: undefined })}
              options={[{ value: 0, label: t('exportRecords.allShops') }, ...shops.map((s) => ({ value: s.id, label: s.name }))]}
            />
          </Flex>
        )}
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
              // The expand cell only when a shown record left products out or has warnings.
              showExpandColumn: rows.some(detailed),
              rowExpandable: detailed,
              expandedRowRender: (r) => <RecordDetails record={r} />,
            }}
            pagination={pagination(list.data?.count ?? 0, (total) => t('exportRecords.total', { n: total }))}
          />
        )}
      </Card>
    </>
  );
}
