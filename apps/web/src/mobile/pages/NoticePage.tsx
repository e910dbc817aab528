import { Link, useSearchParams } from '../shell/router';
import { ApiError, useNotice } from '../../api';
import { useI18n } from '../../app/i18n';
import { PhoneEmpty, PhoneFailed, PhoneLoading } from '../components/PhoneStates';
import { formatDay } from '../components/formatDay';
import { positiveIdParam } from '../../app/urlParams';
import styles from './TextPage.module.css';

/** /announcement?id=: one notice, opened in a tab of its own from the home page (docs/mobile.md#notices). */
export function NoticePage() {
  const { t, lang } = useI18n();
  const [search] = useSearchParams();
  const id = positiveIdParam(search.get('id')) ?? undefined;
  const notice = useNotice(id);
  if (id === undefined || (notice.error instanceof ApiError && notice.error.status === 404)) {
    return (
      <div className={styles.page}>
        <PhoneEmpty>{t('mobile.noticeGone')}</PhoneEmpty>
        <Link to="/mobile-home" className={styles.back}>
          {t('mobile.backHome')}
        </Link>
      </div>
    );
  }
  if (notice.isPending) return <PhoneLoading />;
  if (notice.isError) return <PhoneFailed error={notice.error} retry={() => void notice.refetch()} />;
  const { title, content, created_at } = notice.data;
  return (
    <article className={styles.page}>
      <h1 className={styles.title}>{title}</h1>
      <time className={styles.date}>{formatDay(created_at, lang)}</time>
      {content.split(/\n+/).map((para, i) => (
        <p key={i} className={styles.para}>
          {para}
        </p>
      ))}
    </article>
  );
}
