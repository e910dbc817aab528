import type { ReactNode } from 'react';
import { BrandMark } from '../../app/components/BrandMark';
import { LanguageSwitch } from '../../app/components/LanguageSwitch';
import { useI18n, type StringKey } from '../../app/i18n';
import styles from './auth.module.css';

const POINTS: StringKey[] = ['auth.hero.point.team', 'auth.hero.point.lang', 'auth.hero.point.design'];

function CheckIcon() {
  return (
    <svg className={styles.check} viewBox="0 0 1024 1024" width="18" height="18" aria-hidden="true">
      <path
        fill="currentColor"
        d="M512 64C264.6 64 64 264.6 64 512s200.6 448 448 448 448-200.6 448-448S759.4 64 512 64zm193.5 301.7l-210.6 292a31.8 31.8 0 01-51.7 0L318.5 484.9c-3.8-5.3 0-12.7 6.5-12.7h46.9c10.2 0 19.9 4.9 25.9 13.3l71.2 98.8 157.2-218c6-8.3 15.6-13.3 25.9-13.3H699c6.5 0 10.3 7.4 6.5 12.7z"
      />
    </svg>
  );
}

/**
 * The frame of the login and register pages: the product on the left (wide screens), the form on the right. Plain
 * elements and CSS: the login page loads no Ant Design (docs/web.md#where-the-bytes-go).
 */
export function AuthLayout({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle: string;
  children: ReactNode;
  footer: ReactNode;
}) {
  const { t } = useI18n();
  return (
    <div className={styles.page}>
      <aside className={styles.hero}>
        <div className={styles.heroBrand}>
          <svg width={32} height={32} viewBox="0 0 64 64" aria-hidden="true">
            <rect width="64" height="64" rx="14" fill="#fff" />
            <path d="M18 24 L26 17 H38 L46 24 L41 30 L38 28 V47 H26 V28 L23 30 Z" fill="#3451d1" />
            <circle cx="32" cy="36" r="4" fill="#fff" />
          </svg>
          <span>{t('app.name')}</span>
        </div>
        <div>
          <h2 className={styles.heroTitle}>{t('auth.hero.title')}</h2>
          <p className={styles.heroTagline}>{t('app.tagline')}</p>
          <ul className={styles.points}>
            {POINTS.map((key) => (
              <li key={key}>
                <CheckIcon />
                <span>{t(key)}</span>
              </li>
            ))}
          </ul>
        </div>
        <span className={styles.copyright}>© {t('app.name')}</span>
      </aside>
      <div className={styles.side}>
        <div className={styles.topBar}>
          <span className={styles.narrowBrand}>
            <BrandMark size={28} />
          </span>
          <LanguageSwitch />
        </div>
        <main className={styles.center}>
          <div className={styles.card}>
            <h3 className={styles.title}>{title}</h3>
            <p className={styles.subtitle}>{subtitle}</p>
            {children}
            <div className={styles.footer}>{footer}</div>
          </div>
        </main>
      </div>
    </div>
  );
}
