import { useState } from 'react';
import { Alert, Button, Card, Empty, Flex, Statistic, Table, Typography } from 'antd';
import { useSearchParams } from 'react-router';
import { useBillList, useRechargeFollow, useWalletInfo } from '../../api';
import { PageHeader } from '../../app/components';
import { useFamily } from '../../app/components/AccountFilterFields';
import { useI18n } from '../../app/i18n';
import { BillStatistics, ChildStatistics, useBillColumns, type BillRow } from './Bills';
import { BillsSearchForm } from './BillsSearchForm';
import { moneyText } from '@app/contract';
import { RechargeDialog } from './RechargeDialog';
import { BillExportButtons, BillExportLog } from './BillExports';
import { useBillsState } from './useBillsState';
import './wallet.css';

/**
 * The wallet (/wallet, docs/orders.md#the-wallet): the balance in CNY, 充值 (docs/orders.md#recharging), and the bills
 * (docs/orders.md#bills): their totals, the lines a page at a time and, for a parent with sub-accounts, each account's
 * share, all over the filters kept in the address. Back from the pay page (`?recharge=<id>`) it follows the recharge
 * until its payment is recorded and says so.
 */
export function WalletPage() {
  const { t } = useI18n();
  const info = useWalletInfo();
  const [params] = useSearchParams();
  const back = Number(params.get('recharge'));
  const followed = useRechargeFollow(Number.isInteger(back) && back > 0 ? back : undefined);
  const [recharging, setRecharging] = useState(false);
  const recharge = followed.data;
  const { filters, filter, query, setFilters, pagination } = useBillsState();
  const bills = useBillList(query);
  const columns = useBillColumns();
  // A parent with sub-accounts: the accounts and office filters and 子账号统计 are theirs.
  const { family } = useFamily();
  const count = bills.data?.count ?? 0;
  const filtered = Object.keys(filters).length > 0;

  return (
    <>
      <PageHeader title={t('wallet.title')} subtitle={t('wallet.subtitle')} />
      {recharge && (
        <Alert
          role="status"
          style={{ marginBottom: 16 }}
          showIcon
          type={recharge.status === 'paid' ? 'success' : recharge.status === 'closed' ? 'warning' : 'info'}
          message={t(recharge.status === 'paid' ? 'wallet.paid' : recharge.status === 'closed' ? 'wallet.closed' : 'wallet.following', {
            amount: moneyText(recharge.amount),
          })}
        />
      )}
      <Card variant="borderless" style={{ marginBottom: 16 }}>
        <Flex justify="space-between" align="center" gap={16} wrap>
          <Statistic
            title={t('wallet.balance')}
            value={info.data ? `¥ ${moneyText(info.data.balance)}` : ''}
            loading={info.isPending}
            valueStyle={{ fontSize: 32, fontWeight: 600 }}
            data-testid="wallet-balance"
          />
          <Button type="primary" size="large" onClick={() => setRecharging(true)}>
            {t('wallet.recharge')}
          </Button>
        </Flex>
      </Card>
      <Card variant="borderless" styles={{ body: { padding: '12px 16px' } }} style={{ marginBottom: 12 }}>
        <BillsSearchForm filters={filters} onSearch={setFilters} />
      </Card>
      <BillStatistics filter={filter} />
      <Card
        variant="borderless"
        title={t('wallet.bills')}
        extra={
          <Flex align="center" gap={16}>
            <Typography.Text type="secondary">{t('wallet.count', { count })}</Typography.Text>
            <BillExportButtons filter={filter} family={family} />
          </Flex>
        }
        styles={{ body: { padding: 0 } }}
      >
        <Table<BillRow>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={bills.data?.list ?? []}
          loading={bills.isFetching && !bills.data}
          pagination={count > 10 ? { ...pagination(count), style: { marginInline: 16 } } : false}
          scroll={{ x: 'max-content' }}
          data-testid="bill-lines"
          locale={{ emptyText: <Empty description={t(filtered ? 'wallet.noMatch' : 'wallet.noBills')} /> }}
        />
      </Card>
      {family && <ChildStatistics filter={filter} />}
      <BillExportLog />
      <RechargeDialog open={recharging} onClose={() => setRecharging(false)} />
    </>
  );
}
