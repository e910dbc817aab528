import './app/noEval';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { configureApiClient } from './api';
import { App } from './app/App';
import { getLang, LOCALE_TAG, translate } from './app/i18n';
import './app/global.css';

configureApiClient({
  acceptLanguage: () => LOCALE_TAG[getLang()],
  networkErrorMessage: () => translate(getLang(), 'error.network'),
});

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
