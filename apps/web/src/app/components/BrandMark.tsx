import { useI18n } from '../i18n';
import { BRAND_COLOR } from '../theme';

function Logo({ size }: { size: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" style={{ flex: 'none' }}>
      <rect width="64" height="64" rx="14" fill={BRAND_COLOR} />
      <path d="M18 24 L26 17 H38 L46 24 L41 30 L38 28 V47 H26 V28 L23 30 Z" fill="#fff" />
      <circle cx="32" cy="36" r="4" fill={BRAND_COLOR} />
    </svg>
  );
}

/** The product's logo and name; the name is hidden where only the logo fits. */
export function BrandMark({ compact = false, size = 32 }: { compact?: boolean; size?: number }) {
  const { t } = useI18n();
  return (
    <div style={{ display: 'flex', alignItems: 'center', gap: 10, minWidth: 0 }}>
      <Logo size={size} />
      {!compact && (
        // A plain span, not antd's Typography: the login page shows the mark and loads no Ant Design
        // (docs/web.md#where-the-bytes-go).
        <span style={{ fontSize: 16, fontWeight: 600, lineHeight: 1.25, letterSpacing: 0.2, color: 'rgba(0,0,0,0.88)' }}>
          {t('app.name')}
        </span>
      )}
    </div>
  );
}
