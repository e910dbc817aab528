import { InfiniteScroll } from 'antd-mobile';
import type { ProductListQuery } from '@app/contract';
import { useProductPages } from '../../api';
import { useI18n } from '../../app/i18n';
import { ProductGrid } from './ProductGrid';
import { PhoneEmpty, PhoneFailed, PhoneLoading } from './PhoneStates';
import styles from './ProductPages.module.css';

export const PHONE_PAGE_SIZE = 20;

/** Product search as an endless grid: the next page loads as the seller scrolls near the end. */
export function ProductPages({ query, heading }: { query: Omit<ProductListQuery, 'pageNumber'>; heading?: (total: number) => string }) {
  const { t } = useI18n();
  const pages = useProductPages(query);
  if (pages.isPending) return <PhoneLoading />;
  if (pages.isError) return <PhoneFailed error={pages.error} retry={() => void pages.refetch()} />;
  const products = pages.data.pages.flatMap((p) => p.product_list);
  const total = pages.data.pages[0]?.total ?? 0;
  return (
    <>
      {heading && <p className={styles.heading}>{heading(total)}</p>}
      {products.length === 0 ? (
        <PhoneEmpty>{t('mobile.noProducts')}</PhoneEmpty>
      ) : (
        <>
          <ProductGrid products={products} />
          <InfiniteScroll loadMore={async () => void (await pages.fetchNextPage())} hasMore={pages.hasNextPage}>
            {pages.hasNextPage ? t('mobile.loading') : t('mobile.noMore')}
          </InfiniteScroll>
        </>
      )}
    </>
  );
}
