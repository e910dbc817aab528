import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useNavigate } from './router';
import { Badge, SafeArea, ShopbagOutline, UnorderedListOutline } from './firstScreenKit';
import { clearReadableSessionCookies, hasSessionCookie, useCartCount, useLogout, useUserInfo } from '../../api';
import { useI18n } from '../../app/i18n';
import { showToast } from './toast';
import { LevelMark } from '../components/LevelMark';
import styles from './PhoneShell.module.css';

const PhoneDrawer = lazy(async () => ({ default: (await import('./PhoneDrawer')).PhoneDrawer }));

/**
 * The phone's frame (docs/mobile.md#the-shell): a header with the menu, the brand and the account (login and register
 * links logged out; the name, the level and logout logged in), the drawer with every page, and the page below.
 */
export function PhoneShell({ children }: { children: ReactNode }) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  // Mounted from the first open on, so it can slide out again.
  const [drawerLoaded, setDrawerLoaded] = useState(false);
  return (
    <div className={styles.shell}>
      <SafeArea position="top" />
      <header className={styles.header}>
        <button
          type="button"
          className={styles.iconButton}
          aria-label={t('mobile.menu')}
          aria-expanded={open}
          onClick={() => {
            setDrawerLoaded(true);
            setOpen(true);
          }}
        >
          <UnorderedListOutline fontSize={22} />
        </button>
        <Link to="/mobile-home" className={styles.brand}>
          POD
        </Link>
        <AccountCorner />
      </header>
      {drawerLoaded && (
        <Suspense fallback={null}>
          <PhoneDrawer open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
      <main className={styles.page}>{children}</main>
      <SafeArea position="bottom" />
    </div>
  );
}

function AccountCorner() {
  // Read again on every navigation: logging in or out is a navigation.
  useLocation();
  return hasSessionCookie() ? <SignedIn /> : <VisitorLinks />;
}

function VisitorLinks() {
  const { t } = useI18n();
  return (
    <nav className={styles.account} aria-label={t('mobile.login')}>
      <Link to="/mobile-login" className={styles.textLink}>
        {t('mobile.login')}
      </Link>
      <Link to="/mobile-register" className={styles.textLink}>
        {t('mobile.register')}
      </Link>
    </nav>
  );
}

/** The cart icon with how many lines the cart holds; it opens the phone's cart. */
function CartIcon() {
  const { t } = useI18n();
  const count = useCartCount();
  const n = count.data ?? 0;
  return (
    <Link to="/mobile-shopping-cart" className={styles.iconButton} aria-label={n ? `${t('mobile.cart')} (${n})` : t('mobile.cart')}>
      <Badge content={n ? (n > 99 ? '99+' : n) : null}>
        <ShopbagOutline fontSize={22} aria-hidden />
      </Badge>
    </Link>
  );
}

function SignedIn() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const user = useUserInfo();
  const logout = useLogout();
  return (
    <div className={styles.account}>
      <CartIcon />
      {user.data && (
        <>
          <span className={styles.name}>{user.data.nickname || user.data.username}</span>
          <LevelMark level={user.data.level} />
        </>
      )}
      <button
        type="button"
        className={styles.textLink}
        disabled={logout.isPending}
        onClick={() =>
          logout.mutate(undefined, {
            onSettled: () => {
              clearReadableSessionCookies();
              void Promise.resolve(navigate('/mobile-login', { replace: true })).then(() => queryClient.clear());
              showToast({ content: t('mobile.loggedOut') });
            },
          })
        }
      >
        {t('mobile.logout')}
      </button>
    </div>
  );
}
