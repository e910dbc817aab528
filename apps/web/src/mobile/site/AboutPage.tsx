import { QRCodeSVG } from '@rc-component/qrcode';
import { useSupportContact } from '../../api';
import { useI18n } from '../../app/i18n';
import styles from './Site.module.css';

/** The build's version: the commit it was built from (vite.phone.config.ts). */
declare const __APP_VERSION__: string;

/** /mobile-about (docs/mobile.md#the-public-pages): what the product is, its version, and customer service. */
export function AboutPage() {
  const { t } = useI18n();
  const contact = useSupportContact();
  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>{t('mobile.about.title')}</h1>
      <p className={styles.lead}>{t('mobile.about.lead')}</p>
      <p className={styles.muted}>{t('mobile.about.version', { version: __APP_VERSION__ })}</p>
      {contact.data && (
        <section className={styles.card} aria-labelledby="about-help">
          <h2 id="about-help" className={styles.cardTitle}>
            {t('mobile.about.help')}
          </h2>
          <a href={`tel:${contact.data.phone.replace(/[^\d+]/g, '')}`} className={styles.primary}>
            {t('mobile.about.call', { phone: contact.data.phone })}
          </a>
          <figure className={styles.qr}>
            <QRCodeSVG value={contact.data.url} size={160} title={t('mobile.about.qr')} data-testid="about-qr" />
            <figcaption>{t('mobile.about.qr')}</figcaption>
          </figure>
        </section>
      )}
    </div>
  );
}
