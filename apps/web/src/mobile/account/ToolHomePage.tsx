import { useState } from 'react';
import { Link, useSearchParams } from '../shell/router';
import { Button, NoticeBar } from 'antd-mobile';
import { formatMoney, TIER_LABELS, type UserLevel } from '@app/contract';
import {
  useBillList,
  useBillStatistics,
  useMemberPlans,
  useOrderList,
  useRechargeFollow,
  useSubAccounts,
  useUserInfo,
  useWalletInfo,
} from '../../api';
import { useI18n } from '../../app/i18n';
import type { StringKey } from '../../app/i18n';
import { positiveIdParam } from '../../app/urlParams';
import { LevelMark } from '../components/LevelMark';
import { PhoneFailed, PhoneLoading } from '../components/PhoneStates';
import { formatDay } from '../components/formatDay';
import { RechargeSheet } from './RechargeSheet';
import styles from './Account.module.css';
import { yuan } from '../components/yuan';

/** The statuses counted on the personal centre, in the order an order moves. */
const STATUSES = ['1', '2', '3', '4', '5'] as const;

/** Unix seconds of the first moment of this month in China (UTC+8), where the bills' days are counted. */
function monthStart(now = Date.now()): number {
  const china = new Date(now + 8 * 3600_000);
  return Math.floor((Date.UTC(china.getUTCFullYear(), china.getUTCMonth(), 1) - 8 * 3600_000) / 1000);
}

/**
 * /mobile-toolhome, the personal centre (docs/mobile.md#the-personal-centre): who the seller is and their level, the
 * wallet with a recharge, the orders per status, this month's bills and the latest lines, and a parent's sub-accounts.
 */
export function ToolHomePage() {
  const { t, lang } = useI18n();
  const user = useUserInfo();
  const plans = useMemberPlans();
  const wallet = useWalletInfo();
  const [recharging, setRecharging] = useState(false);
  if (user.isPending) return <PhoneLoading />;
  if (user.isError) return <PhoneFailed error={user.error} retry={() => void user.refetch()} />;
  const me = user.data;
  const level = me.level as UserLevel;
  const endsAt = plans.data?.current?.ends_at;
  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>{t('mobile.me.title')}</h1>
      <RechargeFollow />
      <section className={styles.card} aria-label={me.nickname || me.username}>
        <div className={styles.who}>
          <span className={styles.name}>{me.nickname || me.username}</span>
          <LevelMark level={level} />
        </div>
        <p className={styles.muted}>
          {me.username} · {me.is_parent ? t('mobile.me.parent') : t('mobile.me.sub')}
          {me.office_name ? ` · ${me.office_name}` : ''}
        </p>
        <p className={styles.tier}>
          {level === 0 ? t('mobile.me.free') : t('mobile.me.tier', { tier: TIER_LABELS[level][lang] })}
          {endsAt ? ` · ${t('mobile.me.endsAt', { day: formatDay(endsAt, lang) })}` : ''}
        </p>
        <Link to="/mobile-service" className={styles.action}>
          {level < 3 ? t('mobile.me.upgrade') : t('mobile.me.membership')}
        </Link>
      </section>

      <section className={styles.card} aria-labelledby="me-wallet">
        <h2 id="me-wallet" className={styles.cardTitle}>
          {t('mobile.me.wallet')}
        </h2>
        <div className={styles.walletRow}>
          <span className={styles.balance} data-testid="phone-balance">
            {wallet.data ? formatMoney(wallet.data.balance, wallet.data.currency) : '—'}
          </span>
          <Button color="primary" size="small" className={styles.button} onClick={() => setRecharging(true)}>
            {t('mobile.me.recharge')}
          </Button>
        </div>
        {!me.is_parent && <p className={styles.muted}>{t('mobile.me.subHint')}</p>}
      </section>

      <OrderCounts />
      <Bills />
      {me.is_parent && <SubAccounts />}
      {recharging && <RechargeSheet onClose={() => setRecharging(false)} />}
    </div>
  );
}

