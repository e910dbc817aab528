import type { ReactNode } from 'react';
import { Button, DotLoading, ErrorBlock } from 'antd-mobile';
import { useI18n } from '../../app/i18n';
import styles from './PhoneStates.module.css';

/** A page or a block while its data loads. */
export function PhoneLoading() {
  const { t } = useI18n();
  return (
    <div className={styles.center} role="status">
      <DotLoading color="primary" />
      <span className={styles.hidden}>{t('mobile.loading')}</span>
    </div>
  );
}

/** A block whose data could not be loaded, with the server's reason and a retry. */
export function PhoneFailed({ error, retry }: { error: unknown; retry: () => void }) {
  const { t } = useI18n();
  const reason = error instanceof Error ? error.message : '';
  return (
    <ErrorBlock status="default" title={t('mobile.loadFailed')} description={reason}>
      <Button color="primary" fill="outline" onClick={retry}>
        {t('mobile.retry')}
      </Button>
    </ErrorBlock>
  );
}

/** Nothing to show, said in the seller's words. */
export function PhoneEmpty({ children }: { children: ReactNode }) {
  return <ErrorBlock status="empty" title={children} description="" />;
}
