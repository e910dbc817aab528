import { Table, type TableColumnsType, type TablePaginationConfig } from 'antd';
import { RowActions } from './ListCells';
import { useFeedback } from '../feedback';

/** One page of a list as the API answers it, and whether it is being fetched. */
export interface ListPage<T> {
  data?: { count: number; list: T[] };
  isFetching: boolean;
}

/**
 * A list page's table: the page's rows, a spinner while they are fetched, the list's own empty text, and the
 * pagination bound to the address (useUrlList's `pagination`) with the total under it.
 */
export function ListTable<T extends { id: number }>(props: {
  columns: TableColumnsType<T>;
  page: ListPage<T>;
  pagination: (total: number, showTotal?: (total: number) => string) => TablePaginationConfig;
  emptyText: string;
  totalText: (total: number) => string;
  /** The table's width before it scrolls sideways, px. */
  scrollX: number;
}) {
  const { page } = props;
  return (
    <Table<T>
      rowKey="id"
      columns={props.columns}
      dataSource={page.data?.list ?? []}
      loading={page.isFetching}
      locale={{ emptyText: props.emptyText }}
      scroll={{ x: props.scrollX }}
      pagination={props.pagination(page.data?.count ?? 0, props.totalText)}
    />
  );
}

/**
 * The actions column of a list of named rows (RowActions, kept at the right edge): edit, and delete after a
 * confirmation. Once a row is deleted a message names it, and a later page left empty shows the one before
 * (useUrlList's `afterRemove`).
 */
export function useEditDeleteColumn<T extends { name: string }>(opts: {
  title: string;
  page: ListPage<T>;
  onEdit: (row: T) => void;
  remove: (row: T) => Promise<unknown>;
  deletedText: (name: string) => string;
  afterRemove: (shown: number, removed: number) => void;
}): TableColumnsType<T>[number] {
  const { message } = useFeedback();
  return {
    title: opts.title,
    key: 'actions',
    width: 150,
    align: 'right',
    fixed: 'right',
    render: (_, r) => (
      <RowActions
        name={r.name}
        onEdit={() => opts.onEdit(r)}
        onDelete={() =>
          opts.remove(r).then(() => {
            void message.success(opts.deletedText(r.name));
            opts.afterRemove(opts.page.data?.list.length ?? 0, 1);
          })
        }
      />
    ),
  };
}