/** Back from the pay page (?recharge=id): the recharge followed until its payment is recorded. */
function RechargeFollow() {
  const { t } = useI18n();
  const [params] = useSearchParams();
  const id = positiveIdParam(params.get('recharge')) ?? undefined;
  const recharge = useRechargeFollow(id);
  const r = recharge.data;
  if (!r) return null;
  const key: StringKey =
    r.status === 'paid' ? 'mobile.me.rechargePaid' : r.status === 'pending' ? 'mobile.me.rechargePending' : 'mobile.me.rechargeClosed';
  return (
    <NoticeBar
      className={styles.notice}
      color={r.status === 'paid' ? 'info' : r.status === 'pending' ? 'default' : 'alert'}
      content={<span role="status">{t(key, { amount: r.amount })}</span>}
    />
  );
}

function OrderCounts() {
  const { t } = useI18n();
  const orders = useOrderList({ pageSize: 1 });
  const counts = orders.data?.counts ?? {};
  return (
    <section className={styles.card} aria-labelledby="me-orders">
      <div className={styles.cardHead}>
        <h2 id="me-orders" className={styles.cardTitle}>
          {t('mobile.me.orders')}
        </h2>
        <Link to="/mobile-order-manage" className={styles.more}>
          {t('mobile.me.allOrders')}
        </Link>
      </div>
      <ul className={styles.counts}>
        {STATUSES.map((s) => (
          <li key={s}>
            <Link to={`/mobile-order-manage?status=${s}`} className={styles.count}>
              <span className={styles.countN}>{orders.data ? (counts[s] ?? 0) : '—'}</span>
              <span>{t(`orders.status.${s}` as StringKey)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Bills() {
  const { t, lang } = useI18n();
  const [since] = useState(monthStart);
  const stats = useBillStatistics({ start_time: since });
  const latest = useBillList({ pageNumber: 1, pageSize: 5 });
  const s = stats.data;
  const figures: [StringKey, string | undefined][] = [
    ['mobile.me.recharged', s?.recharge],
    ['mobile.me.spent', s?.payment],
    ['mobile.me.refunded', s?.refund],
    ['mobile.me.memberSpent', s?.membership],
  ];
  return (
    <section className={styles.card} aria-labelledby="me-bills">
      <h2 id="me-bills" className={styles.cardTitle}>
        {t('mobile.me.bills')} · {t('mobile.me.thisMonth')}
      </h2>
      <dl className={styles.figures}>
        {figures.map(([label, value]) => (
          <div key={label}>
            <dt>{t(label)}</dt>
            <dd>{value === undefined ? '—' : yuan(value)}</dd>
          </div>
        ))}
      </dl>
      <h3 className={styles.subTitle}>{t('mobile.me.latestBills')}</h3>
      {latest.data && latest.data.list.length === 0 ? (
        <p className={styles.muted}>{t('mobile.me.noBills')}</p>
      ) : (
        <ul className={styles.bills}>
          {(latest.data?.list ?? []).map((b) => (
            <li key={b.id} className={styles.bill}>
              <span>
                {t(`wallet.type.${b.type}` as StringKey)}
                <span className={styles.muted}> · {formatDay(b.createtime, lang)}</span>
              </span>
              <span className={b.amount.startsWith('-') ? styles.out : styles.in}>
                {b.amount.startsWith('-') ? b.amount : `+${b.amount}`}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function SubAccounts() {
  const { t } = useI18n();
  const subs = useSubAccounts();
  const me = useUserInfo().data;
  // The list holds the caller too.
  const children = (subs.data ?? []).filter((a) => a.id !== me?.id);
  return (
    <section className={styles.card} aria-labelledby="me-subs">
      <h2 id="me-subs" className={styles.cardTitle}>
        {t('mobile.me.subAccounts', { count: children.length })}
      </h2>
      {subs.data && children.length === 0 ? (
        <p className={styles.muted}>{t('mobile.me.noSubAccounts')}</p>
      ) : (
        <ul className={styles.subs}>
          {children.map((a) => (
            <li key={a.id} className={styles.sub}>
              <span>{a.nickname || a.username}</span>
              <span className={styles.muted}>
                {a.username}
                {a.disabled ? ` · ${t('mobile.me.disabled')}` : ''}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
