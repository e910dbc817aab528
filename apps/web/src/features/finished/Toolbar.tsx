import { DownOutlined, ExportOutlined, FileExcelOutlined } from '@ant-design/icons';
import { Button, Dropdown, Flex, Radio, Space, Tooltip, type MenuProps } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { useDownload, useJoinGroup } from '../../api';
import { useFeedback, settled } from '../../app/feedback';
import { useI18n } from '../../app/i18n';
import { exportDialogTo, FROM_LIST } from './dialogAddress';
import type { Filters } from './useFinishedListState';
import type { Selection, useFinishedActions } from './useFinishedActions';

/**
 * Above the table: the type filter, the two exports, set / cancel combination, the bulk menu and the
 * selected count. Everything but the type filter needs a selection, and says so.
 */
export function Toolbar({
  filters,
  setFilters,
  selected,
  clearSelection,
  actions,
  onGroup,
  onMaterial,
}: {
  filters: Filters;
  setFilters: (f: Filters) => void;
  selected: Selection;
  clearSelection: () => void;
  actions: ReturnType<typeof useFinishedActions>;
  onGroup: (ids: number[]) => void;
  onMaterial: () => void;
}) {
  const { t, m } = useI18n();
  const { message, modal } = useFeedback();
  const navigate = useNavigate();
  const { search } = useLocation();
  const joinGroup = useJoinGroup();
  const download = useDownload();
  const ids = [...selected.keys()];
  const none = ids.length === 0;

  const bulkItems: MenuProps['items'] = [
    { key: 'group', label: t('finished.bulk.group') },
    { key: 'clearGroup', label: t('finished.bulk.clearGroup') },
    { key: 'regenerate', label: t('finished.bulk.regenerate') },
    { key: 'download', label: t('finished.bulk.download') },
    { key: 'batchEdit', label: t('finished.bulk.batchEdit') },
    { key: 'material', label: t('finished.bulk.material') },
    { type: 'divider' },
    { key: 'delete', label: t('finished.bulk.delete'), danger: true },
  ];
  const onBulk: MenuProps['onClick'] = ({ key }) => {
    switch (key) {
      case 'group':
        return onGroup(ids);
      case 'clearGroup':
        return modal.confirm({
          title: m('confirmClearGroup'),
          okText: t('common.confirm'),
          cancelText: t('common.cancel'),
          onOk: () => settled(joinGroup.mutateAsync({ ids, group_id: 0 }).then(() => void message.success(t('finished.groupCleared')))),
        });
      case 'regenerate':
        return actions.regenerate([...selected.values()]);
      case 'download':
        return download.mutate({ kind: 'bulk', ids: ids.join(',') });
      case 'batchEdit':
        return void navigate(`/batch-edit-finished?ids=${encodeURIComponent(JSON.stringify(ids))}`);
      case 'material':
        return onMaterial();
      case 'delete':
        return actions.delete(ids);
    }
  };

  return (
    <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 8 }}>
      <Space wrap size={8}>
        <Radio.Group
          optionType="button"
          size="small"
          value={filters.combine_rule_type ?? ''}
          onChange={(e) => setFilters({ combine_rule_type: e.target.value as string })}
          options={[
            { value: '', label: t('finished.type.all') },
            { value: '1', label: t('finished.type.1') },
            { value: '2', label: t('finished.type.2') },
            { value: '3', label: t('finished.type.3') },
          ]}
          aria-label={t('finished.col.type')}
        />
        {/* Ordered or not yet (订单数, docs/orders.md#ordered-units). */}
        <Radio.Group
          optionType="button"
          size="small"
          value={filters.ordered ?? ''}
          onChange={(e) => setFilters({ ordered: e.target.value as string })}
          options={[
            { value: '', label: t('finished.ordered.all') },
            { value: '1', label: t('finished.ordered.yes') },
            { value: '0', label: t('finished.noOrders') },
          ]}
          aria-label={t('finished.col.orders')}
        />
      </Space>
      <Space wrap size={6}>
        {/* The two export buttons (docs/export-dialog.md): they need a selection, and say so. */}
        {(['offline', 'excel'] as const).map((mode) => (
          <Tooltip key={mode} title={none ? t('export.selectFirst') : undefined}>
            <Button
              size="small"
              type={mode === 'offline' ? 'primary' : 'default'}
              icon={mode === 'offline' ? <ExportOutlined /> : <FileExcelOutlined />}
              disabled={none}
              onClick={() => void navigate(exportDialogTo(mode, ids, search), { state: FROM_LIST })}
            >
              {t(mode === 'offline' ? 'export.amazonButton' : 'export.excelButton')}
            </Button>
          </Tooltip>
        ))}
        <Button size="small" disabled={none} onClick={actions.combine} loading={actions.combining}>
          {t('finished.combine')}
        </Button>
        <Button
          size="small"
          disabled={none}
          onClick={() => {
            const combos = [...selected.values()].filter((r) => r.combine_rule === '1');
            if (combos.length === 0) return void message.warning(m('notCombination'));
            actions.cancelCombine(
              combos.map((r) => r.id),
              'confirmCancelCombination',
            );
          }}
        >
          {t('finished.cancelCombine')}
        </Button>
        <Dropdown menu={{ items: bulkItems, onClick: onBulk }} disabled={none} trigger={['click']}>
          <Button size="small" disabled={none}>
            {t('finished.bulk')} <DownOutlined />
          </Button>
        </Dropdown>
        <span data-testid="selected-count">
          {t('finished.selectedCount', { n: ids.length })}
          {!none && (
            <Button type="link" size="small" onClick={clearSelection}>
              {t('finished.clearSelection')}
            </Button>
          )}
        </span>
      </Space>
    </Flex>
  );
}
