import { useId, useState, type ReactNode } from 'react';
import styles from './PlainTabs.module.css';

/**
 * Tabs drawn with plain markup in Ant Design's look (docs/web.md#the-finished-list-without-antds-table), for a panel on a first
 * screen: a row of tabs (role tab, arrow keys move between them) over the chosen tab's content.
 */
export function PlainTabs(props: { items: readonly { key: string; label: ReactNode; children: ReactNode }[]; defaultKey: string }) {
  const [active, setActive] = useState(props.defaultKey);
  const id = useId();
  const move = (from: number, step: number) => {
    const next = props.items[(from + step + props.items.length) % props.items.length]!;
    setActive(next.key);
    document.getElementById(`${id}-tab-${next.key}`)?.focus();
  };
  const current = props.items.find((i) => i.key === active) ?? props.items[0]!;
  return (
    <div>
      <div role="tablist" className={styles.list}>
        {props.items.map((item, i) => (
          <button
            key={item.key}
            id={`${id}-tab-${item.key}`}
            type="button"
            role="tab"
            aria-selected={item.key === current.key}
            aria-controls={`${id}-panel`}
            tabIndex={item.key === current.key ? 0 : -1}
            className={styles.tab}
            onClick={() => setActive(item.key)}
            onKeyDown={(e) => {
              if (e.key === 'ArrowRight') move(i, 1);
              else if (e.key === 'ArrowLeft') move(i, -1);
            }}
          >
            {item.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${current.key}`} className={styles.panel}>
        {current.children}
      </div>
    </div>
  );
}
