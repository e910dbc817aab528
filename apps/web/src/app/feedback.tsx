import { useContext, useEffect, useMemo, type ReactNode } from 'react';
import { message as antMessage, theme } from 'antd';
// The context App.useApp() reads, without antd's <App>: that component brings the modal and notification hooks
// (and their buttons, skeleton, …) into the first download, which the login page never shows
// (docs/web.md#where-the-bytes-go). The back office adds them (layout/BackOfficeFeedback.tsx).
import AppContext from 'antd/es/app/context';
import type { MessageInstance } from 'antd/es/message/interface';

let messageApi: MessageInstance | undefined;

/**
 * The app's one toast area, around every page: App.useApp().message, useToast() and the toasts shown from outside
 * React (the global API error handler) all go there, so they follow the theme and language like the rest of the screen
 * and stay on screen across pages (e.g. "logged out" on the login page).
 */
export function FeedbackRoot({ children }: { children: ReactNode }) {
  const [api, holder] = antMessage.useMessage();
  const { token } = theme.useToken();
  useEffect(() => {
    messageApi = api;
    return () => {
      messageApi = undefined;
    };
  }, [api]);
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

/** The toasts, for the pages outside the back office (login, register), which do not load antd's App. */
export function useToast(): MessageInstance {
  return useContext(AppContext).message;
}

/** Shows an error toast; the same text shown twice at once appears once. */
export function toastError(text: string): void {
  void messageApi?.open({ type: 'error', content: text, key: `error:${text}` });
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
