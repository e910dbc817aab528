import type { Lang } from '@app/contract';
import { useI18n } from '../i18n';
import styles from './LanguageSwitch.module.css';

// Each language is named in itself, so it can be found whichever one is on screen.
const OPTIONS: { value: Lang; label: string }[] = [
  { value: 'zh', label: '中文' },
  { value: 'en', label: 'EN' },
];

/**
 * The two languages side by side, the chosen one raised. Plain buttons rather than antd's Segmented: the login page,
 * which shows it too, loads no Ant Design (docs/web.md#where-the-bytes-go).
 */
export function LanguageSwitch() {
  const { lang, setLang, t } = useI18n();
  return (
    <div className={styles.switch} role="group" aria-label={t('lang.switch')}>
      {OPTIONS.map((option) => (
        <button
          key={option.value}
          type="button"
          className={styles.option}
          aria-pressed={option.value === lang}
          onClick={() => setLang(option.value)}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
