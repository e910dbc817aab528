import { useEffect } from 'react';
import { Link, useSearchParams } from '../shell/router';
import { positiveIdParam } from '../../app/urlParams';
import { useFavoritePages, useNavList } from '../../api';
import { useI18n } from '../../app/i18n';
import type { ProductListItem } from '@app/contract';
import { PhoneLoading } from '../components/PhoneStates';
import styles from './Site.module.css';

/** The editor's address for a blank (and a SKU of it when given). */
const editorUrl = (productId: number, attrId?: number | null) => `/design?product_id=${productId}${attrId ? `&attr_id=${attrId}` : ''}`;

/**
 * /mobile-design, online design (docs/mobile.md#the-public-pages): opened in a tab of its own. With a blank in its
 * address (a product page's 开始设计) it hands the tab to the editor; without, it offers the seller's saved blanks and
 * the new ones, each opening the editor here.
 */
export function DesignPage() {
  const { t } = useI18n();
  const [params] = useSearchParams();
  const productId = positiveIdParam(params.get('product_id'));
  const attrId = positiveIdParam(params.get('attr_id'));
  useEffect(() => {
    // This tab was opened for the editor: it becomes the editor (no history entry to come back to).
    if (productId !== null) window.location.replace(editorUrl(productId, attrId));
  }, [productId, attrId]);
  if (productId !== null)
    return (
      <div className={styles.page}>
        <p role="status">{t('mobile.design.opening')}</p>
        <a href={editorUrl(productId, attrId)}>{t('mobile.design.title')}</a>
      </div>
    );
  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>{t('mobile.design.title')}</h1>
      <p className={styles.lead}>{t('mobile.design.lead')}</p>
      <Saved />
      <NewBlanks />
      <p className={styles.links}>
        <Link to="/mobile-product">{t('mobile.design.browse')}</Link>
        <a href="/design-mockup">{t('mobile.design.mockup')}</a>
      </p>
    </div>
  );
}

function Saved() {
  const { t } = useI18n();
  const saved = useFavoritePages();
  const list = saved.data?.pages.flatMap((p) => p.list) ?? [];
  if (saved.isPending) return <PhoneLoading />;
  if (list.length === 0) return null;
  return <Blanks title={t('mobile.design.saved')} list={list} />;
}

function NewBlanks() {
  const { t } = useI18n();
  const fresh = useNavList(1);
  if (!fresh.data) return null;
  return <Blanks title={t('mobile.design.new')} list={fresh.data.list} />;
}

function Blanks({ title, list }: { title: string; list: readonly Pick<ProductListItem, 'id' | 'name' | 'thumb'>[] }) {
  const { t } = useI18n();
  return (
    <section className={styles.card} aria-label={title}>
      <h2 className={styles.cardTitle}>{title}</h2>
      <ul className={styles.blanks}>
        {list.map((p) => (
          <li key={p.id} className={styles.blank}>
            <img src={p.thumb} alt="" width={48} height={48} loading="lazy" />
            <span className={styles.blankName}>{p.name}</span>
            <a href={editorUrl(p.id)} className={styles.blankLink} aria-label={`${t('mobile.design.open')} ${p.name}`}>
              {t('mobile.design.open')}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
