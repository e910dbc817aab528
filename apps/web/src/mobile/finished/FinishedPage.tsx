import { useState } from 'react';
import { InfiniteScroll, SearchBar } from 'antd-mobile';
import type { FinishedRow } from '@app/contract';
import { useFinishedPages } from '../../api';
import { useI18n } from '../../app/i18n';
import { PhoneEmpty, PhoneFailed, PhoneLoading } from '../components/PhoneStates';
import { FinishedCard } from './FinishedCard';
import { FinishedSheet } from './FinishedSheet';
import { GroupPicker } from './GroupPicker';
import { searchQuery } from './searchQuery';
import styles from './FinishedPage.module.css';

/**
 * /mobile-finished: the seller's finished products (docs/mobile.md#finished-products-on-the-phone), searched by name or
 * number and filtered by group, loading on as the seller scrolls; a card opens the product's sheet.
 */
export function FinishedPage() {
  const { t } = useI18n();
  const [search, setSearch] = useState('');
  const [groupId, setGroupId] = useState(-1);
  const [open, setOpen] = useState<FinishedRow>();
  const filtered = Boolean(search.trim()) || groupId !== -1;
  const pages = useFinishedPages({ ...searchQuery(search), group_id: groupId });
  const rows = pages.data?.pages.flatMap((p) => p.list) ?? [];
  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>{t('mobile.nav.finished')}</h1>
      <div className={styles.tools}>
        <SearchBar
          className={styles.search}
          placeholder={t('mobile.finished.search')}
          aria-label={t('mobile.finished.search')}
          onSearch={setSearch}
          onClear={() => setSearch('')}
        />
        <GroupPicker value={groupId} onChange={setGroupId} />
      </div>
      {pages.isPending ? (
        <PhoneLoading />
      ) : pages.isError ? (
        <PhoneFailed error={pages.error} retry={() => void pages.refetch()} />
      ) : rows.length === 0 ? (
        <PhoneEmpty>{filtered ? t('mobile.finished.noMatch') : t('mobile.finished.empty')}</PhoneEmpty>
      ) : (
        <>
          <p className={styles.count}>{t('mobile.finished.count', { count: pages.data.pages[0]?.count ?? 0 })}</p>
          <ul className={styles.list}>
            {rows.map((row) => (
              <FinishedCard key={row.id} row={row} onOpen={() => setOpen(row)} />
            ))}
          </ul>
          <InfiniteScroll loadMore={async () => void (await pages.fetchNextPage())} hasMore={pages.hasNextPage}>
            {pages.hasNextPage ? t('mobile.loading') : t('mobile.noMore')}
          </InfiniteScroll>
        </>
      )}
      {open && <FinishedSheet row={rows.find((r) => r.id === open.id) ?? open} onClose={() => setOpen(undefined)} />}
    </div>
  );
}
