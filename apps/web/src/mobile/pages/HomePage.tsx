import { useState } from 'react';
import { useNavigate } from 'react-router';
import { CapsuleTabs, SearchBar } from 'antd-mobile';
import { SoundOutline } from 'antd-mobile-icons';
import { useNavList, useNotices } from '../../api';
import { useI18n } from '../../app/i18n';
import { ProductGrid } from '../components/ProductGrid';
import { PhoneEmpty, PhoneFailed, PhoneLoading } from '../components/PhoneStates';
import { formatDay } from '../components/formatDay';
import styles from './HomePage.module.css';

/** /mobile-home: search, the notices (latest first, each in a new tab) and the new and hot blanks, 10 each. */
export function HomePage() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const [tag, setTag] = useState<'1' | '3'>('1');
  return (
    <div className={styles.home}>
      <div className={styles.search}>
        <SearchBar
          placeholder={t('mobile.searchPlaceholder')}
          onSearch={(keyword) => {
            if (keyword.trim()) void navigate(`/product?keyword=${encodeURIComponent(keyword.trim())}`);
          }}
        />
      </div>
      <Notices />
      <CapsuleTabs activeKey={tag} onChange={(key) => setTag(key === '3' ? '3' : '1')} className={styles.tabs}>
        <CapsuleTabs.Tab title={t('mobile.newProducts')} key="1" />
        <CapsuleTabs.Tab title={t('mobile.hotProducts')} key="3" />
      </CapsuleTabs>
      <TagProducts tag={tag === '3' ? 3 : 1} />
    </div>
  );
}

function Notices() {
  const { t, lang } = useI18n();
  const notices = useNotices(1, 3);
  if (notices.isPending) return <PhoneLoading />;
  if (notices.isError) return <PhoneFailed error={notices.error} retry={() => void notices.refetch()} />;
  return (
    <section className={styles.notices} aria-label={t('mobile.notices')}>
      <h2 className={styles.heading}>
        <SoundOutline aria-hidden /> {t('mobile.notices')}
      </h2>
      {notices.data.list.length === 0 ? (
        <p className={styles.none}>{t('mobile.noNotices')}</p>
      ) : (
        <ul className={styles.noticeList}>
          {notices.data.list.map((n) => (
            <li key={n.id}>
              {/* A notice opens in a tab of its own (docs/mobile.md#notices), leaving the home page where it was. */}
              <a href={`/announcement?id=${n.id}`} target="_blank" rel="noopener" className={styles.notice}>
                <span className={styles.noticeTitle}>{n.title}</span>
                <time className={styles.noticeDate}>{formatDay(n.created_at, lang)}</time>
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function TagProducts({ tag }: { tag: 1 | 3 }) {
  const { t } = useI18n();
  const list = useNavList(tag);
  if (list.isPending) return <PhoneLoading />;
  if (list.isError) return <PhoneFailed error={list.error} retry={() => void list.refetch()} />;
  if (list.data.list.length === 0) return <PhoneEmpty>{t('mobile.noProducts')}</PhoneEmpty>;
  return <ProductGrid products={list.data.list} />;
}
