import { Typography, type TableColumnsType } from 'antd';
import { dateTimeCell, ListTable, useEditDeleteColumn, type ListPage } from '../../app/components';
import { useI18n } from '../../app/i18n';
import { useUrlList } from '../../app/urlList';

/** What every template list shows of a row, whatever its kind. */
interface TemplateRow {
  id: number;
  name: string;
  store_name: string;
  username: string;
  updated_at: number;
}

/**
 * A page of templates of one kind (here and in features/marketTemplates), 20 a page in the URL: the name (opens
 * the template), the shop, the kind's own `columns`, the owner, the last change, and edit/delete.
 */
export function TemplateTable<T extends TemplateRow>(props: {
  columns: TableColumnsType<T>;
  page: ListPage<T>;
  onOpen: (row: T) => void;
  remove: (row: T) => Promise<unknown>;
}) {
  const { t } = useI18n();
  const { pagination, afterRemove } = useUrlList({ sizes: [20] });
  const actions = useEditDeleteColumn<T>({
    title: t('tpl.col.actions'),
    page: props.page,
    onEdit: props.onOpen,
    remove: props.remove,
    deletedText: (name) => t('tpl.deleted', { name }),
    afterRemove,
  });
  const columns: TableColumnsType<T> = [
    {
      title: t('tpl.col.name'),
      dataIndex: 'name',
      width: 180,
      ellipsis: true,
      render: (n: string, r) => (
        <Typography.Link strong onClick={() => props.onOpen(r)}>
          {n}
        </Typography.Link>
      ),
    },
    { title: t('tpl.col.shop'), dataIndex: 'store_name', width: 140, ellipsis: true },
    ...props.columns,
    { title: t('tpl.col.owner'), dataIndex: 'username', width: 130, ellipsis: true },
    { title: t('tpl.col.updated'), dataIndex: 'updated_at', width: 170, render: dateTimeCell },
    actions,
  ];
  return (
    <ListTable<T>
      columns={columns}
      page={props.page}
      pagination={pagination}
      emptyText={t('tpl.empty')}
      totalText={(total) => t('tpl.total', { total })}
      scrollX={1060}
    />
  );
}
