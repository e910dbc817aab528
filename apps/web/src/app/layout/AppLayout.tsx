import { Suspense, useState } from 'react';
import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Button, Grid, Layout, theme } from 'antd';
import { Outlet, useNavigation } from 'react-router';
import { ApiError, useUserInfo } from '../../api';
import { BrandMark, LanguageSwitch } from '../components';
import { useI18n } from '../i18n';
import { onDemand } from '../onDemand';
import { BackOfficeFeedback } from './BackOfficeFeedback';
import { CartButton } from './CartButton';
import { CurrentUserContext } from './currentUser';
import { FullPage, RouteFallback } from './FullPage';
import { SideMenu } from './SideMenu';
import { UserMenu } from './UserMenu';

// Shown only when the account cannot be loaded: antd's Result (with its illustrations) stays out of every page's download.
const LoadFailed = onDemand(async () => (await import('./LoadFailed')).LoadFailed);
// A phone's menu drawer loads when first opened (docs/web.md#where-the-bytes-go).
const MenuDrawer = onDemand(async () => (await import('./MenuDrawer')).MenuDrawer);
// On a phone, the offer of a page's phone twin (docs/mobile.md#addresses): a desktop never loads it.
const PhoneOffer = onDemand(async () => (await import('./PhoneOffer')).PhoneOffer);

const SIDER_WIDTH = 240;
const SIDER_COLLAPSED_WIDTH = 72;

/**
 * The back office around every page after login: the side menu (a drawer on phones), the header with
 * language and account, and the page. The account is loaded before any page renders.
 */
export function AppLayout() {
  const { t } = useI18n();
  const { token } = theme.useToken();
  const screens = Grid.useBreakpoint();
  // Until the first measurement `md` is undefined: assume a desktop, the common case of a back office.
  const isPhone = screens.md === false;
  const [collapsed, setCollapsed] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  // Once opened it stays mounted, so that it closes with its animation.
  const [drawerWanted, setDrawerWanted] = useState(false);
  const user = useUserInfo();
  // A page's code loads on its first visit (docs/web.md#route-splitting): the page on screen stays meanwhile, and a
  // thin bar along the top says the click was heard.
  const navigating = useNavigation().state === 'loading';

  if (user.isPending) return <RouteFallback />;
  if (user.isError) {
    // A lost session is already on its way to the login page.
    if (user.error instanceof ApiError && user.error.isSessionLost) return <FullPage>{null}</FullPage>;
    return (
      <FullPage>
        <Suspense fallback={null}>
          <LoadFailed reason={user.error.message} onRetry={() => void user.refetch()} />
        </Suspense>
      </FullPage>
    );
  }

  const border = `1px solid ${token.colorBorderSecondary}`;
  const brand = (compact: boolean) => (
    <div style={{ height: 64, display: 'flex', alignItems: 'center', padding: compact ? '0 20px' : '0 24px', borderBottom: border }}>
      <BrandMark compact={compact} />
    </div>
  );

  return (
    <BackOfficeFeedback>
      <CurrentUserContext value={user.data}>
        {navigating && <div className="route-progress" aria-hidden />}
        <Layout style={{ minHeight: '100vh' }}>
          {isPhone ? (
            drawerWanted && (
              <Suspense fallback={null}>
                <MenuDrawer open={drawerOpen} width={SIDER_WIDTH + 16} onClose={() => setDrawerOpen(false)}>
                  {brand(false)}
                  <nav style={{ paddingTop: 8 }}>
                    <SideMenu onNavigate={() => setDrawerOpen(false)} />
                  </nav>
                </MenuDrawer>
              </Suspense>
            )
          ) : (
            <Layout.Sider
              width={SIDER_WIDTH}
              collapsedWidth={SIDER_COLLAPSED_WIDTH}
              collapsed={collapsed}
              collapsible
              trigger={null}
              breakpoint="lg"
              onBreakpoint={setCollapsed}
              style={{ borderInlineEnd: border, position: 'sticky', top: 0, height: '100vh', overflow: 'auto' }}
            >
              {brand(collapsed)}
              <nav style={{ paddingTop: 8 }}>
                <SideMenu collapsed={collapsed} />
              </nav>
            </Layout.Sider>
          )}
          <Layout>
            <Layout.Header
              style={{ position: 'sticky', top: 0, zIndex: 10, display: 'flex', alignItems: 'center', gap: 12, borderBottom: border }}
            >
              {isPhone ? (
                <>
                  <Button
                    type="text"
                    icon={<MenuUnfoldOutlined />}
                    onClick={() => {
                      setDrawerWanted(true);
                      setDrawerOpen(true);
                    }}
                    aria-label={t('nav.openMenu')}
                  />
                  <BrandMark compact size={28} />
                </>
              ) : (
                <Button
                  type="text"
                  icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
                  onClick={() => setCollapsed(!collapsed)}
                  aria-label={collapsed ? t('nav.expandMenu') : t('nav.collapseMenu')}
                />
              )}
              <div style={{ flex: 1 }} />
              <CartButton />
              <LanguageSwitch />
              <UserMenu user={user.data} />
            </Layout.Header>
            <Layout.Content style={{ padding: isPhone ? 16 : 24 }}>
              <main style={{ maxWidth: 1280, margin: '0 auto' }} aria-busy={navigating}>
                {isPhone && (
                  <Suspense fallback={null}>
                    <PhoneOffer />
                  </Suspense>
                )}
                <Outlet />
              </main>
            </Layout.Content>
          </Layout>
        </Layout>
      </CurrentUserContext>
    </BackOfficeFeedback>
  );
}
