import { useContext, useEffect, useMemo, type ReactNode } from 'react';
import { theme } from 'antd';
// The context App.useApp() reads, without antd's <App>: that component brings the modal and notification hooks
// (and their buttons, skeleton, …) into the first download, which the login page never shows
// (docs/web.md#where-the-bytes-go). The back office adds them (layout/BackOfficeFeedback.tsx).
import AppContext from 'antd/es/app/context';
import type { MessageInstance, MessageType } from 'antd/es/message/interface';
import { useHookOnDemand, waitingCall } from './onDemandHook';
import { attachToastArea } from './toasts';

type Kind = Exclude<keyof MessageInstance, 'open' | 'destroy'>;
const KINDS: Kind[] = ['info', 'success', 'error', 'warning', 'loading'];
const loadHolder = async () => (await import('./MessageHolder')).MessageHolder;

/** A toast call made before the toast area's code is there: shown once it is; its closer works meanwhile. */
function waitingToast(whenReady: (run: (api: MessageInstance) => void) => void, show: (api: MessageInstance) => MessageType): MessageType {
  const waiting = waitingCall(whenReady, show);
  return Object.assign(() => waiting.close((close) => close()), { then: waiting.settled.then.bind(waiting.settled) });
}

/**
 * The app's one toast area, around every page but the login page (AntdShell.tsx): useFeedback().message and the
 * toasts shown from outside React (toasts.ts: the global API error handler) all go there, so they follow the
 * theme and language like the rest of the screen and stay on screen from one page to the next. Its code (antd's
 * message) loads with the first toast, not with the page (docs/web.md#where-the-bytes-go).
 */
export function FeedbackRoot({ children }: { children: ReactNode }) {
  const { api, whenReady, hasWaiting, holder } = useHookOnDemand<MessageInstance>(loadHolder);
  const { token } = theme.useToken();
  const message = useMemo<MessageInstance>(() => {
    const later =
      (kind: Kind): MessageInstance[Kind] =>
      (...args) =>
        api ? api[kind](...args) : waitingToast(whenReady, (ready) => ready[kind](...args));
    return {
      ...(Object.fromEntries(KINDS.map((kind) => [kind, later(kind)])) as Pick<MessageInstance, Kind>),
      open: (args) => (api ? api.open(args) : waitingToast(whenReady, (ready) => ready.open(args))),
      destroy: (key) => {
        if (api) api.destroy(key);
        else if (hasWaiting()) whenReady((ready) => ready.destroy(key));
      },
    };
  }, [api, whenReady, hasWaiting]);
  useEffect(() => attachToastArea((toast) => void message.open({ type: toast.kind, content: toast.text, key: toast.key })), [message]);
  const parent = useContext(AppContext);
  const value = useMemo(() => ({ ...parent, message }), [parent, message]);
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

/**
 * What App.useApp() gives (message, modal, notification), read from the context FeedbackRoot and the back office
 * provide. Not `App.useApp()` itself: importing antd's `App` brings its component, and with it the modal and
 * notification code, into every page that asks (docs/web.md#where-the-bytes-go).
 */
export function useFeedback() {
  return useContext(AppContext);
}
