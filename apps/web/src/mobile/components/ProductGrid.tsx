import type { ReactNode } from 'react';
import { Link } from '../shell/router';
import type { ProductListItem } from '@app/contract';
import { useI18n } from '../../app/i18n';
import styles from './ProductGrid.module.css';

/** Blanks as two columns of cards, each opening its product page; `extra` adds a card's own action below it. */
export function ProductGrid({ products, extra }: { products: readonly ProductListItem[]; extra?: (p: ProductListItem) => ReactNode }) {
  const { t } = useI18n();
  return (
    <ul className={styles.grid}>
      {products.map((p) => (
        <li key={p.id} className={styles.card}>
          <Link to={`/mobile-productdtl?id=${p.id}`} className={styles.link}>
            <img src={p.thumb} alt="" loading="lazy" width={160} height={160} className={styles.thumb} />
            <span className={styles.name}>{p.name}</span>
            <span className={styles.meta}>
              <span className={styles.price}>{t('mobile.from', { price: p.min_price.toFixed(2) })}</span>
              <span className={styles.colors} aria-label={t('mobile.colors')}>
                {p.colors.slice(0, 5).map((c) => (
                  <i key={c.code} style={{ background: c.code }} title={c.name} />
                ))}
              </span>
            </span>
          </Link>
          {extra?.(p)}
        </li>
      ))}
    </ul>
  );
}
