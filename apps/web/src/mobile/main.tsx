import '../app/noEval';
import { StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { unstableSetRender } from './shell/firstScreenKit';
import { configureApiClient } from '../api';
import { getLang, LOCALE_TAG, translate } from '../app/i18n';
import { MobileApp } from './MobileApp';
import './mobile.css';

configureApiClient({
  acceptLanguage: () => LOCALE_TAG[getLang()],
  networkErrorMessage: () => translate(getLang(), 'error.network'),
});

// antd-mobile 5 renders its toasts and dialogs with React 18's render by default; React 19 has only createRoot,
// which this hands it (antd-mobile's documented React 19 set-up).
unstableSetRender((node, container) => {
  const holder = container as Element & { _phoneRoot?: Root };
  holder._phoneRoot ??= createRoot(container);
  const root = holder._phoneRoot;
  root.render(node);
  return async () => {
    await Promise.resolve();
    root.unmount();
  };
});

// A seller who asked the system for less motion gets drawers and toasts without their slide and fade. Loaded only
// then: it sets a switch of antd-mobile's motion library, which the first screen otherwise never loads.
if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) {
  void import('antd-mobile/es/utils/reduce-and-restore-motion').then(({ reduceMotion }) => reduceMotion());
}

const root = document.getElementById('root');
if (!root) throw new Error('mobile.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <MobileApp />
  </StrictMode>,
);
