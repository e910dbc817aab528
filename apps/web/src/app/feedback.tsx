import { useContext, useEffect, useMemo, type ReactNode } from 'react';
import { message as antMessage, theme } from 'antd';
// The context App.useApp() reads, without antd's <App>: that component brings the modal and notification hooks
// (and their buttons, skeleton, …) into the first download, which the login page never shows
// (docs/web.md#where-the-bytes-go). The back office adds them (layout/BackOfficeFeedback.tsx).
import AppContext from 'antd/es/app/context';
import type { MessageInstance } from 'antd/es/message/interface';
import { attachToastArea } from './toasts';

/**
 * The app's one toast area, around every page but the login page (AntdShell.tsx): App.useApp().message, useToast()
 * and the toasts shown from outside React (toasts.ts: the global API error handler) all go there, so they follow the
 * theme and language like the rest of the screen and stay on screen from one page to the next.
 */
export function FeedbackRoot({ children }: { children: ReactNode }) {
  const [api, holder] = antMessage.useMessage();
  const { token } = theme.useToken();
  useEffect(() => attachToastArea((toast) => void api.open({ type: toast.kind, content: toast.text, key: toast.key })), [api]);
  const parent = useContext(AppContext);
  const value = useMemo(() => ({ ...parent, message: api }), [parent, api]);
  return (
    <AppContext value={value}>
      {/* What antd's <App> gives the page: the theme's text colour and font. */}
      <div style={{ color: token.colorText, fontSize: token.fontSize, lineHeight: token.lineHeight, fontFamily: token.fontFamily }}>
        {holder}
        {children}
      </div>
    </AppContext>
  );
}

/** The toasts, for the register page, which is outside the back office and does not load antd's App. */
export function useToast(): MessageInstance {
  return useContext(AppContext).message;
}

/**
 * For a confirm dialog's action: the dialog closes however the call ends. A failure has already been shown
 * by the API error handler; letting it reject would leave an unhandled rejection behind (antd rethrows).
 */
export function settled(action: Promise<unknown>): Promise<void> {
  return action.then(
    () => undefined,
    () => undefined,
  );
}
