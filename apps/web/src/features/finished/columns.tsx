import { Flex, Tag, Typography, type TableColumnsType } from 'antd';
import type { FinishedRow } from '@app/contract';
import { dateTimeTwoLinesCell } from '../../app/components';
import { useI18n } from '../../app/i18n';
import { RemarkCell } from './RemarkCell';
import { ProductInfo } from './ProductInfo';
import { RowActions, type RowActionHandlers } from './RowActions';
import { RowImages } from './RowImages';
import { ShopsCell } from './ShopsCell';

/** The selection checkbox column's width in Ant Design's table. */
const SELECTION_WIDTH = 32;

/** The table's own width: its columns side by side, so no column is squeezed under its set width. */
export const tableWidth = (columns: TableColumnsType<FinishedRow>) =>
  columns.reduce((sum, c) => sum + (typeof c.width === 'number' ? c.width : 0), SELECTION_WIDTH);

/**
 * The list's columns, sized so that every one fits the table's width at 1440 px and a row stays
 * three short lines high (docs/finished.md#the-list).
 */
export function useFinishedColumns(handlers: RowActionHandlers & { onMoreImages: (row: FinishedRow) => void }) {
  const { t } = useI18n();
  const columns: TableColumnsType<FinishedRow> = [
    { title: t('finished.col.createtime'), dataIndex: 'createtime', width: 78, render: dateTimeTwoLinesCell },
    { title: t('finished.col.remark'), dataIndex: 'remark', width: 70, render: (_, row) => <RemarkCell row={row} /> },
    {
      title: t('finished.col.group'),
      dataIndex: 'group_name',
      width: 70,
      render: (name: string) => (
        <Typography.Paragraph
          ellipsis={{ rows: 2, tooltip: name || undefined }}
          type={name ? undefined : 'secondary'}
          style={{ margin: 0 }}
        >
          {name || t('finished.ungrouped')}
        </Typography.Paragraph>
      ),
    },
    { title: t('finished.col.info'), key: 'info', width: 314, render: (_, row) => <ProductInfo row={row} /> },
    {
      title: t('finished.col.images'),
      key: 'images',
      width: 64,
      render: (_, row) => <RowImages row={row} onMore={() => handlers.onMoreImages(row)} />,
    },
    {
      title: t('finished.col.account'),
      dataIndex: 'username',
      width: 56,
      render: (name: string) => <Typography.Text ellipsis={{ tooltip: name }}>{name}</Typography.Text>,
    },
    { title: t('finished.col.store'), dataIndex: 'stores', width: 56, render: (s: string[]) => <ShopsCell names={s} /> },
    {
      title: t('finished.col.orders'),
      dataIndex: 'order_num',
      width: 48,
      render: (n: number) => (n > 0 ? n : <Typography.Text type="secondary">{t('finished.noOrders')}</Typography.Text>),
    },
    {
      title: t('finished.col.type'),
      dataIndex: 'combine_rule_type',
      width: 68,
      render: (label: string, row) => (
        <Flex vertical gap={2} align="start" className="finished-type">
          <Tag color={row.combine_rule_type_code === 3 ? 'default' : row.combine_rule_type_code === 2 ? 'cyan' : 'purple'}>{label}</Tag>
          {row.status !== 'ready' && <Tag color={row.status === 'failed' ? 'red' : 'processing'}>{t(`finished.status.${row.status}`)}</Tag>}
          {row.is_locked === 1 && <Tag color="gold">{t('finished.locked')}</Tag>}
        </Flex>
      ),
    },
    {
      title: t('finished.col.actions'),
      key: 'actions',
      width: 60,
      fixed: 'right',
      render: (_, row) => <RowActions row={row} {...handlers} />,
    },
  ];
  return columns;
}
