import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { useI18n } from '../i18n';

export function NotFoundPage() {
  const { t } = useI18n();
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title={t('notFound.title')}
      subTitle={t('notFound.subtitle')}
      extra={
        <Button type="primary" onClick={() => void navigate('/')}>
          {t('notFound.back')}
        </Button>
      }
    />
  );
}
