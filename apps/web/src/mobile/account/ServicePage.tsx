import { useState } from 'react';
import { Link, useLocation } from '../shell/router';
import { Button, Dialog, Selector, Toast } from 'antd-mobile';
import type { DataOf, routes, UserLevel } from '@app/contract';
import { hasSessionCookie, useMemberPlans, useMemberUpgrade } from '../../api';
import { useI18n } from '../../app/i18n';
import { LevelMark } from '../components/LevelMark';
import { PhoneFailed, PhoneLoading } from '../components/PhoneStates';
import { formatDay } from '../components/formatDay';
import { phoneLoginUrl } from '../shell/phoneLogin';
import styles from './Account.module.css';
import { yuan } from '../components/yuan';

type Plans = DataOf<typeof routes.memberPlans>;
type Plan = Plans['plans'][number];

/**
 * /mobile-service, membership (docs/membership.md): the levels with what each unlocks and its prices per period; the
 * main account buys one from the wallet for its whole family, at once. Readable logged out.
 */
export function ServicePage() {
  const { t, lang } = useI18n();
  const plans = useMemberPlans();
  if (plans.isPending) return <PhoneLoading />;
  if (plans.isError) return <PhoneFailed error={plans.error} retry={() => void plans.refetch()} />;
  const current = plans.data.current;
  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>{t('mobile.service.title')}</h1>
      <p className={styles.lead}>{t('mobile.service.lead')}</p>
      {current && (
        <p className={styles.currentLevel}>
          {t('mobile.service.current')} <LevelMark level={current.level as UserLevel} />
          {current.ends_at ? ` ${t('mobile.me.endsAt', { day: formatDay(current.ends_at, lang) })}` : ''}
        </p>
      )}
      {current && !current.is_parent && <p className={styles.muted}>{t('mobile.service.subOnly')}</p>}
      <ul className={styles.plans}>
        {plans.data.plans.map((p) => (
          <PlanCard key={p.level} plan={p} current={current} />
        ))}
      </ul>
    </div>
  );
}

function PlanCard({ plan, current }: { plan: Plan; current: Plans['current'] }) {
  const { t, lang } = useI18n();
  const { pathname } = useLocation();
  const upgrade = useMemberUpgrade();
  const [months, setMonths] = useState(plan.prices[0]?.months);
  const price = plan.prices.find((p) => p.months === months);
  const mine = current?.level === plan.level;
  const period = (m: number) => (m === 1 ? t('mobile.service.month') : t('mobile.service.months', { months: m }));
  const buy = async () => {
    if (!price) return;
    const ok = await Dialog.confirm({
      content: t('mobile.service.confirm', { price: price.price, name: plan.name, period: period(price.months) }),
      confirmText: t('mobile.confirm'),
      cancelText: t('mobile.cancel'),
    });
    if (!ok) return;
    // One id per confirmed purchase: a repeated request (a double tap, a retry) charges once.
    const made = await upgrade.mutateAsync({
      level: plan.level as 1 | 2 | 3,
      months: price.months as 1 | 3 | 12,
      request_id: crypto.randomUUID(),
    });
    Toast.show({ icon: 'success', content: t('mobile.service.done', { name: plan.name, day: formatDay(made.ends_at, lang) }) });
  };
  return (
    <li className={`${styles.plan} ${mine ? styles.planMine : ''}`} aria-label={plan.name}>
      <div className={styles.planHead}>
        <LevelMark level={plan.level as UserLevel} />
        <h2 className={styles.planName}>{plan.name}</h2>
      </div>
      <ul className={styles.unlocks}>
        <li>{t('mobile.service.products', { count: plan.products })}</li>
        <li>{plan.material_tier ? t('mobile.service.tier', { tier: plan.material_tier }) : t('mobile.service.basicTier')}</li>
      </ul>
      {plan.prices.length === 0 ? (
        <p className={styles.price}>{t('mobile.service.free')}</p>
      ) : (
        <>
          <Selector
            columns={3}
            options={plan.prices.map((p) => ({ label: `${period(p.months)} ${yuan(p.price)}`, value: p.months }))}
            value={months ? [months] : []}
            onChange={(v) => v[0] && setMonths(v[0])}
          />
          {!hasSessionCookie() ? (
            <Link to={phoneLoginUrl(pathname)} className={styles.action}>
              {t('mobile.service.loginToBuy')}
            </Link>
          ) : current?.is_parent ? (
            current.level > plan.level ? (
              <Button block disabled className={styles.button}>
                {t('mobile.service.lower')}
              </Button>
            ) : (
              <Button
                block
                color="primary"
                className={styles.button}
                loading={upgrade.isPending}
                onClick={() => void buy().catch(() => undefined)}
              >
                {t(mine ? 'mobile.service.renew' : 'mobile.service.buy', { price: price?.price ?? '' })}
              </Button>
            )
          ) : null}
        </>
      )}
    </li>
  );
}
