import { ExportOutlined, RedoOutlined, SyncOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Flex, Image, Progress, Select, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { Link } from 'react-router';
import { PUBLISH_STATUSES, type PublishPlatform, type PublishRecord, type PublishStatus } from '@app/contract';
import { isPublishRunning, tallyRunning, usePublishRecords, useRetryPublish, useStores } from '../../api';
import { dateTimeTwoLinesCell, PageHeader } from '../../app/components';
import { useFeedback, settled } from '../../app/feedback';
import { useI18n } from '../../app/i18n';
import { useUrlList, type ParamChanges } from '../../app/urlList';

const STATUS_COLORS: Record<PublishStatus, string> = {
  queued: 'default',
  uploading: 'processing',
  creating: 'processing',
  published: 'success',
  failed: 'error',
};
const isStatus = (s: string | null): s is PublishStatus => (PUBLISH_STATUSES as readonly (string | null)[]).includes(s);

/**
 * /aliexpress-publish and /tiktok-publish (docs/publish-tab.md#publish-page): one
 * marketplace's publish records — product, shop, status, the listing's remote id linking to it, the message,
 * attempts, time — filtered by status and shop, with a batch's progress when `batch_id` is in the address
 * (the tab opens it so), retry of one failed record or all of them; asked again while anything is on its way.
 */
export function PublishPage({ platform }: { platform: PublishPlatform }) {
  const { t } = useI18n();
  const { message, modal } = useFeedback();
  const { params, setParam, pageNumber, pageSize, pagination } = useUrlList();
  const statusParam = params.get('status');
  const status = isStatus(statusParam) ? statusParam : undefined;
  const shopId = Number(params.get('store_id')) || undefined;
  const batchId = params.get('batch_id') || undefined;

  const list = usePublishRecords({ platform, status, store_id: shopId, batch_id: batchId, pageNumber, pageSize });
  const marketplaces = useStores(platform);
  const shops = (marketplaces.data ?? []).flatMap((m) => (m.id === platform ? m.stores : []));
  const retry = useRetryPublish();

  const rows = list.data?.list ?? [];
  const tally = list.data?.tally;

  /** Changes some of the address's filters; any change goes back to the first page. */
  const setQuery = (changes: ParamChanges) => setParam({ page: undefined, ...changes });

  const retryIds = (ids: number[]) =>
    retry.mutateAsync({ ids }).then(({ retried }) => void message.success(t('publishPage.retried', { n: retried.length })));
  // "Retry all failed": with no filter, every failed record of the platform (the call without ids); under a
  // batch, shop or status filter, the failed rows shown (docs/publish-tab.md#publish-page).
  const filtered = Boolean(batchId || shopId || status);
  const failedShown = rows.filter((r) => r.status === 'failed').map((r) => r.id);
  const retryAllCount = filtered ? failedShown.length : (tally?.failed ?? 0);
  const confirmRetryAll = () =>
    modal.confirm({
      title: t('publishPage.confirmRetryAll', { n: retryAllCount }),
      okText: t('publishPage.retry'),
      cancelText: t('common.cancel'),
      onOk: () =>
        settled(
          filtered
            ? retryIds(failedShown)
            : retry.mutateAsync({ platform }).then(({ retried }) => void message.success(t('publishPage.retried', { n: retried.length }))),
        ),
    });

  const columns: TableColumnsType<PublishRecord> = [
    {
      title: t('publishPage.col.product'),
      key: 'product',
      width: 240,
      render: (_, r) => (
        <Flex gap={10} align="center">
          <Image src={r.thumb} width={44} height={44} style={{ objectFit: 'cover', borderRadius: 6 }} preview={false} alt="" />
          <Flex vertical style={{ minWidth: 0 }}>
            <Typography.Text strong ellipsis style={{ maxWidth: 210 }} title={r.title}>
              {r.title}
            </Typography.Text>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {r.key_id}
            </Typography.Text>
          </Flex>
        </Flex>
      ),
    },
    { title: t('publishPage.col.store'), dataIndex: 'store_name', width: 120, ellipsis: true },
    {
      title: t('publishPage.col.status'),
      key: 'status',
      width: 104,
      render: (_, r) => (
        <Tag color={STATUS_COLORS[r.status]} icon={isPublishRunning(r) ? <SyncOutlined spin /> : undefined} data-status={r.status}>
          {t(`publishPage.status.${r.status}`)}
        </Tag>
      ),
    },
    {
      title: t('publishPage.col.remote'),
      key: 'remote',
      width: 170,
      render: (_, r) =>
        r.remote_product_id ? (
          r.remote_url ? (
            <Typography.Link href={r.remote_url} target="_blank" rel="noopener noreferrer" data-testid="remote-link">
              {r.remote_product_id} <ExportOutlined />
            </Typography.Link>
          ) : (
            <Typography.Text copyable>{r.remote_product_id}</Typography.Text>
          )
        ) : (
          <Typography.Text type="secondary">--</Typography.Text>
        ),
    },
    {
      title: t('publishPage.col.message'),
      dataIndex: 'message',
      // A marketplace's warnings can be long: three lines, the whole text on hover.
      render: (text: string, r) => (
        <Typography.Paragraph
          type={r.status === 'failed' ? 'danger' : 'secondary'}
          style={{ fontSize: 13, margin: 0, minWidth: 200 }}
          ellipsis={{ rows: 3, tooltip: text }}
        >
          {text || '--'}
        </Typography.Paragraph>
      ),
    },
    {
      title: t('publishPage.col.attempts'),
      dataIndex: 'attempts',
      width: 84,
      align: 'right',
      render: (n: number) => <span data-testid="attempts">{n}</span>,
    },
    {
      title: t('publishPage.col.time'),
      dataIndex: 'createtime',
      width: 100,
      render: dateTimeTwoLinesCell,
    },
    {
      title: t('publishPage.col.actions'),
      key: 'actions',
      width: 84,
      render: (_, r) =>
        r.status === 'failed' && (
          <Button
            type="link"
            size="small"
            icon={<RedoOutlined />}
            disabled={retry.isPending}
            onClick={() => void settled(retryIds([r.id]))}
          >
            {t('publishPage.retry')}
          </Button>
        ),
    },
  ];

  const empty = !list.isPending && (list.data?.count ?? 0) === 0 && !status && !shopId && !batchId;
  const total = tally ? PUBLISH_STATUSES.reduce((n, s) => n + tally[s], 0) : 0;
  const onTheirWay = tally ? tally.queued + tally.uploading + tally.creating : 0;

  return (
    <>
      <PageHeader
        title={t(`publishPage.title.${platform}`)}
        subtitle={t('publishPage.subtitle')}
        extra={
          <Button icon={<RedoOutlined />} disabled={retryAllCount === 0 || retry.isPending} onClick={confirmRetryAll}>
            {t('publishPage.retryAll')}
          </Button>
        }
      />
      {batchId && tally && (
        <Card variant="borderless" style={{ marginBottom: 16 }} data-testid="batch-progress">
          <Flex justify="space-between" align="center" gap={24} wrap>
            <Flex vertical gap={4} style={{ flex: '1 1 360px' }}>
              <Typography.Text strong>{t('publishPage.batch')}</Typography.Text>
              <Progress
                percent={total ? Math.round(((tally.published + tally.failed) / total) * 100) : 0}
                success={{ percent: total ? Math.round((tally.published / total) * 100) : 0 }}
                status={onTheirWay > 0 ? 'active' : tally.failed > 0 ? 'exception' : 'success'}
                showInfo={false}
              />
              <Flex gap={16} style={{ fontVariantNumeric: 'tabular-nums' }}>
                <Typography.Text data-testid="batch-tally">
                  {t('publishPage.batchProgress', { done: tally.published, total })}
                </Typography.Text>
                {tally.failed > 0 && <Typography.Text type="danger">{t('publishPage.batchFailed', { n: tally.failed })}</Typography.Text>}
                {onTheirWay > 0 && <Typography.Text type="secondary">{t('publishPage.batchRunning', { n: onTheirWay })}</Typography.Text>}
              </Flex>
            </Flex>
            <Button onClick={() => setQuery({ batch_id: undefined })}>{t('publishPage.showAll')}</Button>
          </Flex>
        </Card>
      )}
      <Card variant="borderless">
        {empty ? (
          <Empty description={<Typography.Text strong>{t('publishPage.empty')}</Typography.Text>} style={{ padding: '32px 0' }}>
            <Typography.Paragraph type="secondary">{t('publishPage.emptyHint')}</Typography.Paragraph>
            <Link to="/finished">{t('publishPage.toFinished')}</Link>
          </Empty>
        ) : (
          <>
            <Flex gap={12} align="center" wrap style={{ marginBottom: 16 }}>
              <Select
                aria-label={t('publishPage.col.status')}
                style={{ width: 160 }}
                value={status ?? ''}
                onChange={(v: string) => setQuery({ status: v })}
                options={[
                  { value: '', label: t('publishPage.filter.status') },
                  ...PUBLISH_STATUSES.map((s) => ({ value: s, label: t(`publishPage.status.${s}`) })),
                ]}
              />
              <Select
                aria-label={t('publishPage.col.store')}
                style={{ width: 200 }}
                value={shopId ?? 0}
                onChange={(v: number) => setQuery({ store_id: v || undefined })}
                options={[{ value: 0, label: t('publishPage.filter.store') }, ...shops.map((s) => ({ value: s.id, label: s.name }))]}
              />
              {tallyRunning(tally) && (
                <Typography.Text type="secondary" data-testid="auto-refresh">
                  <SyncOutlined spin /> {t('publishPage.refreshing')}
                </Typography.Text>
              )}
            </Flex>
            <Table<PublishRecord>
              className="publish-records"
              rowKey="id"
              size="middle"
              columns={columns}
              dataSource={rows}
              loading={list.isPending}
              scroll={{ x: 1100 }}
              pagination={pagination(list.data?.count ?? 0, (n) => t('publishPage.total', { n }))}
            />
          </>
        )}
      </Card>
    </>
  );
}
