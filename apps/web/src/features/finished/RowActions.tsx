import { DownOutlined } from '@ant-design/icons';
import { Dropdown, Flex, type MenuProps } from 'antd';
import { Link, useLocation } from 'react-router';
import type { FinishedRow } from '@app/contract';
import { useI18n } from '../../app/i18n';
import { FROM_LIST, rowDialogTo } from './dialogAddress';

export interface RowActionHandlers {
  onCart: (row: FinishedRow) => void;
  onGroup: (row: FinishedRow) => void;
  onCancelCombo: (row: FinishedRow) => void;
  onDelete: (row: FinishedRow) => void;
  onWithdrawImages: (row: FinishedRow) => void;
}

/**
 * A row's operations (docs/finished.md#the-list), kept short so the row stays one line of a dense list: the two a seller uses
 * most are links to their dialogs (edit, re-design); the rest sit in "更多".
 */
export function RowActions({ row, onCart, onGroup, onCancelCombo, onDelete, onWithdrawImages }: { row: FinishedRow } & RowActionHandlers) {
  const { t } = useI18n();
  const { search } = useLocation();
  const items: MenuProps['items'] = [
    ...(row.combine_rule === '1' ? [{ key: 'cancelCombo', label: t('finished.op.cancelCombo') }] : []),
    { key: 'cart', label: t('finished.op.cart') },
    { key: 'group', label: t('finished.op.group') },
    { key: 'withdrawImages', label: t('finished.op.withdrawImages') },
    { type: 'divider' },
    { key: 'delete', label: t('finished.op.delete'), danger: true },
  ];
  const onClick: MenuProps['onClick'] = ({ key, domEvent }) => {
    domEvent.stopPropagation(); // not a row click (which toggles the selection)
    if (key === 'cancelCombo') onCancelCombo(row);
    else if (key === 'cart') onCart(row);
    else if (key === 'group') onGroup(row);
    else if (key === 'withdrawImages') onWithdrawImages(row);
    else if (key === 'delete') onDelete(row);
  };
  return (
    <Flex vertical align="start" onClick={(e) => e.stopPropagation()} className="finished-actions">
      <Link to={rowDialogTo(row.key_id, 'edit', search)} state={FROM_LIST}>
        {t('finished.op.edit')}
      </Link>
      <Link to={rowDialogTo(row.key_id, 'redesign', search)} state={FROM_LIST}>
        {t('finished.op.redesign')}
      </Link>
      <Dropdown menu={{ items, onClick }} trigger={['click']}>
        <a role="button" tabIndex={0} aria-label={t('finished.op.moreOf', { key: row.key_id })} onClick={(e) => e.preventDefault()}>
          {t('finished.op.more')} <DownOutlined style={{ fontSize: 10 }} />
        </a>
      </Dropdown>
    </Flex>
  );
}
