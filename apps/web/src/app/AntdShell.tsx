import { useMemo, useSyncExternalStore } from 'react';
import { ConfigProvider } from 'antd';
import enUS from 'antd/es/locale/en_US';
// The ES modules: antd/locale/* are CommonJS, whose interop object hides the locale's fields from a spread.
import zhCN from 'antd/es/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { Outlet } from 'react-router';
import { FeedbackRoot } from './feedback';
import { useI18n } from './i18n';
import { theme } from './theme';

// The month panel would show dayjs' short months ("1月"); Chinese calendars name them 一月 … 十二月.
const zhLocale: typeof zhCN = zhCN.DatePicker
  ? {
      ...zhCN,
      DatePicker: {
        ...zhCN.DatePicker,
        lang: { ...zhCN.DatePicker.lang, shortMonths: '一月 二月 三月 四月 五月 六月 七月 八月 九月 十月 十一月 十二月'.split(' ') },
      },
    }
  : zhCN;

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';
/** Whether the system asks for less motion (an accessibility setting), followed as it changes. */
function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const query = window.matchMedia(REDUCED_MOTION);
      query.addEventListener('change', onChange);
      return () => query.removeEventListener('change', onChange);
    },
    () => window.matchMedia(REDUCED_MOTION).matches,
  );
}

/**
 * Ant Design around every page but the login page (theme, locale, toasts): loaded with the first of those pages, so
 * the login page's first download holds none of it (docs/web.md#where-the-bytes-go).
 */
export function AntdShell() {
  const { lang } = useI18n();
  // The date pickers take their month and weekday names from dayjs' global locale, not from antd's locale
  // object; set it before the pickers below render so both speak the chosen language.
  dayjs.locale(lang === 'en' ? 'en' : 'zh-cn');

  // A seller whose system asks for less motion gets dialogs, menus and drawers that appear at once.
  const reducedMotion = usePrefersReducedMotion();
  const appTheme = useMemo(() => (reducedMotion ? { ...theme, token: { ...theme.token, motion: false } } : theme), [reducedMotion]);

  return (
    <ConfigProvider locale={lang === 'en' ? enUS : zhLocale} theme={appTheme}>
      <FeedbackRoot>
        <Outlet />
      </FeedbackRoot>
    </ConfigProvider>
  );
}
