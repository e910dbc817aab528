import { useEffect } from 'react';
import { App } from 'antd';

type MessageApi = ReturnType<typeof App.useApp>['message'];

let messageApi: MessageApi | undefined;

/**
 * Toasts shown from outside React (the global API error handler) use the antd App context, so they follow
 * the theme and language like the rest of the screen. Rendered once inside <App>.
 */
export function FeedbackBridge(): null {
  const { message } = App.useApp();
  useEffect(() => {
    messageApi = message;
    return () => {
      messageApi = undefined;
    };
  }, [message]);
  return null;
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
