import { Link } from '../shell/router';
import { useSiteFigures } from '../../api';
import { useI18n } from '../../app/i18n';
import type { StringKey } from '../../app/i18n';
import { PhoneFailed, PhoneLoading } from '../components/PhoneStates';
import styles from './Site.module.css';

const number = (n: number, lang: string) => n.toLocaleString(lang === 'zh' ? 'zh-CN' : 'en-GB');

/**
 * /advantage, the cloud-image advantage (docs/mobile.md#the-public-pages): what the server does for the seller, with
 * live figures across every account (docs/mobile.md#site-figures). Readable logged out.
 */
export function AdvantagePage() {
  const { t, lang } = useI18n();
  const figures = useSiteFigures();
  const f = figures.data;
  const items: [string, StringKey][] = f
    ? [
        [number(f.blanks, lang), 'mobile.advantage.blanks'],
        [number(f.colours, lang), 'mobile.advantage.colours'],
        [number(f.finished, lang), 'mobile.advantage.finished'],
        [number(f.composed_images, lang), 'mobile.advantage.composed'],
      ]
    : [];
  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>{t('mobile.advantage.title')}</h1>
      <p className={styles.lead}>{t('mobile.advantage.lead')}</p>
      <section className={styles.card} aria-labelledby="live-figures">
        {figures.isPending ? (
          <PhoneLoading />
        ) : figures.isError ? (
          <PhoneFailed error={figures.error} retry={() => void figures.refetch()} />
        ) : (
          f && (
            <>
              <h2 id="live-figures" className={styles.cardTitle}>
                {t('mobile.advantage.live', { time: new Date(f.measured_at * 1000).toLocaleTimeString(lang === 'zh' ? 'zh-CN' : 'en-GB') })}
              </h2>
              <dl className={styles.figures}>
                {items.map(([value, label]) => (
                  <div key={label}>
                    <dd>{value}</dd>
                    <dt>{t(label)}</dt>
                  </div>
                ))}
                <div>
                  {f.median_compose_ms === null ? (
                    <dt>{t('mobile.advantage.noMedian')}</dt>
                  ) : (
                    <>
                      <dd>{(f.median_compose_ms / 1000).toFixed(1)}</dd>
                      <dt>{t('mobile.advantage.median')}</dt>
                    </>
                  )}
                </div>
              </dl>
            </>
          )
        )}
      </section>
      <ul className={styles.points}>
        {t('mobile.advantage.points')
          .split('|')
          .map((p) => (
            <li key={p}>{p}</li>
          ))}
      </ul>
      <Link to="/mobile-product" className={styles.primary}>
        {t('mobile.advantage.start')}
      </Link>
    </div>
  );
}
