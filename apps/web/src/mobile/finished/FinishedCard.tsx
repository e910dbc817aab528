import { LockOutline } from 'antd-mobile-icons';
import type { FinishedRow } from '@app/contract';
import { useI18n } from '../../app/i18n';
import styles from './FinishedPage.module.css';

/** Colour dots shown on a card; the sheet lists them all. */
const DOTS = 6;

/** A finished product as a card: picture, name, number, colours, sizes, and what sets it apart (combination, lock, orders). */
export function FinishedCard({ row, onOpen }: { row: FinishedRow; onOpen: () => void }) {
  const { t } = useI18n();
  const colours = row.colors ?? [];
  const codes = row.colorCodes ?? [];
  return (
    <li className={styles.card}>
      <button type="button" className={styles.cardButton} onClick={onOpen} aria-label={`${row.product_name} ${row.key_id}`}>
        <img src={row.thumb || row.blank_design_url} alt="" width={96} height={96} loading="lazy" className={styles.thumb} />
        <span className={styles.body}>
          <span className={styles.name}>{row.product_name}</span>
          <span className={styles.key}>{t('mobile.finished.number', { key: row.key_id })}</span>
          <span className={styles.dots} aria-label={`${t('mobile.colors')}: ${colours.join(', ')}`}>
            {codes.slice(0, DOTS).map((code, i) => (
              <i key={colours[i]} style={{ background: code }} />
            ))}
            {codes.length > DOTS && <span className={styles.more}>+{codes.length - DOTS}</span>}
          </span>
          <span className={styles.sizes}>{(row.sizes ?? []).join(' · ')}</span>
          <span className={styles.marks}>
            {row.status === 'pending' && <span className={styles.mark}>{t('mobile.finished.composing')}</span>}
            {row.status === 'failed' && <span className={`${styles.mark} ${styles.bad}`}>{t('mobile.finished.failed')}</span>}
            {row.child_count > 0 && <span className={styles.mark}>{t('mobile.finished.combo', { count: row.child_count })}</span>}
            {row.is_locked === 1 && (
              <span className={styles.mark}>
                <LockOutline aria-hidden /> {t('mobile.finished.locked')}
              </span>
            )}
            {row.order_num > 0 && <span className={styles.mark}>{t('mobile.finished.orders', { count: row.order_num })}</span>}
          </span>
        </span>
      </button>
    </li>
  );
}
