import { useState } from 'react';
import { Alert, Button, Card, Empty, Flex, Popconfirm, Table, Tabs, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { ORDER_STATUS, formatMoney, ordersTotal } from '@app/contract';
import { useOrderList, usePayOrders, type BatchPayOutcome } from '../../api';
import { PageHeader } from '../../app/components';
import { settled, useFeedback } from '../../app/feedback';
import { useI18n } from '../../app/i18n';
import { useCurrentUser } from '../../app/layout';
import { useOrderColumns, type OrderRow } from './columns';
import { SearchForm } from './SearchForm';
import { useOrdersListState } from './useOrdersListState';
import { WalletBalance } from './WalletBalance';
import { MarketExceptions } from './MarketExceptions';
import './orders.css';

/**
 * The tabs, in the order a seller follows an order (docs/orders.md#the-flow); cancelled ones, then the orders held for
 * the seller (the factory refused them: docs/orders.md#production), last.
 */
const TABS = ['all', '1', '2', '3', '4', '5', '0', 'exception'] as const;

/**
 * My orders (/orders, docs/orders.md): a tab per status with its count (over the same search), the search (order number or
 * recipient, day range, a parent's accounts), and the orders newest first with their amounts in CNY and actions. Pending
 * orders can be selected and paid in turn (批量付款); a shortfall stops the batch and points to the wallet. Everything
 * but the selection lives in the address.
 */
export function OrdersPage() {
  const { t } = useI18n();
  const { message } = useFeedback();
  const navigate = useNavigate();
  const me = useCurrentUser();
  const { filters, query, setFilters, pagination } = useOrdersListState();
  const list = useOrderList(query);
  const payMany = usePayOrders();
  const columns = useOrderColumns(me.is_parent);
  // The selected pending orders as last seen (they may be on other pages); a paid or cancelled one leaves the selection.
  const [selected, setSelected] = useState<Map<number, OrderRow>>(new Map());
  const [outcome, setOutcome] = useState<BatchPayOutcome & { asked: number }>();
  const rows = list.data?.list ?? [];
  const counts = list.data?.counts ?? {};
  // The statuses' counts add up to 全部; the held orders are among them.
  const all = Object.entries(counts).reduce((a, [k, n]) => (k === 'exception' ? a : a + n), 0);
  const count = list.data?.count ?? 0;
  const shown = new Map(rows.map((o) => [o.id, o]));
  // Orders can be selected for 批量付款 where pending ones show: 全部 and 待付款 (held orders are paid already).
  const selectable = filters.exception !== '1' && (filters.status === undefined || Number(filters.status) === ORDER_STATUS.pendingPayment);
  const selectedOrders = [...selected.values()].map((o) => shown.get(o.id) ?? o).filter((o) => o.status === ORDER_STATUS.pendingPayment);

  const payAll = () => {
    // In the list's order, newest first.
    const ids = selectedOrders.map((o) => o.id).sort((a, b) => b - a);
    return settled(
      payMany.mutateAsync(ids).then((r) => {
        setSelected(new Map());
        setOutcome({ ...r, asked: ids.length });
        if (!r.stoppedBy) void message.success(t('orders.batchPaid', { count: r.paid }));
      }),
    );
  };

  const tabLabel = (key: (typeof TABS)[number]) => {
    const n = key === 'all' ? all : (counts[key] ?? 0);
    return (
      <span>
        {t(`orders.status.${key}` as 'orders.status.all')}
        <span className="orders-tab-count">{n}</span>
      </span>
    );
  };

  return (
    <>
      <PageHeader title={t('orders.title')} subtitle={t('orders.subtitle')} extra={<WalletBalance />} />
      <Card variant="borderless" styles={{ body: { padding: '12px 16px' } }} style={{ marginBottom: 12 }}>
        <SearchForm filters={filters} onSearch={(f) => setFilters(f)} />
      </Card>
      <Card variant="borderless" styles={{ body: { padding: '0 16px 16px' } }}>
        <Tabs
          aria-label={t('orders.tabs')}
          activeKey={filters.exception === '1' ? 'exception' : (filters.status ?? 'all')}
          onChange={(key) => {
            setSelected(new Map());
            if (key === 'exception') setFilters({ status: undefined, exception: '1' });
            else setFilters({ status: key === 'all' ? undefined : key, exception: undefined });
          }}
          items={TABS.map((key) => ({ key, label: tabLabel(key) }))}
        />
        {outcome?.stoppedBy && (
          <Alert
            type={outcome.paid > 0 ? 'warning' : 'error'}
            showIcon
            closable
            onClose={() => setOutcome(undefined)}
            style={{ marginBottom: 12 }}
            data-testid="batch-pay-outcome"
            message={t('orders.batchStopped', { paid: outcome.paid, left: outcome.asked - outcome.paid, reason: outcome.stoppedBy.msg })}
            action={
              outcome.stoppedBy.shortfall && (
                // A link (it opens in a new tab too), moving within the app when clicked.
                <Button
                  size="small"
                  type="primary"
                  href="/wallet"
                  onClick={(e) => {
                    e.preventDefault();
                    void navigate('/wallet');
                  }}
                >
                  {t('orders.goWallet')}
                </Button>
              )
            }
          />
        )}
        {filters.exception === '1' && <MarketExceptions />}
        <Flex className="orders-toolbar" align="center" justify="space-between" gap={12} wrap>
          <Flex align="center" gap={12} style={{ visibility: selectable ? undefined : 'hidden' }}>
            <Popconfirm
              title={t('orders.confirmBatchPay', { count: selectedOrders.length, total: formatMoney(ordersTotal(selectedOrders), 'CNY') })}
              okText={t('orders.pay')}
              cancelText={t('common.cancel')}
              onConfirm={payAll}
              disabled={selectedOrders.length === 0}
            >
              <Button type="primary" disabled={selectedOrders.length === 0} loading={payMany.isPending}>
                {t('orders.batchPay', { count: selectedOrders.length })}
              </Button>
            </Popconfirm>
            {selectedOrders.length > 0 && (
              <Typography.Text type="secondary">
                {t('orders.selected', { count: selectedOrders.length })} · {formatMoney(ordersTotal(selectedOrders), 'CNY')}
              </Typography.Text>
            )}
          </Flex>
          <Typography.Text type="secondary">{t('orders.count', { count })}</Typography.Text>
        </Flex>
        <Table<OrderRow>
          className="orders-table"
          rowKey="id"
          columns={columns}
          dataSource={rows}
          loading={list.isFetching && !list.data}
          rowSelection={
            selectable
              ? {
                  selectedRowKeys: selectedOrders.map((o) => o.id),
                  preserveSelectedRowKeys: true,
                  getCheckboxProps: (o) => ({
                    disabled: o.status !== ORDER_STATUS.pendingPayment,
                    'aria-label': t('orders.selectOrder', { orderNo: o.order_no }),
                  }),
                  onChange: (keys) =>
                    setSelected(
                      (s) => new Map(keys.map((k) => [Number(k), shown.get(Number(k)) ?? s.get(Number(k))!] as const).filter(([, o]) => o)),
                    ),
                }
              : undefined
          }
          pagination={count > 10 ? pagination(count) : false}
          scroll={{ x: 'max-content' }}
          locale={{
            emptyText: (
              <Empty description={t('orders.empty')}>
                {/* A link (it opens in a new tab too), moving within the app when clicked. */}
                <Button
                  type="primary"
                  href="/cart"
                  onClick={(e) => {
                    e.preventDefault();
                    void navigate('/cart');
                  }}
                >
                  {t('orders.goCart')}
                </Button>
              </Empty>
            ),
          }}
        />
      </Card>
    </>
  );
}
