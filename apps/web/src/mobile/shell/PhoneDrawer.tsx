import { Popup } from 'antd-mobile';
import { NavLink } from './router';
import {
  AppOutline,
  StarOutline,
  UnorderedListOutline,
  GlobalOutline,
  AppstoreOutline,
  PicturesOutline,
  FileOutline,
  UserOutline,
  TravelOutline,
  EditSOutline,
  PictureOutline,
  LinkOutline,
  InformationCircleOutline,
} from 'antd-mobile-icons';
import type { StringKey } from '../../app/i18n';
import { useI18n } from '../../app/i18n';
import styles from './PhoneDrawer.module.css';

/**
 * The drawer's pages, in the order sellers use them (docs/mobile.md#the-shell). Online design opens in a tab of its own
 * (`newTab`): the editor takes it over.
 */
const LINKS: { to: string; label: StringKey; icon: typeof AppOutline; newTab?: boolean }[] = [
  { to: '/mobile-home', label: 'mobile.nav.home', icon: AppOutline },
  { to: '/mobile-toolhome', label: 'mobile.nav.toolhome', icon: UserOutline },
  { to: '/mobile-product', label: 'mobile.nav.product', icon: UnorderedListOutline },
  { to: '/mobile-design', label: 'mobile.nav.design', icon: EditSOutline, newTab: true },
  { to: '/advantage', label: 'mobile.nav.advantage', icon: PictureOutline },
  { to: '/mobile-finished', label: 'mobile.nav.finished', icon: PicturesOutline },
  { to: '/mobile-order-manage', label: 'mobile.nav.orders', icon: FileOutline },
  { to: '/mobile-product-library', label: 'mobile.nav.library', icon: StarOutline },
  { to: '/mobile-independent-deployment', label: 'mobile.nav.deployment', icon: LinkOutline },
  { to: '/mobile-service', label: 'mobile.nav.service', icon: TravelOutline },
  { to: '/mobile-about', label: 'mobile.nav.about', icon: InformationCircleOutline },
];

/**
 * The drawer sliding in from the left. The shell loads this file on the first tap of the menu button: the drawer's
 * popup, gestures and icons are no part of the first screen (docs/mobile.md#speed).
 */
export function PhoneDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t, lang, setLang } = useI18n();
  return (
    <Popup visible={open} position="left" onMaskClick={onClose} onClose={onClose} bodyClassName={styles.popupBody}>
      <nav aria-label={t('mobile.menu')} className={styles.drawer}>
        <div className={styles.brand}>{t('app.name')}</div>
        <ul className={styles.list}>
          {LINKS.map(({ to, label, icon: Icon, newTab }) => (
            <li key={to}>
              {newTab ? (
                <a href={to} target="_blank" rel="noopener" className={styles.link} onClick={onClose}>
                  <Icon fontSize={20} aria-hidden />
                  {t(label)}
                </a>
              ) : (
                <NavLink
                  to={to}
                  className={({ isActive }) => (isActive ? `${styles.link} ${styles.active}` : styles.link)}
                  onClick={onClose}
                >
                  <Icon fontSize={20} aria-hidden />
                  {t(label)}
                </NavLink>
              )}
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
    </Popup>
  );
}
