import { Suspense, useCallback, useEffect, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { onDemand } from './onDemand';

/** A component that runs an antd hook (Modal.useModal, message.useMessage), renders its holder and hands up its API. */
export type HookHolder<Api> = ComponentType<{ onReady: (api: Api) => void }>;

/**
 * An antd hook API whose code loads on its first call, not with the page (docs/web.md#where-the-bytes-go): until the
 * holder has loaded, `whenReady` keeps the calls and runs them, in order, once the API is there.
 */
export function useHookOnDemand<Api>(load: () => Promise<HookHolder<Api>>): {
  api: Api | undefined;
  whenReady: (run: (api: Api) => void) => void;
  /** Whether calls wait for the API (so a "close all" before it loads has something to close). */
  hasWaiting: () => boolean;
  holder: ReactNode;
} {
  const [Holder] = useState(() => onDemand(load));
  const [api, setApi] = useState<Api>();
  const [wanted, setWanted] = useState(false);
  const waiting = useRef<((api: Api) => void)[]>([]);
  // A caller may still hold the API object from before the load: its calls run at once once the API is there.
  const ready = useRef<Api>(undefined);

  useEffect(() => {
    ready.current = api;
    if (api) for (const run of waiting.current.splice(0)) run(api);
  }, [api]);

  const whenReady = useCallback((run: (api: Api) => void) => {
    if (ready.current) return run(ready.current);
    waiting.current.push(run);
    setWanted(true);
  }, []);
  const hasWaiting = useCallback(() => waiting.current.length > 0, []);
  const onReady = useCallback((ready: Api) => setApi(() => ready), []);

  const holder = wanted ? (
    <Suspense fallback={null}>
      <Holder onReady={onReady} />
    </Suspense>
  ) : null;
  return { api, whenReady, hasWaiting, holder };
}

/**
 * One call made before the API's code is there: made once it is (`whenReady`), unless closed meanwhile. `settled`
 * resolves as the real handle does (a toast shown, a dialog confirmed), false when it was closed first or rejects.
 */
export function waitingCall<Api, Handle extends { then(done: (ok: boolean) => void, failed: () => void): unknown }>(
  whenReady: (run: (api: Api) => void) => void,
  call: (api: Api) => Handle,
) {
  let handle: Handle | undefined;
  let closed = false;
  const settled = new Promise<boolean>((resolve) => {
    whenReady((api) => {
      if (closed) return resolve(false);
      handle = call(api);
      void handle.then(resolve, () => resolve(false));
    });
  });
  return {
    /** The real handle, once the call is made. */
    handle: () => handle,
    /** Closes the real handle with `close`, or keeps the call from being made. */
    close(close: (h: Handle) => void) {
      closed = true;
      if (handle) close(handle);
    },
    settled,
  };
}
