import { InfiniteScroll } from 'antd-mobile';
import { Link } from '../shell/router';
import { useFavoritePages, useSetFavorite } from '../../api';
import { useI18n } from '../../app/i18n';
import { ProductGrid } from '../components/ProductGrid';
import { PhoneEmpty, PhoneFailed, PhoneLoading } from '../components/PhoneStates';
import styles from './LibraryPage.module.css';

/**
 * /mobile-product-library: the blanks this account saved (收藏), last saved first (docs/mobile.md#the-personal-product-library),
 * each with a shortcut to its page (and from there the editor) and a way to take it out.
 */
export function LibraryPage() {
  const { t } = useI18n();
  const pages = useFavoritePages();
  const setFavorite = useSetFavorite();
  if (pages.isPending) return <PhoneLoading />;
  if (pages.isError) return <PhoneFailed error={pages.error} retry={() => void pages.refetch()} />;
  const products = pages.data.pages.flatMap((p) => p.list);
  const total = pages.data.pages[0]?.total ?? 0;
  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>
        {t('mobile.nav.library')} <span className={styles.count}>{t('mobile.libraryCount', { count: total })}</span>
      </h1>
      {products.length === 0 ? (
        <div className={styles.empty}>
          <PhoneEmpty>{t('mobile.libraryEmpty')}</PhoneEmpty>
          <Link to="/mobile-product" className={styles.browse}>
            {t('mobile.nav.product')}
          </Link>
        </div>
      ) : (
        <>
          <ProductGrid
            products={products}
            extra={(p) => (
              <div className={styles.cardActions}>
                <Link to={`/mobile-productdtl?id=${p.id}`}>{t('mobile.design')}</Link>
                <button
                  type="button"
                  disabled={setFavorite.isPending}
                  onClick={() => setFavorite.mutate({ productId: p.id, favorite: false })}
                >
                  {t('mobile.unfavorite')}
                </button>
              </div>
            )}
          />
          <InfiniteScroll loadMore={async () => void (await pages.fetchNextPage())} hasMore={pages.hasNextPage}>
            {pages.hasNextPage ? t('mobile.loading') : t('mobile.noMore')}
          </InfiniteScroll>
        </>
      )}
    </div>
  );
}
