import { Button, Result } from 'antd';
import { useI18n } from '../i18n';

/** The back office's account could not be loaded: the reason and a retry (AppLayout). */
export function LoadFailed({ reason, onRetry }: { reason: string; onRetry: () => void }) {
  const { t } = useI18n();
  return (
    <Result
      status="error"
      title={t('error.loadFailed')}
      subTitle={reason}
      extra={
        <Button type="primary" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      }
    />
  );
}
