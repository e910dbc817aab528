import { useState } from 'react';
import { useSearchParams } from '../shell/router';
import { InfiniteScroll, Tabs } from 'antd-mobile';
import { formatMoney, type OrderListQuery } from '@app/contract';
import { useOrderPages, useWalletInfo } from '../../api';
import { useI18n } from '../../app/i18n';
import type { StringKey } from '../../app/i18n';
import { PhoneEmpty, PhoneFailed, PhoneLoading } from '../components/PhoneStates';
import { OrderCard } from './OrderCard';
import { OrderSheet } from './OrderSheet';
import styles from './OrdersPage.module.css';

/** The tabs, as on the desktop's order list: all, each status in the order an order moves, and those held. */
const TABS = ['all', '1', '2', '3', '4', '5', '0', 'exception'] as const;
type Tab = (typeof TABS)[number];

const queryOf = (tab: Tab): Pick<Partial<OrderListQuery>, 'status' | 'exception'> =>
  tab === 'all' ? {} : tab === 'exception' ? { exception: 1 } : { status: Number(tab) };

/**
 * /mobile-order-manage (docs/mobile.md#cart-and-orders-on-the-phone): the orders by status with their counts, newest
 * first as the seller scrolls; pending ones are paid from the wallet, cancelled before production, and an order's
 * sheet shows its lines, address, history and tracking.
 */
export function OrdersPage() {
  const { t } = useI18n();
  const [params, setParams] = useSearchParams();
  const asked = params.get('status') ?? 'all';
  const tab: Tab = (TABS as readonly string[]).includes(asked) ? (asked as Tab) : 'all';
  const pages = useOrderPages(queryOf(tab));
  const wallet = useWalletInfo();
  const [open, setOpen] = useState<number>();
  const counts = pages.data?.pages[0]?.counts ?? {};
  const all = Object.entries(counts).reduce((a, [k, n]) => (k === 'exception' ? a : a + n), 0);
  const orders = pages.data?.pages.flatMap((p) => p.list) ?? [];
  return (
    <div className={styles.page}>
      <div className={styles.top}>
        <h1 className={styles.heading}>{t('mobile.nav.orders')}</h1>
        <span className={styles.balance} data-testid="phone-wallet-balance">
          {wallet.data ? t('mobile.orders.balance', { balance: formatMoney(wallet.data.balance, wallet.data.currency) }) : ''}
        </span>
      </div>
      <Tabs activeKey={tab} onChange={(key) => setParams(key === 'all' ? {} : { status: key }, { replace: true })} className={styles.tabs}>
        {TABS.map((key) => {
          const n = key === 'all' ? all : (counts[key] ?? 0);
          return <Tabs.Tab key={key} title={`${t(`orders.status.${key}` as StringKey)}${pages.data ? ` ${n}` : ''}`} />;
        })}
      </Tabs>
      {pages.isPending ? (
        <PhoneLoading />
      ) : pages.isError ? (
        <PhoneFailed error={pages.error} retry={() => void pages.refetch()} />
      ) : orders.length === 0 ? (
        <PhoneEmpty>{t('mobile.orders.empty')}</PhoneEmpty>
      ) : (
        <>
          <ul className={styles.list}>
            {orders.map((o) => (
              <OrderCard key={o.id} order={o} onOpen={() => setOpen(o.id)} />
            ))}
          </ul>
          <InfiniteScroll loadMore={async () => void (await pages.fetchNextPage())} hasMore={pages.hasNextPage}>
            {pages.hasNextPage ? t('mobile.loading') : t('mobile.noMore')}
          </InfiniteScroll>
        </>
      )}
      {open !== undefined && <OrderSheet id={open} onClose={() => setOpen(undefined)} />}
    </div>
  );
}
