import { useContext, useMemo, type ReactNode } from 'react';
import AppContext from 'antd/es/app/context';
import type { HookAPI, ModalFuncWithPromise } from 'antd/es/modal/useModal';
import { useHookOnDemand, waitingCall } from '../onDemandHook';

type Kind = keyof HookAPI;
const KINDS: Kind[] = ['confirm', 'info', 'success', 'error', 'warning'];
const loadHolder = async () => (await import('./ModalHolder')).ModalHolder;

/**
 * useFeedback().modal (what App.useApp() gives) for the pages after login; the toasts stay the app's one area
 * (FeedbackRoot in ../feedback.tsx), so a toast shown before leaving the back office stays on screen. The modal's
 * code (antd's Modal) loads the first time a page asks for a confirmation, not with the page
 * (docs/web.md#where-the-bytes-go); until it is there the call waits, and answers as antd's does (destroy, update,
 * then).
 */
export function BackOfficeFeedback({ children }: { children: ReactNode }) {
  const { message, notification } = useContext(AppContext);
  const { api, whenReady, holder } = useHookOnDemand<HookAPI>(loadHolder);

  const modal = useMemo<HookAPI>(() => {
    const later =
      (kind: Kind): ModalFuncWithPromise =>
      (config) => {
        if (api) return api[kind](config);
        const waiting = waitingCall(whenReady, (ready) => ready[kind](config));
        return {
          destroy: () => waiting.close((handle) => handle.destroy()),
          update: (next) => waiting.handle()?.update(next),
          // It never rejects: a dismissed dialog resolves false, as antd's does.
          then: (resolve) => waiting.settled.then(resolve),
        };
      };
    return Object.fromEntries(KINDS.map((kind) => [kind, later(kind)])) as HookAPI;
  }, [api, whenReady]);

  const value = useMemo(() => ({ message, notification, modal }), [message, notification, modal]);
  return (
    <AppContext value={value}>
      {holder}
      {children}
    </AppContext>
  );
}
