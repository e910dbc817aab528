import { useState, type ReactNode } from 'react';
import { useI18n } from '../i18n';
import styles from './Pager.module.css';

/** How far a "…" jumps, as in Ant Design's pager. */
const JUMP = 5;

/**
 * The pages shown around the current one: the first, the last, the current one with its neighbours, and a gap
 * ("…") where pages are left out. `0` marks a gap before the window, `-1` one after it.
 */
export function pageWindow(current: number, last: number): number[] {
  if (last <= 7) return Array.from({ length: last }, (_, i) => i + 1);
  const start = Math.max(2, Math.min(current - 1, last - 3));
  const end = Math.min(last - 1, Math.max(current + 1, 4));
  const pages: number[] = [1];
  if (start > 2) pages.push(0);
  for (let p = start; p <= end; p++) pages.push(p);
  if (end < last - 1) pages.push(-1);
  pages.push(last);
  return pages;
}

/**
 * The pager under a plain table (PlainTable): the total, previous / pages / next, the page size and a page
 * jumper, in Ant Design's look and words. `onChange` gets the page and size the seller chose; a new size goes
 * back to page 1.
 */
export function Pager(props: {
  page: number;
  pageSize: number;
  total: number;
  sizes: readonly number[];
  onChange: (page: number, size: number) => void;
  totalText?: (total: number) => ReactNode;
}) {
  const { t } = useI18n();
  const { page, pageSize, total, sizes, onChange } = props;
  const last = Math.max(1, Math.ceil(total / pageSize));
  const go = (p: number) => onChange(Math.min(last, Math.max(1, p)), pageSize);
  const [jump, setJump] = useState('');
  if (total === 0) return null;
  return (
    <nav className={styles.pager} aria-label={t('pager.label')}>
      {props.totalText && <span className={styles.total}>{props.totalText(total)}</span>}
      <button type="button" className={styles.item} disabled={page <= 1} aria-label={t('pager.prev')} onClick={() => go(page - 1)}>
        ‹
      </button>
      {pageWindow(page, last).map((p) =>
        p <= 0 ? (
          <button
            key={p}
            type="button"
            className={`${styles.item} ${styles.gap}`}
            aria-label={t('pager.more')}
            onClick={() => go(p === 0 ? page - JUMP : page + JUMP)}
          >
            …
          </button>
        ) : (
          <button
            key={p}
            type="button"
            className={`${styles.item} ${p === page ? styles.current : ''}`}
            aria-current={p === page ? 'page' : undefined}
            aria-label={t('pager.page', { n: p })}
            onClick={() => go(p)}
          >
            {p}
          </button>
        ),
      )}
      <button type="button" className={styles.item} disabled={page >= last} aria-label={t('pager.next')} onClick={() => go(page + 1)}>
        ›
      </button>
      {sizes.length > 1 && (
        <select
          className={styles.size}
          value={pageSize}
          aria-label={t('pager.pageSize')}
          onChange={(e) => onChange(1, Number(e.target.value))}
        >
          {sizes.map((s) => (
            <option key={s} value={s}>
              {t('pager.perPage', { n: s })}
            </option>
          ))}
        </select>
      )}
      <label className={styles.jump}>
        {t('pager.jumpTo')}
        <input
          inputMode="numeric"
          value={jump}
          onChange={(e) => setJump(e.target.value.replace(/\D/g, ''))}
          onKeyDown={(e) => {
            if (e.key !== 'Enter' || !jump) return;
            go(Number(jump));
            setJump('');
          }}
          onBlur={() => {
            if (jump) go(Number(jump));
            setJump('');
          }}
        />
        {t('pager.jumpToSuffix')}
      </label>
    </nav>
  );
}
