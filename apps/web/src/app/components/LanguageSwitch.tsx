import { Segmented } from 'antd';
import type { Lang } from '@app/contract';
import { useI18n } from '../i18n';

// Each language is named in itself, so it can be found whichever one is on screen.
const OPTIONS: { value: Lang; label: string }[] = [
  { value: 'zh', label: '中文' },
  { value: 'en', label: 'EN' },
];

export function LanguageSwitch() {
  const { lang, setLang, t } = useI18n();
  return <Segmented<Lang> size="small" options={OPTIONS} value={lang} onChange={setLang} aria-label={t('lang.switch')} />;
}
