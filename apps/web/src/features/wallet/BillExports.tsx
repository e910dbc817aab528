import { useState } from 'react';
import { Button, Card, Flex, Table, Tag, Typography } from 'antd';
import type { BillExportRecord, BillFilterQuery } from '@app/contract';
import { useBillExportLog, useStartBillExport } from '../../api';
import { settled, useFeedback } from '../../app/feedback';
import { formatDateTime } from '../../app/formatDateTime';
import { useI18n } from '../../app/i18n';

const STATUS_COLOURS: Record<BillExportRecord['status'], string> = {
  waiting: 'default',
  running: 'processing',
  done: 'success',
  failed: 'error',
};
const size = (bytes: number) => (bytes >= 1 << 20 ? `${(bytes / (1 << 20)).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);

/** 导出账单 (and, for a parent, 导出子账号统计) over the page's filters (docs/orders.md#bills): the file is made by a job. */
export function BillExportButtons({ filter, family }: { filter: Partial<BillFilterQuery>; family: boolean }) {
  const { t } = useI18n();
  const { message } = useFeedback();
  const start = useStartBillExport();
  const run = (exporttype: 1 | 2) =>
    settled(start.mutateAsync({ ...filter, exporttype }).then(() => void message.success(t('wallet.exportStarted'))));
  return (
    <Flex gap={8}>
      <Button onClick={() => run(1)} loading={start.isPending && start.variables?.exporttype === 1}>
        {t('wallet.exportBills')}
      </Button>
      {family && (
        <Button onClick={() => run(2)} loading={start.isPending && start.variables?.exporttype === 2}>
          {t('wallet.exportChildren')}
        </Button>
      )}
    </Flex>
  );
}

/** The bills exports (GET /api/bill/exportLog), newest first, each downloadable once written; followed while one runs. */
export function BillExportLog() {
  const { t } = useI18n();
  const [page, setPage] = useState(1);
  const log = useBillExportLog(page);
  const count = log.data?.count ?? 0;
  if (count === 0) return null;
  return (
    <Card variant="borderless" title={t('wallet.exportLog')} styles={{ body: { padding: 0 } }} style={{ marginTop: 16 }}>
      <Table<BillExportRecord>
        rowKey="id"
        size="middle"
        dataSource={log.data?.list ?? []}
        data-testid="bill-exports"
        pagination={count > 10 ? { current: page, pageSize: 10, total: count, onChange: setPage, style: { marginInline: 16 } } : false}
        columns={[
          { title: t('wallet.export.time'), dataIndex: 'createtime', render: (s: number) => formatDateTime(s) },
          {
            title: t('wallet.export.kind'),
            dataIndex: 'exporttype',
            render: (k: number) => t(k === 2 ? 'wallet.exportChildren' : 'wallet.exportBills'),
          },
          {
            title: t('wallet.export.status'),
            dataIndex: 'status',
            render: (s: BillExportRecord['status']) => <Tag color={STATUS_COLOURS[s]}>{t(`wallet.export.${s}`)}</Tag>,
          },
          {
            title: t('wallet.export.rows'),
            dataIndex: 'row_count',
            align: 'right',
            render: (n: number, r) => (r.status === 'done' ? n : '—'),
          },
          {
            title: t('wallet.export.size'),
            dataIndex: 'size',
            align: 'right',
            render: (n: number, r) => (r.status === 'done' ? size(n) : '—'),
          },
          {
            title: t('wallet.export.file'),
            key: 'file',
            render: (_, r) =>
              r.download_url ? (
                <Typography.Link href={r.download_url} download aria-label={`${t('wallet.export.download')} ${r.id}`}>
                  {t('wallet.export.download')}
                </Typography.Link>
              ) : (
                '—'
              ),
          },
        ]}
      />
    </Card>
  );
}
