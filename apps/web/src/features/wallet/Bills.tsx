import { Card, Col, Empty, Row, Statistic, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { Link } from 'react-router';
import type { BillFilterQuery, DataOf, routes } from '@app/contract';
import { useBillChildStatistics, useBillStatistics, useOffices } from '../../api';
import { formatDateTime } from '../../app/formatDateTime';
import { useI18n } from '../../app/i18n';
import { moneyText } from '@app/contract';

export type BillRow = DataOf<typeof routes.billList>['list'][number];
type ChildRow = DataOf<typeof routes.billChildStatistics>['list'][number];
const TYPE_COLOURS: Record<number, string> = { 1: 'green', 2: 'blue', 3: 'orange', 4: 'purple' };
/** Decimal text that is zero ("0.00", "-0"), read as text (no float). */
const isZero = (text: string) => /^[-+]?0*(\.0*)?$/.test(text.trim());

/** A signed amount as the API sends it (grouped, never through a float): green coming in, red going out. */
export function SignedAmount({ amount }: { amount: string }) {
  const out = amount.trim().startsWith('-');
  return (
    <Typography.Text className="wallet-money" type={out ? 'danger' : 'success'} strong>
      {moneyText(amount, true)}
    </Typography.Text>
  );
}

/**
 * The totals of the bill lines over the page's filters (docs/orders.md#bills, GET /api/bill/statistics): recharged,
 * spent on orders, refunded, the net of every line, and the orders paid with their units.
 */
export function BillStatistics({ filter }: { filter: Partial<BillFilterQuery> }) {
  const { t } = useI18n();
  const stats = useBillStatistics(filter);
  const s = stats.data;
  // A zero is shown plain (not +0.00), and only money that moved is coloured.
  const money = (v: string | undefined, signed = false) => (v === undefined ? '—' : `¥ ${moneyText(v, signed && !isZero(v))}`);
  const cards = [
    {
      key: 'recharge',
      title: t('wallet.stat.recharge'),
      value: money(s?.recharge),
      color: s && !isZero(s.recharge) ? '#389e0d' : undefined,
    },
    { key: 'payment', title: t('wallet.stat.payment'), value: money(s?.payment) },
    { key: 'refund', title: t('wallet.stat.refund'), value: money(s?.refund) },
    { key: 'net', title: t('wallet.stat.net'), value: money(s?.net, true), color: s?.net.startsWith('-') ? '#cf1322' : undefined },
    { key: 'orders', title: t('wallet.stat.orders'), value: s ? String(s.orders) : '—' },
    { key: 'units', title: t('wallet.stat.units'), value: s ? String(s.units) : '—' },
  ];
  return (
    <Row gutter={[12, 12]} style={{ marginBottom: 12 }} data-testid="bill-statistics">
      {cards.map((c) => (
        <Col key={c.key} xs={12} md={8} xl={4}>
          <Card variant="borderless" size="small" styles={{ body: { padding: '12px 16px' } }}>
            <Statistic
              title={c.title}
              value={c.value}
              loading={stats.isPending}
              valueStyle={{ fontSize: 20, fontWeight: 600, color: c.color, fontVariantNumeric: 'tabular-nums' }}
              data-testid={`bill-stat-${c.key}`}
            />
          </Card>
        </Col>
      ))}
    </Row>
  );
}

/**
 * The bill lines' columns: time, type, the signed amount, the balance after, the order number (copyable; a line
 * carries the number only, so it opens the order list searched by it), the account that moved the money and its
 * office at the time.
 */
export function useBillColumns(): TableColumnsType<BillRow> {
  const { t } = useI18n();
  const offices = useOffices();
  const officeName = new Map((offices.data ?? []).map((o) => [o.id, o.name]));
  return [
    { title: t('wallet.col.time'), dataIndex: 'createtime', width: 170, render: (s: number) => formatDateTime(s) },
    {
      title: t('wallet.col.type'),
      dataIndex: 'type',
      width: 100,
      render: (type: number) => (
        <Tag color={TYPE_COLOURS[type]}>{type >= 1 && type <= 4 ? t(`wallet.type.${type as 1 | 2 | 3 | 4}`) : type}</Tag>
      ),
    },
    {
      title: t('wallet.col.amount'),
      dataIndex: 'amount',
      width: 140,
      align: 'right',
      render: (a: string) => <SignedAmount amount={a} />,
    },
    {
      title: t('wallet.col.balance'),
      dataIndex: 'balance',
      width: 140,
      align: 'right',
      render: (b: string) => <span className="wallet-money">{moneyText(b)}</span>,
    },
    {
      title: t('wallet.col.order'),
      dataIndex: 'order_no',
      render: (o: string) =>
        o ? (
          <Typography.Text copyable={{ text: o }} className="wallet-money">
            <Link to={`/orders?keyword=${encodeURIComponent(o)}`}>{o}</Link>
          </Typography.Text>
        ) : (
          <Typography.Text type="secondary">{t('common.none')}</Typography.Text>
        ),
    },
    { title: t('wallet.col.account'), dataIndex: 'username', width: 150 },
    {
      title: t('wallet.col.office'),
      dataIndex: 'office_id',
      width: 150,
      render: (id: number) => officeName.get(id) ?? <Typography.Text type="secondary">{t('common.none')}</Typography.Text>,
    },
  ];
}

/**
 * 子账号统计 for a parent (GET /api/bill/childStatistics over the page's filters): the parent first, then each
 * sub-account, with the orders it paid, their units, the money spent and refunded.
 */
export function ChildStatistics({ filter }: { filter: Partial<BillFilterQuery> }) {
  const { t } = useI18n();
  const stats = useBillChildStatistics(filter, true);
  const money = (v: string) => <span className="wallet-money">{moneyText(v)}</span>;
  const columns: TableColumnsType<ChildRow> = [
    { title: t('wallet.child.account'), dataIndex: 'username' },
    { title: t('wallet.child.orders'), dataIndex: 'orders', width: 140, align: 'right' },
    { title: t('wallet.child.units'), dataIndex: 'units', width: 140, align: 'right' },
    { title: t('wallet.child.spent'), dataIndex: 'spent', width: 180, align: 'right', render: money },
    { title: t('wallet.child.refunded'), dataIndex: 'refunded', width: 180, align: 'right', render: money },
  ];
  return (
    <Card variant="borderless" title={t('wallet.childStats')} styles={{ body: { padding: 0 } }} style={{ marginTop: 12 }}>
      <Table<ChildRow>
        rowKey="userid"
        size="middle"
        columns={columns}
        dataSource={stats.data?.list ?? []}
        loading={stats.isFetching && !stats.data}
        pagination={false}
        data-testid="bill-child-statistics"
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('wallet.noAccounts')} /> }}
      />
    </Card>
  );
}
