/**
 * The app's toasts without Ant Design (docs/web.md#where-the-bytes-go): the toast area itself is antd's
 * (FeedbackRoot in feedback.tsx, loaded with the back office), and the login page, which loads no antd, shows its
 * outcomes in its own form instead. So a toast asked for while no area is on screen is either dropped (an error the
 * page shows itself) or kept for the next page's area (the "logged in" of the login page).
 */
export type ToastKind = 'success' | 'error' | 'info' | 'warning';

interface Toast {
  kind: ToastKind;
  text: string;
  key?: string;
}

type Area = (toast: Toast) => void;

let area: Area | undefined;
let waiting: Toast[] = [];

/** Called by the toast area when it mounts: it shows what waited for it. Returns the detach call. */
export function attachToastArea(show: Area): () => void {
  area = show;
  const pending = waiting;
  waiting = [];
  for (const toast of pending) show(toast);
  return () => {
    if (area === show) area = undefined;
  };
}

/** Shows an error toast where there is a toast area; the same text shown twice at once appears once. */
export function toastError(text: string): void {
  area?.({ kind: 'error', text, key: `error:${text}` });
}

/** Shows a toast now, or on the next page's toast area when this page has none (the login page → the back office). */
export function toastOnArrival(kind: ToastKind, text: string): void {
  if (area) area({ kind, text });
  else waiting.push({ kind, text });
}
