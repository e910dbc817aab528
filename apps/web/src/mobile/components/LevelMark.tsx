import type { UserLevel } from '@app/contract';
import { useI18n } from '../../app/i18n';
import styles from './LevelMark.module.css';

/** The membership level (0–3, docs/domain.md#accounts-and-scope) as a small crowned V0–V3 mark. */
export function LevelMark({ level }: { level: UserLevel }) {
  const { t } = useI18n();
  return (
    <span
      className={`${styles.mark} ${styles[`v${level}`]}`}
      title={t('mobile.level', { level })}
      aria-label={t('mobile.level', { level })}
    >
      <svg viewBox="0 0 16 16" width="12" height="12" aria-hidden="true">
        <path d="M1 5l3.5 3L8 2l3.5 6L15 5l-1.5 8h-11z" fill="currentColor" />
      </svg>
      V{level}
    </span>
  );
}
