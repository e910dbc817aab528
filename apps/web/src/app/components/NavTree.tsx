import { useState, type ReactNode } from 'react';
import styles from './NavTree.module.css';

/** One entry of a NavTree, with the entries under it. */
export interface NavTreeNode {
  key: string;
  title: ReactNode;
  children?: readonly NavTreeNode[];
}

/**
 * A tree to choose one entry from (a list's categories, its groups), drawn with plain markup in Ant Design's
 * look (docs/web.md#the-finished-list-without-antds-table): every branch open at first, a caret folds it; the chosen entry is
 * highlighted. The tree is a list of buttons, so Tab and Enter reach every entry.
 */
export function NavTree(props: {
  /** Undefined while the entries are on their way: placeholder lines show meanwhile. */
  nodes: readonly NavTreeNode[] | undefined;
  selected: string;
  onSelect: (key: string) => void;
  label: string;
}) {
  const { nodes, selected, onSelect, label } = props;
  const [folded, setFolded] = useState<ReadonlySet<string>>(new Set());
  const fold = (key: string) =>
    setFolded((prev) => {
      const next = new Set(prev);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  const branch = (list: readonly NavTreeNode[], depth: number) =>
    list.map((n) => {
      const open = !folded.has(n.key);
      const hasChildren = !!n.children?.length;
      return (
        <li key={n.key} role="treeitem" aria-selected={n.key === selected} aria-expanded={hasChildren ? open : undefined}>
          <div className={styles.row} style={{ paddingInlineStart: depth * 16 }}>
            {hasChildren ? (
              <button type="button" className={styles.caret} aria-hidden tabIndex={-1} onClick={() => fold(n.key)}>
                <span className={open ? styles.open : undefined}>▸</span>
              </button>
            ) : (
              <span className={styles.caretSpace} />
            )}
            <button
              type="button"
              className={`${styles.title} ${n.key === selected ? styles.selected : ''}`}
              onClick={() => onSelect(n.key)}
            >
              {n.title}
            </button>
          </div>
          {hasChildren && open && (
            <ul role="group" className={styles.list}>
              {branch(n.children!, depth + 1)}
            </ul>
          )}
        </li>
      );
    });
  if (!nodes)
    return (
      <div className={styles.placeholder} aria-busy="true" aria-label={label}>
        <span />
        <span />
        <span />
      </div>
    );
  return (
    <ul role="tree" aria-label={label} className={`${styles.list} nav-tree`}>
      {branch(nodes, 0)}
    </ul>
  );
}
