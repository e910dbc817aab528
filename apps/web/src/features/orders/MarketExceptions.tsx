import { Alert, Button, Card, Table, Tag, Typography } from 'antd';
import type { MessageKey } from '@app/contract';
import { useMarketExceptions, useRetryMarketOrder } from '../../api';
import { dateTimeTwoLinesCell } from '../../app/components';
import { useFeedback } from '../../app/feedback';
import { messageText, useI18n } from '../../app/i18n';

/**
 * The marketplace orders no order could be made of yet (docs/market-orders.md#our-order): an unbound SKU, a deleted
 * product, an address the checkout refuses. Shown at the head of the 异常 tab, each with its retry.
 */
export function MarketExceptions() {
  const { t, lang } = useI18n();
  const { message } = useFeedback();
  const list = useMarketExceptions(true);
  const retry = useRetryMarketOrder();
  const rows = list.data?.list ?? [];
  if (rows.length === 0) return null;
  return (
    <Card size="small" style={{ marginBottom: 12 }} title={t('orders.market.title')} data-testid="market-exceptions">
      <Alert type="warning" showIcon style={{ marginBottom: 8 }} message={t('orders.market.hint')} />
      <Table
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={rows}
        columns={[
          {
            title: t('orders.market.col.order'),
            key: 'order',
            render: (_, m) => (
              <>
                <Tag style={{ marginInlineEnd: 4 }}>{t(`orders.source.platform.${m.platform}` as 'orders.source.platform.15')}</Tag>
                <Typography.Text copyable>{m.remote_order_id}</Typography.Text>
              </>
            ),
          },
          { title: t('orders.col.created'), dataIndex: 'createtime', width: 110, render: (s: number) => dateTimeTwoLinesCell(s) },
          { title: t('orders.col.recipient'), dataIndex: 'recipient', width: 140 },
          {
            title: t('orders.market.col.problem'),
            key: 'problem',
            render: (_, m) => (
              <Typography.Text type="danger">{messageText(lang, m.exception as MessageKey, m.exception_params)}</Typography.Text>
            ),
          },
          {
            title: t('orders.col.actions'),
            key: 'retry',
            width: 90,
            render: (_, m) => (
              <Button
                size="small"
                loading={retry.isPending && retry.variables === m.id}
                onClick={() => retry.mutate(m.id, { onSuccess: () => void message.success(t('orders.market.retried')) })}
              >
                {t('orders.market.retry')}
              </Button>
            ),
          },
        ]}
      />
    </Card>
  );
}
