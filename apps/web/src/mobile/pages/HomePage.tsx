import { useState } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { PHONE_HOME_FIRST_TAG, PHONE_HOME_NOTICES } from '@app/contract';
import { useNavigate } from '../shell/router';
import { SearchBar, SoundOutline } from '../shell/firstScreenKit';
import { navListQuery, noticesQuery, useNavList, useNotices } from '../../api';
import { useI18n } from '../../app/i18n';
import { ProductGrid } from '../components/ProductGrid';
import { PhoneEmpty, PhoneFailed, PhoneLoading } from '../components/PhoneStates';
import { formatDay } from '../components/formatDay';
import styles from './HomePage.module.css';

/** The product lists by navigation tag (docs/domain.md): 1 new, 3 hot. */
const TAGS = [
  { tag: PHONE_HOME_FIRST_TAG, label: 'mobile.newProducts' },
  { tag: 3, label: 'mobile.hotProducts' },
] as const;

/**
 * What the home page first shows, asked for by the shell as its scripts start rather than after the first render
 * (docs/mobile.md#speed). The server has already named these calls in the page (PHONE_FIRST_CALLS), so the browser
 * answers them from the download it started alongside the scripts.
 */
export function prefetchHome(client: QueryClient) {
  void client.prefetchQuery(noticesQuery(PHONE_HOME_NOTICES.page, PHONE_HOME_NOTICES.limit));
  void client.prefetchQuery(navListQuery(PHONE_HOME_FIRST_TAG));
}

/** /mobile-home: search, the notices (latest first, each in a new tab) and the new and hot blanks, 10 each. */
export function HomePage() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const [tag, setTag] = useState<1 | 3>(TAGS[0].tag);
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
      {/* Two capsule buttons of our own: antd-mobile's CapsuleTabs bring its motion library to the first screen. */}
      <div role="tablist" aria-label={t('mobile.productLists')} className={styles.tabs}>
        {TAGS.map(({ tag: key, label }) => (
          <button
            key={key}
            type="button"
            role="tab"
            id={`home-tab-${key}`}
            aria-selected={tag === key}
            aria-controls="home-products"
            className={tag === key ? `${styles.tab} ${styles.current}` : styles.tab}
            onClick={() => setTag(key)}
          >
            {t(label)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id="home-products" aria-labelledby={`home-tab-${tag}`}>
        <TagProducts tag={tag} />
      </div>
    </div>
  );
}

function Notices() {
  const { t, lang } = useI18n();
  const notices = useNotices(PHONE_HOME_NOTICES.page, PHONE_HOME_NOTICES.limit);
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
  // data-home-products: what bench/mobile.ts waits for, the list as the seller first sees it.
  return (
    <div data-home-products>
      {list.data.list.length === 0 ? <PhoneEmpty>{t('mobile.noProducts')}</PhoneEmpty> : <ProductGrid products={list.data.list} />}
    </div>
  );
}
