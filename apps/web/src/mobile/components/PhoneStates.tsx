import type { ReactNode } from 'react';
import { Button, DotLoading } from '../shell/firstScreenKit';
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

/**
 * A block whose data could not be loaded, with the server's reason and a retry. Plain text rather than antd-mobile's
 * ErrorBlock, whose illustrations alone weighed a tenth of the phone's first download (docs/mobile.md#speed).
 */
export function PhoneFailed({ error, retry }: { error: unknown; retry: () => void }) {
  const { t } = useI18n();
  const reason = error instanceof Error ? error.message : '';
  return (
    <div className={styles.block} role="alert">
      <p className={styles.title}>{t('mobile.loadFailed')}</p>
      {reason && <p className={styles.description}>{reason}</p>}
      <Button color="primary" fill="outline" onClick={retry}>
        {t('mobile.retry')}
      </Button>
    </div>
  );
}

/** Nothing to show, said in the seller's words. */
export function PhoneEmpty({ children }: { children: ReactNode }) {
  return (
    <div className={styles.block}>
      <p className={styles.title}>{children}</p>
    </div>
  );
}
