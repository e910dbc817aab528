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
