import type { ReactNode } from 'react';
import {
  AppstoreOutlined,
  BarcodeOutlined,
  CloudUploadOutlined,
  DollarOutlined,
  FileDoneOutlined,
  FileTextOutlined,
  FontSizeOutlined,
  FontColorsOutlined,
  TagsOutlined,
  ProfileOutlined,
  ShopOutlined,
  ShoppingOutlined,
  SkinOutlined,
  StopOutlined,
  TeamOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import { Menu, type MenuProps } from 'antd';
import { Link, useLocation } from 'react-router';
import { useI18n } from '../i18n';
import { useCurrentUser } from './currentUser';

const PATHS = {
  overview: '/',
  products: '/products',
  finished: '/finished',
  orders: '/orders',
  subAccounts: '/account/sub-accounts',
  stores: '/stores',
  priceTemplates: '/price-template',
  bannedWords: '/banned-words',
  barcodes: '/barcodes',
  exportRecords: '/export-records',
  watermarks: '/watermark',
  templates: '/templates',
  aliexpressTemplates: '/aliexpress-templates',
  tiktokTemplates: '/tiktok-templates',
  aliexpressPublish: '/aliexpress-publish',
  tiktokPublish: '/tiktok-publish',
  titleTemplates: '/title-templates',
  keywordSets: '/keyword-sets',
  wallet: '/wallet',
  designMockup: '/design-mockup',
} as const;

/** The menu entry a path belongs to: the longest menu path it starts with (a dialog route keeps its page lit). */
function selectedKey(pathname: string): string | undefined {
  // The batch edit page belongs to the finished-products screen.
  if (pathname === '/batch-edit-finished') return PATHS.finished;
  // A product's detail belongs to the catalogue.
  if (pathname === '/productdtl') return PATHS.products;
  if (pathname === '/priceTemplateManagement') return PATHS.priceTemplates;
  if (pathname === '/title-template-edit') return PATHS.titleTemplates;
  return Object.values(PATHS)
    .filter((p) => (p === '/' ? pathname === '/' : pathname === p || pathname.startsWith(`${p}/`)))
    .sort((a, b) => b.length - a.length)[0];
}

/** A section title, lined up with the icons of its items. */
function GroupTitle({ children, collapsed }: { children: ReactNode; collapsed: boolean }) {
  return collapsed ? (
    <span style={{ display: 'block', textAlign: 'center', marginInline: -8, fontSize: 11 }}>{children}</span>
  ) : (
    <span style={{ paddingInlineStart: 20, letterSpacing: 0.5 }}>{children}</span>
  );
}

/**
 * Sections follow the product's areas. "发布" (Publish) holds the product catalogue (/products, where a design starts) and the finished-products screen (/finished); the export
 * records, the templates and each marketplace's publish page (docs/publish-tab.md) sit there too. Nothing here links to a page that does not work yet;
 * the one prototype (设计样机（原型）, docs/mockup-prototype.md) says so in its name and on its page.
 */
export function SideMenu({ collapsed = false, onNavigate }: { collapsed?: boolean; onNavigate?: () => void }) {
  const { t } = useI18n();
  const { pathname } = useLocation();
  // A sub-account has nothing to manage there (the server refuses it), so it gets no entry.
  const { is_parent: isParent } = useCurrentUser();
  const key = selectedKey(pathname);

  const items: MenuProps['items'] = [
    {
      type: 'group',
      key: 'publish',
      label: <GroupTitle collapsed={collapsed}>{t('nav.publish')}</GroupTitle>,
      children: [
        { key: PATHS.overview, icon: <AppstoreOutlined />, label: <Link to={PATHS.overview}>{t('nav.overview')}</Link> },
        { key: PATHS.products, icon: <ShopOutlined />, label: <Link to={PATHS.products}>{t('nav.products')}</Link> },
        { key: PATHS.finished, icon: <SkinOutlined />, label: <Link to={PATHS.finished}>{t('nav.finished')}</Link> },
        { key: PATHS.exportRecords, icon: <FileDoneOutlined />, label: <Link to={PATHS.exportRecords}>{t('nav.exportRecords')}</Link> },
        { key: PATHS.templates, icon: <ProfileOutlined />, label: <Link to={PATHS.templates}>{t('nav.templates')}</Link> },
        // The marketplaces' templates for online publishing (docs/market-templates.md).
        {
          key: PATHS.aliexpressTemplates,
          icon: <ProfileOutlined />,
          label: <Link to={PATHS.aliexpressTemplates}>{t('nav.aliexpressTemplates')}</Link>,
        },
        {
          key: PATHS.tiktokTemplates,
          icon: <ProfileOutlined />,
          label: <Link to={PATHS.tiktokTemplates}>{t('nav.tiktokTemplates')}</Link>,
        },
        // Each marketplace's publish records ("<marketplace>-publish", docs/publish-tab.md#publish-page).
        {
          key: PATHS.aliexpressPublish,
          icon: <CloudUploadOutlined />,
          label: <Link to={PATHS.aliexpressPublish}>{t('nav.aliexpressPublish')}</Link>,
        },
        { key: PATHS.tiktokPublish, icon: <CloudUploadOutlined />, label: <Link to={PATHS.tiktokPublish}>{t('nav.tiktokPublish')}</Link> },
        // A prototype that calls no server, named as one (docs/mockup-prototype.md). Its icon is one the menu has
        // already: a new one would be another download for every page (docs/web.md#the-budget).
        { key: PATHS.designMockup, icon: <SkinOutlined />, label: <Link to={PATHS.designMockup}>{t('nav.designMockup')}</Link> },
      ],
    },
    {
      type: 'group',
      key: 'orders',
      label: <GroupTitle collapsed={collapsed}>{t('nav.orderGroup')}</GroupTitle>,
      // What the seller ordered for production and paid from the wallet (docs/orders.md).
      children: [{ key: PATHS.orders, icon: <FileTextOutlined />, label: <Link to={PATHS.orders}>{t('nav.orders')}</Link> }],
    },
    {
      type: 'group',
      key: 'settings',
      label: <GroupTitle collapsed={collapsed}>{t('nav.settings')}</GroupTitle>,
      // The listing settings a seller keeps (docs/exports.md): shops, pricing templates, banned words.
      children: [
        { key: PATHS.stores, icon: <ShoppingOutlined />, label: <Link to={PATHS.stores}>{t('nav.stores')}</Link> },
        { key: PATHS.priceTemplates, icon: <DollarOutlined />, label: <Link to={PATHS.priceTemplates}>{t('nav.priceTemplates')}</Link> },
        { key: PATHS.bannedWords, icon: <StopOutlined />, label: <Link to={PATHS.bannedWords}>{t('nav.bannedWords')}</Link> },
        { key: PATHS.barcodes, icon: <BarcodeOutlined />, label: <Link to={PATHS.barcodes}>{t('nav.barcodes')}</Link> },
        { key: PATHS.watermarks, icon: <FontSizeOutlined />, label: <Link to={PATHS.watermarks}>{t('nav.watermarks')}</Link> },
      ],
    },
    {
      type: 'group',
      key: 'listingTools',
      label: <GroupTitle collapsed={collapsed}>{t('nav.listingTools')}</GroupTitle>,
      // What every export and publish can use (docs/listing-tools.md).
      children: [
        {
          key: PATHS.titleTemplates,
          icon: <FontColorsOutlined />,
          label: <Link to={PATHS.titleTemplates}>{t('nav.titleTemplates')}</Link>,
        },
        { key: PATHS.keywordSets, icon: <TagsOutlined />, label: <Link to={PATHS.keywordSets}>{t('nav.keywordSets')}</Link> },
      ],
    },
    {
      type: 'group',
      key: 'funds',
      label: <GroupTitle collapsed={collapsed}>{t('nav.funds')}</GroupTitle>,
      children: [{ key: PATHS.wallet, icon: <WalletOutlined />, label: <Link to={PATHS.wallet}>{t('nav.wallet')}</Link> }],
    },
    ...(isParent
      ? [
          {
            type: 'group' as const,
            key: 'account',
            label: <GroupTitle collapsed={collapsed}>{t('nav.account')}</GroupTitle>,
            children: [
              { key: PATHS.subAccounts, icon: <TeamOutlined />, label: <Link to={PATHS.subAccounts}>{t('nav.subAccounts')}</Link> },
            ],
          },
        ]
      : []),
  ];

  return (
    <Menu
      mode="inline"
      items={items}
      selectedKeys={key ? [key] : []}
      onClick={onNavigate}
      style={{ borderInlineEnd: 'none', background: 'transparent' }}
      aria-label={t('nav.publish')}
    />
  );
}
