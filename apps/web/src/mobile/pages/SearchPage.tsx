import { useNavigate, useSearchParams } from '../shell/router';
import { SearchBar } from 'antd-mobile';
import { useI18n } from '../../app/i18n';
import { PHONE_PAGE_SIZE, ProductPages } from '../components/ProductPages';
import { PhoneEmpty } from '../components/PhoneStates';
import styles from './SearchPage.module.css';

/** /product?keyword=: the catalogue searched by product name, from the home page's search box or here. */
export function SearchPage() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const keyword = (search.get('keyword') ?? '').trim().slice(0, 100);
  return (
    <div className={styles.page}>
      <div className={styles.search}>
        <SearchBar
          key={keyword}
          defaultValue={keyword}
          placeholder={t('mobile.searchPlaceholder')}
          onSearch={(value) => void navigate(`/product?keyword=${encodeURIComponent(value.trim())}`, { replace: true })}
        />
      </div>
      {keyword ? (
        <ProductPages
          query={{ name: keyword, pageSize: PHONE_PAGE_SIZE }}
          heading={(count) => t('mobile.searchResults', { keyword, count })}
        />
      ) : (
        <PhoneEmpty>{t('mobile.searchEmpty')}</PhoneEmpty>
      )}
    </div>
  );
}
