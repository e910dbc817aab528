import { useSearchParams } from '../shell/router';
import { CapsuleTabs } from 'antd-mobile';
import { useCategories } from '../../api';
import { useI18n } from '../../app/i18n';
import { PHONE_PAGE_SIZE, ProductPages } from '../components/ProductPages';
import { PhoneFailed, PhoneLoading } from '../components/PhoneStates';
import styles from './CategoriesPage.module.css';

/** /mobile-product: the catalogue's top categories as tabs, each with its products (and its subcategories'), paged. */
export function CategoriesPage() {
  const { t } = useI18n();
  const [search, setSearch] = useSearchParams();
  const categories = useCategories();
  const cid = Number(search.get('cid')) || 0;
  if (categories.isPending) return <PhoneLoading />;
  if (categories.isError) return <PhoneFailed error={categories.error} retry={() => void categories.refetch()} />;
  return (
    <div className={styles.page}>
      <CapsuleTabs activeKey={String(cid)} onChange={(key) => setSearch(key === '0' ? {} : { cid: key }, { replace: true })}>
        <CapsuleTabs.Tab title={t('mobile.allCategories')} key="0" />
        {categories.data.list.map((c) => (
          <CapsuleTabs.Tab title={c.name} key={String(c.id)} />
        ))}
      </CapsuleTabs>
      <ProductPages query={{ cid, pageSize: PHONE_PAGE_SIZE }} />
    </div>
  );
}
