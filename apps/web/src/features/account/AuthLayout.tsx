import type { ReactNode } from 'react';
import { CheckCircleFilled } from '@ant-design/icons';
import { Flex, Grid, Typography } from 'antd';
import { BrandMark, LanguageSwitch } from '../../app/components';
import { useI18n, type StringKey } from '../../app/i18n';
import { BRAND_COLOR } from '../../app/theme';

const POINTS: StringKey[] = ['auth.hero.point.team', 'auth.hero.point.lang', 'auth.hero.point.design'];

/** The frame of the login and register pages: the product on the left (wide screens), the form on the right. */
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
  const screens = Grid.useBreakpoint();
  const wide = screens.lg === true;

  return (
    <Flex style={{ minHeight: '100vh', background: '#f4f6fb' }}>
      {wide && (
        <Flex
          vertical
          justify="space-between"
          style={{
            width: '42%',
            maxWidth: 560,
            padding: '40px 48px',
            color: '#fff',
            background: `radial-gradient(circle at 20% 15%, #5a74ec 0%, transparent 55%), linear-gradient(160deg, ${BRAND_COLOR} 0%, #1d2f86 100%)`,
          }}
        >
          <Flex align="center" gap={10}>
            <svg width={32} height={32} viewBox="0 0 64 64" aria-hidden="true">
              <rect width="64" height="64" rx="14" fill="#fff" />
              <path d="M18 24 L26 17 H38 L46 24 L41 30 L38 28 V47 H26 V28 L23 30 Z" fill={BRAND_COLOR} />
              <circle cx="32" cy="36" r="4" fill="#fff" />
            </svg>
            <span style={{ fontSize: 17, fontWeight: 600 }}>{t('app.name')}</span>
          </Flex>
          <div>
            <Typography.Title level={2} style={{ color: '#fff', margin: '0 0 12px', fontSize: 30, lineHeight: 1.3 }}>
              {t('auth.hero.title')}
            </Typography.Title>
            <Typography.Paragraph style={{ color: 'rgba(255,255,255,0.78)', fontSize: 15, marginBottom: 32 }}>
              {t('app.tagline')}
            </Typography.Paragraph>
            <Flex vertical gap={16}>
              {POINTS.map((key) => (
                <Flex key={key} gap={12} align="flex-start">
                  <CheckCircleFilled style={{ color: '#9fb1ff', fontSize: 18, marginTop: 3 }} />
                  <span style={{ fontSize: 15, lineHeight: 1.6, color: 'rgba(255,255,255,0.92)' }}>{t(key)}</span>
                </Flex>
              ))}
            </Flex>
          </div>
          <span style={{ color: 'rgba(255,255,255,0.55)', fontSize: 13 }}>© {t('app.name')}</span>
        </Flex>
      )}
      <Flex vertical style={{ flex: 1, minWidth: 0 }}>
        <Flex justify={wide ? 'flex-end' : 'space-between'} align="center" style={{ padding: '20px 24px' }}>
          {!wide && <BrandMark size={28} />}
          <LanguageSwitch />
        </Flex>
        <Flex flex={1} align="center" justify="center" style={{ padding: '16px 24px 48px' }}>
          <div
            style={{
              width: '100%',
              maxWidth: 420,
              background: '#fff',
              borderRadius: 16,
              padding: screens.sm ? '40px 40px 32px' : '28px 20px 24px',
              boxShadow: '0 1px 2px rgba(16,24,40,0.04), 0 12px 32px rgba(16,24,40,0.08)',
            }}
          >
            <Typography.Title level={3} style={{ margin: 0 }}>
              {title}
            </Typography.Title>
            <Typography.Paragraph type="secondary" style={{ margin: '8px 0 28px' }}>
              {subtitle}
            </Typography.Paragraph>
            {children}
            <div style={{ marginTop: 20, textAlign: 'center', color: 'rgba(0,0,0,0.55)' }}>{footer}</div>
          </div>
        </Flex>
      </Flex>
    </Flex>
  );
}
