import { useState } from 'react';
import { Alert, Button, Card, Empty, Flex, Statistic, Table, Tag, Typography } from 'antd';
import { useSearchParams } from 'react-router';
import type { DataOf, routes } from '@app/contract';
import { useRechargeFollow, useWalletInfo } from '../../api';
import { PageHeader } from '../../app/components';
import { formatDateTime } from '../../app/formatDateTime';
import { useI18n } from '../../app/i18n';
import { moneyText } from './money';
import { RechargeDialog } from './RechargeDialog';

type Bill = DataOf<typeof routes.walletInfo>['bills'][number];
const TYPE_COLOURS: Record<number, string> = { 1: 'green', 2: 'blue', 3: 'orange', 4: 'purple' };

/**
 * The wallet (/wallet, docs/orders.md#the-wallet): the balance in CNY, 充值 (docs/orders.md#recharging) and the
 * latest bill lines. Back from the pay page (`?recharge=<id>`) it follows the recharge until its payment is recorded
 * and says so.
 */
export function WalletPage() {
  const { t } = useI18n();
  const info = useWalletInfo();
  const [params] = useSearchParams();
  const back = Number(params.get('recharge'));
  const followed = useRechargeFollow(Number.isInteger(back) && back > 0 ? back : undefined);
  const [recharging, setRecharging] = useState(false);
  const recharge = followed.data;

  const columns = [
    { title: t('wallet.col.time'), dataIndex: 'createtime', width: 180, render: (s: number) => formatDateTime(s) },
    {
      title: t('wallet.col.type'),
      dataIndex: 'type',
      width: 110,
      render: (type: number) => (
        <Tag color={TYPE_COLOURS[type]}>{type >= 1 && type <= 4 ? t(`wallet.type.${type as 1 | 2 | 3 | 4}`) : type}</Tag>
      ),
    },
    {
      title: t('wallet.col.amount'),
      dataIndex: 'amount',
      width: 150,
      align: 'right' as const,
      render: (a: string) => (
        <Typography.Text className="wallet-amount" type={a.startsWith('-') ? undefined : 'success'} strong>
          {moneyText(a, true)}
        </Typography.Text>
      ),
    },
    { title: t('wallet.col.balance'), dataIndex: 'balance', width: 150, align: 'right' as const, render: (b: string) => moneyText(b) },
    { title: t('wallet.col.order'), dataIndex: 'order_no', render: (o: string) => o || t('common.none') },
    { title: t('wallet.col.account'), dataIndex: 'username', width: 180 },
  ];

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
      <Card variant="borderless" title={t('wallet.bills')} styles={{ body: { padding: 0 } }}>
        <Table<Bill>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={info.data?.bills ?? []}
          loading={info.isPending}
          pagination={false}
          locale={{ emptyText: <Empty description={t('wallet.noBills')} /> }}
        />
      </Card>
      <RechargeDialog open={recharging} onClose={() => setRecharging(false)} />
    </>
  );
}
