import { Link } from '../shell/router';
import { useI18n } from '../../app/i18n';
import { PhoneEmpty } from '../components/PhoneStates';
import styles from './TextPage.module.css';

export function NotFoundPage() {
  const { t } = useI18n();
  return (
    <div className={styles.page}>
      <PhoneEmpty>{t('mobile.notFound')}</PhoneEmpty>
      <Link to="/mobile-home" className={styles.back}>
        {t('mobile.backHome')}
      </Link>
    </div>
  );
}
