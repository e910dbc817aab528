import { useEffect, useRef, type ReactNode } from 'react';
import styles from './PlainTable.module.css';

/** One column of a PlainTable: a fixed width (px) and what a cell shows. */
export interface PlainColumn<T> {
  key: string;
  title: ReactNode;
  width: number;
  render: (row: T) => ReactNode;
  /** Kept in view at the right edge while the table scrolls sideways. */
  fixedRight?: boolean;
  /**
   * Kept in view at the left edge while the table scrolls sideways, with the selection box before it: for the leading
   * columns only (a fixed column after an unfixed one would cover it).
   */
  fixedLeft?: boolean;
}

/** The selection column: which rows are ticked, and what ticking one or the header's box does. */
export interface PlainSelection<T> {
  isSelected: (row: T) => boolean;
  /** Ticks or unticks one row. */
  onToggle: (row: T) => void;
  /** The header's box: ticks every row of the page (true) or unticks them (false). */
  onTogglePage: (select: boolean) => void;
  /** The accessible names of the boxes. */
  pageLabel: string;
  rowLabel: (row: T) => string;
}

const SELECTION_WIDTH = 32;

/** The width the table needs before it scrolls sideways: its columns side by side (and the selection box). */
const plainTableWidth = <T,>(columns: readonly PlainColumn<T>[], selectable: boolean) =>
  columns.reduce((sum, c) => sum + c.width, selectable ? SELECTION_WIDTH : 0);

/**
 * Each column's cell class and offset from the left: the leading `fixedLeft` ones (and then the selection box too)
 * stick at the left edge one after the other, the last of them with a shadow; `fixedRight` sticks at the right edge.
 */
function stickiness<T>(columns: readonly PlainColumn<T>[], selectable: boolean) {
  const leading = columns.findIndex((c) => !c.fixedLeft);
  const fixedLeft = leading === -1 ? columns.length : leading;
  let left = selectable ? SELECTION_WIDTH : 0;
  const cells = columns.map((c, i) => {
    if (c.fixedRight) return { className: styles.fixedRight };
    if (i >= fixedLeft) return {};
    const cell = { className: `${styles.fixedLeft} ${i === fixedLeft - 1 ? styles.fixedLeftLast : ''}`, style: { left } };
    left += c.width;
    return cell;
  });
  const select = fixedLeft > 0 ? { className: `${styles.select} ${styles.fixedLeft}`, style: { left: 0 } } : { className: styles.select };
  return { cells, select };
}

function PageBox({
  checked,
  indeterminate,
  label,
  onChange,
}: {
  checked: boolean;
  indeterminate: boolean;
  label: string;
  onChange: (v: boolean) => void;
}) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = indeterminate;
  }, [indeterminate]);
  return (
    <input
      ref={ref}
      type="checkbox"
      className={styles.box}
      checked={checked}
      aria-label={label}
      onChange={(e) => onChange(e.target.checked)}
    />
  );
}

/**
 * A dense table drawn with plain table markup in the app's theme (docs/web.md#the-finished-list-without-antds-table):
 * the list a seller opens first, so it carries none of Ant Design's table code (sorting, filter menus, virtual
 * scrolling) that it does not use. Columns have fixed widths; narrower screens scroll sideways with the
 * `fixedRight` column and the leading `fixedLeft` ones (with the selection box) kept in view. A row click calls `onRowClick` (the finished list ticks the row); clicks on
 * links, buttons and boxes inside a cell stay theirs.
 */
export function PlainTable<T>(props: {
  columns: readonly PlainColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  selection?: PlainSelection<T>;
  /** The first page is on its way: a placeholder in place of the rows. */
  loading?: boolean;
  emptyText: ReactNode;
  onRowClick?: (row: T) => void;
  className?: string;
  label: string;
}) {
  const { columns, rows, selection } = props;
  const ticked = selection ? rows.filter((r) => selection.isSelected(r)).length : 0;
  const span = columns.length + (selection ? 1 : 0);
  const sticky = stickiness(columns, !!selection);
  return (
    <div className={`${styles.scroller} ${props.className ?? ''}`} role="region" aria-label={props.label} tabIndex={-1}>
      <table className={styles.table} style={{ minWidth: plainTableWidth(columns, !!selection) }} aria-busy={props.loading || undefined}>
        <colgroup>
          {selection && <col style={{ width: SELECTION_WIDTH }} />}
          {columns.map((c) => (
            <col key={c.key} style={{ width: c.width }} />
          ))}
        </colgroup>
        <thead>
          <tr>
            {selection && (
              <th {...sticky.select}>
                <PageBox
                  checked={rows.length > 0 && ticked === rows.length}
                  indeterminate={ticked > 0 && ticked < rows.length}
                  label={selection.pageLabel}
                  onChange={selection.onTogglePage}
                />
              </th>
            )}
            {columns.map((c, i) => (
              <th key={c.key} scope="col" {...sticky.cells[i]}>
                {c.title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const selected = selection?.isSelected(row) ?? false;
            return (
              <tr
                key={props.rowKey(row)}
                data-row-key={props.rowKey(row)}
                className={`plain-table-row ${selected ? styles.selected : ''}`}
                aria-selected={selection ? selected : undefined}
                onClick={props.onRowClick && ((e) => !isControl(e.target) && props.onRowClick?.(row))}
              >
                {selection && (
                  <td {...sticky.select}>
                    <input
                      type="checkbox"
                      className={styles.box}
                      checked={selected}
                      aria-label={selection.rowLabel(row)}
                      onChange={() => selection.onToggle(row)}
                    />
                  </td>
                )}
                {columns.map((c, i) => (
                  <td key={c.key} {...sticky.cells[i]}>
                    {c.render(row)}
                  </td>
                ))}
              </tr>
            );
          })}
          {rows.length === 0 && (
            <tr>
              <td colSpan={span} className={props.loading ? styles.loading : styles.empty}>
                {props.loading ? <span className={styles.spinner} role="progressbar" aria-label="…" /> : props.emptyText}
              </td>
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}

/** Whether a click landed on something in a cell that acts on its own (a link, a button, a box, a field). */
function isControl(target: EventTarget) {
  return target instanceof Element && !!target.closest('a, button, input, select, textarea, label, [role="button"], [role="menuitem"]');
}
