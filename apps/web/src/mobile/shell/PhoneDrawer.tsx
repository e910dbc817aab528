import { NavLink } from 'react-router';
import { AppOutline, StarOutline, UnorderedListOutline, GlobalOutline, AppstoreOutline } from 'antd-mobile-icons';
import type { StringKey } from '../../app/i18n';
import { useI18n } from '../../app/i18n';
import styles from './PhoneDrawer.module.css';

/** The drawer's pages, in the order sellers use them (docs/mobile.md#the-shell). */
const LINKS: { to: string; label: StringKey; icon: typeof AppOutline }[] = [
  { to: '/mobile-home', label: 'mobile.nav.home', icon: AppOutline },
  { to: '/mobile-product', label: 'mobile.nav.product', icon: UnorderedListOutline },
  { to: '/mobile-product-library', label: 'mobile.nav.library', icon: StarOutline },
];

export function PhoneDrawer({ onClose }: { onClose: () => void }) {
  const { t, lang, setLang } = useI18n();
  return (
    <nav aria-label={t('mobile.menu')} className={styles.drawer}>
      <div className={styles.brand}>{t('app.name')}</div>
      <ul className={styles.list}>
        {LINKS.map(({ to, label, icon: Icon }) => (
          <li key={to}>
            <NavLink to={to} className={({ isActive }) => (isActive ? `${styles.link} ${styles.active}` : styles.link)} onClick={onClose}>
              <Icon fontSize={20} aria-hidden />
              {t(label)}
            </NavLink>
          </li>
        ))}
        <li>
          {/* The back office proper: the desktop pages, for what the phone does not do. */}
          <a href="/" className={styles.link}>
            <AppstoreOutline fontSize={20} aria-hidden />
            {t('mobile.nav.desktop')}
          </a>
        </li>
        <li>
          <button type="button" className={styles.link} onClick={() => setLang(lang === 'zh' ? 'en' : 'zh')}>
            <GlobalOutline fontSize={20} aria-hidden />
            {t('mobile.language')}
          </button>
        </li>
      </ul>
    </nav>
  );
}
