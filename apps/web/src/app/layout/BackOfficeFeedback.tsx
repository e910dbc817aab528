import { useContext, useMemo, type ReactNode } from 'react';
import { Modal, notification } from 'antd';
import AppContext from 'antd/es/app/context';

/**
 * The dialogs and notifications of App.useApp() for the pages after login; the toasts stay the app's one area
 * (FeedbackRoot in ../feedback.tsx), so a toast shown before leaving the back office stays on screen.
 */
export function BackOfficeFeedback({ children }: { children: ReactNode }) {
  const { message } = useContext(AppContext);
  const [modal, modalHolder] = Modal.useModal();
  const [notificationApi, notificationHolder] = notification.useNotification();
  const value = useMemo(() => ({ message, modal, notification: notificationApi }), [message, modal, notificationApi]);
  return (
    <AppContext value={value}>
      {modalHolder}
      {notificationHolder}
      {children}
    </AppContext>
  );
}
