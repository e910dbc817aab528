import { Flex, Tag } from 'antd';
import type { FinishedRow } from '@app/contract';
import { ClampText, dateTimeTwoLinesCell, type PlainColumn } from '../../app/components';
import { useI18n } from '../../app/i18n';
import { RemarkCell } from './RemarkCell';
import { ProductInfo } from './ProductInfo';
import { RowActions, type RowActionHandlers } from './RowActions';
import { RowImages } from './RowImages';
import { ShopsCell } from './ShopsCell';

/** On a narrow screen these come first, in this order: which product a row is. */
const NARROW_FIRST = ['images', 'info'];

/**
 * The list's columns, sized so that every one fits the table's width at 1440 px and a row stays
 * three short lines high (docs/finished.md#the-list). A long text ends in "…" and shows whole on hover.
 * On a `narrow` screen the table scrolls sideways (docs/finished.md#narrow-screens): the picture and the product info
 * come first, the picture kept in view at the left with the selection box, the operations at the right.
 */
export function useFinishedColumns(handlers: RowActionHandlers & { onMoreImages: (row: FinishedRow) => void }, narrow = false) {
  const { t } = useI18n();
  const columns: PlainColumn<FinishedRow>[] = [
    { key: 'createtime', title: t('finished.col.createtime'), width: 78, render: (row) => dateTimeTwoLinesCell(row.createtime) },
    { key: 'remark', title: t('finished.col.remark'), width: 70, render: (row) => <RemarkCell row={row} /> },
    {
      key: 'group',
      title: t('finished.col.group'),
      width: 70,
      render: ({ group_name: name }) => (
        <ClampText lines={2} full={name || undefined} muted={!name}>
          {name || t('finished.ungrouped')}
        </ClampText>
      ),
    },
    { key: 'info', title: t('finished.col.info'), width: 314, render: (row) => <ProductInfo row={row} /> },
    {
      key: 'images',
      title: t('finished.col.images'),
      width: 64,
      render: (row) => <RowImages row={row} onMore={() => handlers.onMoreImages(row)} />,
    },
    {
      key: 'account',
      title: t('finished.col.account'),
      width: 56,
      render: ({ username }) => <ClampText full={username}>{username}</ClampText>,
    },
    { key: 'stores', title: t('finished.col.store'), width: 56, render: (row) => <ShopsCell names={row.stores} /> },
    {
      key: 'orders',
      title: t('finished.col.orders'),
      width: 48,
      render: ({ order_num: n }) => (n > 0 ? n : <ClampText muted>{t('finished.noOrders')}</ClampText>),
    },
    {
      key: 'type',
      title: t('finished.col.type'),
      width: 68,
      render: (row) => (
        <Flex vertical gap={2} align="start" className="finished-type">
          <Tag color={row.combine_rule_type_code === 3 ? 'default' : row.combine_rule_type_code === 2 ? 'cyan' : 'purple'}>
            {row.combine_rule_type}
          </Tag>
          {row.status !== 'ready' && <Tag color={row.status === 'failed' ? 'red' : 'processing'}>{t(`finished.status.${row.status}`)}</Tag>}
          {row.is_locked === 1 && <Tag color="gold">{t('finished.locked')}</Tag>}
        </Flex>
      ),
    },
    {
      key: 'actions',
      title: t('finished.col.actions'),
      width: 60,
      fixedRight: true,
      render: (row) => <RowActions row={row} {...handlers} />,
    },
  ];
  if (!narrow) return columns;
  const first = NARROW_FIRST.map((key) => columns.find((c) => c.key === key)!);
  return [{ ...first[0]!, fixedLeft: true }, ...first.slice(1), ...columns.filter((c) => !NARROW_FIRST.includes(c.key))];
}
