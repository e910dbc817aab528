import { useState } from 'react';
import { DeleteOutlined, DownOutlined, ExportOutlined, FileExcelOutlined, QuestionCircleOutlined } from '@ant-design/icons';
import {
  App,
  Button,
  Card,
  Dropdown,
  Flex,
  Popconfirm,
  Radio,
  Space,
  Table,
  Tag,
  Tooltip,
  Typography,
  type MenuProps,
  type TableColumnsType,
} from 'antd';
import { useNavigate } from 'react-router';
import { FINISHED_PAGE_SIZES, PAGER_COUNT, type FinishedRow } from '@app/contract';
import { useDownload, useCancelCombine, useCombine, useDeleteFinished, useFinishedList, useJoinGroup, useRegenerate } from '../../api';
import { settled } from '../../app/feedback';
import { dateTimeTwoLinesCell } from '../../app/components';
import { useI18n } from '../../app/i18n';
import { ExportDialog, type ExportDialogMode } from '../exports';
import { AddToCartDialog } from './dialogs/AddToCartDialog';
import { DesignPopup, type DesignTarget } from './dialogs/DesignPopup';
import { EditDrawer } from './dialogs/EditDrawer';
import { ExcelBatchDialog } from './dialogs/ExcelBatchDialog';
import { HelpDrawer } from './dialogs/HelpDrawer';
import { MaterialDownloadDialog } from './dialogs/MaterialDownloadDialog';
import { RedesignDialog } from './dialogs/RedesignDialog';
import { RemarkEditor } from './dialogs/RemarkEditor';
import { GroupPickerDialog } from './groups/GroupPickerDialog';
import { ProductInfo } from './ProductInfo';
import { RowImages } from './RowImages';
import { SearchForm } from './SearchForm';
import { ShopsCell } from './ShopsCell';
import { SidePanel } from './SidePanel';
import { useListParams } from './useListParams';
import { useBlockDevTools } from './useBlockDevTools';
import './finished.css';

type Dialog =
  | { kind: 'edit'; row: FinishedRow }
  | { kind: 'cart'; row: FinishedRow }
  | { kind: 'redesign'; row: FinishedRow }
  | { kind: 'group'; ids: number[] }
  | { kind: 'material'; rows: FinishedRow[] }
  | { kind: 'excel'; row: FinishedRow }
  | { kind: 'export'; mode: ExportDialogMode; ids: number[] }
  | { kind: 'help' };

/** The selection checkbox column's width in Ant Design's table. */
const SELECTION_WIDTH = 32;

/** The table's own width: its columns side by side, so no column is squeezed under its set width. */
const tableWidth = (columns: TableColumnsType<FinishedRow>) =>
  columns.reduce((sum, c) => sum + (typeof c.width === 'number' ? c.width : 0), SELECTION_WIDTH);

/**
 * The finished-products screen (SPEC §2.1–§2.3, /finished): search form, category and group panel, type
 * filter, toolbar with combination and bulk operations, the table with its row operations and every dialog.
 * Filters and page live in the URL; the selection lives here and survives paging.
 */
export function FinishedPage() {
  const { t, m } = useI18n();
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const { filters, query, pageNumber, pageSize, setFilters, setPage } = useListParams();
  const list = useFinishedList(query);
  const [selected, setSelected] = useState<Map<number, FinishedRow>>(new Map());
  const [dialog, setDialog] = useState<Dialog>();
  const [design, setDesign] = useState<DesignTarget>();
  useBlockDevTools();

  const del = useDeleteFinished();
  const combine = useCombine();
  const cancelCombine = useCancelCombine();
  const joinGroup = useJoinGroup();
  const download = useDownload();
  const regenerate = useRegenerate();

  const rows = list.data?.list ?? [];
  const selectedIds = [...selected.keys()];
  const none = selectedIds.length === 0;
  const clearSelection = () => setSelected(new Map());

  const toggle = (row: FinishedRow) =>
    setSelected((prev) => {
      const next = new Map(prev);
      if (next.has(row.id)) next.delete(row.id);
      else next.set(row.id, row);
      return next;
    });

  const done = (text: string) => () => void message.success(text);

  const confirmCombine = () => {
    const anyCombined = [...selected.values()].some((r) => r.combine_rule === '1');
    modal.confirm({
      title: m(anyCombined ? 'confirmCombineMixed' : 'confirmCombineSimple'),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      onOk: () =>
        settled(
          combine.mutateAsync(selectedIds).then(() => {
            clearSelection();
            void message.success(t('finished.combined'));
          }),
        ),
    });
  };
  const confirmCancelCombine = (ids: number[], text: 'confirmCancelCombination' | 'confirmCancelCombo') =>
    modal.confirm({
      title: m(text),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      onOk: () =>
        settled(
          cancelCombine.mutateAsync(ids).then(() => {
            setSelected((prev) => new Map([...prev].filter(([id]) => !ids.includes(id))));
            void message.success(t('finished.uncombined'));
          }),
        ),
    });
  const confirmDelete = (ids: number[]) =>
    modal.confirm({
      title: m('confirmDelete'),
      okText: t('common.delete'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: () =>
        settled(
          del.mutateAsync(ids).then(() => {
            setSelected((prev) => new Map([...prev].filter(([id]) => !ids.includes(id))));
            void message.success(t('finished.deleted'));
          }),
        ),
    });
  const confirmRegenerate = (rowsToRegenerate: FinishedRow[]) =>
    modal.confirm({
      title: m('confirmRegenerate'),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      onOk: () =>
        settled(
          (async () => {
            for (const r of rowsToRegenerate) await regenerate.mutateAsync(r.key_id);
            void message.success(m('regenerationStarted'));
          })(),
        ),
    });

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
    const chosen = [...selected.values()];
    switch (key) {
      case 'group':
        return setDialog({ kind: 'group', ids: selectedIds });
      case 'clearGroup':
        return modal.confirm({
          title: m('confirmClearGroup'),
          okText: t('common.confirm'),
          cancelText: t('common.cancel'),
          onOk: () => settled(joinGroup.mutateAsync({ ids: selectedIds, group_id: 0 }).then(done(t('finished.groupCleared')))),
        });
      case 'regenerate':
        return confirmRegenerate(chosen);
      case 'download':
        return download.mutate({ kind: 'bulk', ids: selectedIds.join(',') });
      case 'batchEdit':
        return void navigate(`/batch-edit-finished?ids=${encodeURIComponent(JSON.stringify(selectedIds))}`);
      case 'material':
        return setDialog({ kind: 'material', rows: chosen });
      case 'delete':
        return confirmDelete(selectedIds);
    }
  };

  const columns: TableColumnsType<FinishedRow> = [
    {
      title: t('finished.col.createtime'),
      dataIndex: 'createtime',
      width: 84,
      render: dateTimeTwoLinesCell,
    },
    {
      title: t('finished.col.remark'),
      dataIndex: 'remark',
      width: 64,
      render: (_, row) => <RemarkEditor row={row} />,
    },
    {
      title: t('finished.col.group'),
      dataIndex: 'group_name',
      width: 64,
      render: (name: string) => name || <Typography.Text type="secondary">{t('finished.ungrouped')}</Typography.Text>,
    },
    { title: t('finished.col.info'), key: 'info', width: 156, render: (_, row) => <ProductInfo row={row} /> },
    {
      title: t('finished.col.images'),
      key: 'images',
      // One 100 px thumbnail (the rest counted on it and paged through in the preview) and the cell's padding.
      width: 112,
      render: (_, row) => <RowImages row={row} onMore={() => setDialog({ kind: 'edit', row })} />,
    },
    { title: t('finished.col.account'), dataIndex: 'username', width: 60 },
    {
      title: t('finished.col.store'),
      dataIndex: 'stores',
      width: 56,
      // A narrow column (the table fits 1440 px): the cell's own padding gives its room to the names.
      onCell: () => ({ style: { paddingInline: 4 } }),
      render: (s: string[]) => <ShopsCell names={s} />,
    },
    {
      title: t('finished.col.orders'),
      dataIndex: 'order_num',
      width: 60,
      render: (n: number) => (n > 0 ? n : <Typography.Text type="secondary">{t('finished.noOrders')}</Typography.Text>),
    },
    {
      title: t('finished.col.type'),
      dataIndex: 'combine_rule_type',
      width: 88,
      render: (label: string, row) => (
        <Flex vertical gap={4} align="start">
          <Tag color={row.combine_rule_type_code === 3 ? 'default' : row.combine_rule_type_code === 2 ? 'cyan' : 'purple'}>{label}</Tag>
          {row.status !== 'ready' && <Tag color={row.status === 'failed' ? 'red' : 'processing'}>{t(`finished.status.${row.status}`)}</Tag>}
          {row.is_locked === 1 && <Tag color="gold">{t('finished.locked')}</Tag>}
        </Flex>
      ),
    },
    {
      title: t('finished.col.actions'),
      key: 'actions',
      width: 84,
      fixed: 'right',
      render: (_, row) => (
        <Flex vertical align="start" onClick={(e) => e.stopPropagation()} className="finished-actions">
          <Button type="link" size="small" onClick={() => setDialog({ kind: 'edit', row })}>
            {t('finished.op.edit')}
          </Button>
          {row.combine_rule === '1' && (
            <Button type="link" size="small" onClick={() => confirmCancelCombine([row.id], 'confirmCancelCombo')}>
              {t('finished.op.cancelCombo')}
            </Button>
          )}
          <Button type="link" size="small" onClick={() => setDialog({ kind: 'cart', row })}>
            {t('finished.op.cart')}
          </Button>
          <Button type="link" size="small" onClick={() => setDialog({ kind: 'redesign', row })}>
            {t('finished.op.redesign')}
          </Button>
          <Button type="link" size="small" onClick={() => setDialog({ kind: 'group', ids: [row.id] })}>
            {t('finished.op.group')}
          </Button>
          <Popconfirm
            title={m('confirmDelete')}
            okText={t('common.delete')}
            okButtonProps={{ danger: true }}
            cancelText={t('common.cancel')}
            onConfirm={() => settled(del.mutateAsync([row.id]).then(done(t('finished.deleted'))))}
          >
            <Button type="link" size="small" danger icon={<DeleteOutlined />}>
              {t('finished.op.delete')}
            </Button>
          </Popconfirm>
        </Flex>
      ),
    },
  ];

  return (
    <>
      <Flex justify="space-between" align="center" style={{ marginBottom: 12 }}>
        <Typography.Title level={3} style={{ margin: 0, fontSize: 22 }}>
          {t('finished.title')}
        </Typography.Title>
        <Button icon={<QuestionCircleOutlined />} onClick={() => setDialog({ kind: 'help' })}>
          {t('finished.help')}
        </Button>
      </Flex>
      <SearchForm filters={filters} onSearch={(f, replaceAll) => setFilters(f, { replaceAll })} />
      <Flex gap={16} align="start">
        <SidePanel filters={filters} onChange={(f) => setFilters(f)} />
        <Card variant="borderless" style={{ flex: 1, minWidth: 0 }} styles={{ body: { padding: 16 } }}>
          <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 12 }}>
            <Radio.Group
              optionType="button"
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
            <Space wrap>
              {/* The two export buttons (SPEC §2.1 toolbar, §2.2): they need a selection, and say so. */}
              {(['offline', 'excel'] as const).map((mode) => (
                <Tooltip key={mode} title={none ? t('export.selectFirst') : undefined}>
                  <Button
                    type={mode === 'offline' ? 'primary' : 'default'}
                    icon={mode === 'offline' ? <ExportOutlined /> : <FileExcelOutlined />}
                    disabled={none}
                    onClick={() => setDialog({ kind: 'export', mode, ids: selectedIds })}
                  >
                    {t(mode === 'offline' ? 'export.amazonButton' : 'export.excelButton')}
                  </Button>
                </Tooltip>
              ))}
              <Button disabled={none} onClick={confirmCombine} loading={combine.isPending}>
                {t('finished.combine')}
              </Button>
              <Button
                disabled={none}
                onClick={() => {
                  const combos = [...selected.values()].filter((r) => r.combine_rule === '1');
                  if (combos.length === 0) return void message.warning(m('notCombination'));
                  confirmCancelCombine(
                    combos.map((r) => r.id),
                    'confirmCancelCombination',
                  );
                }}
              >
                {t('finished.cancelCombine')}
              </Button>
              <Dropdown menu={{ items: bulkItems, onClick: onBulk }} disabled={none} trigger={['click']}>
                <Button disabled={none}>
                  {t('finished.bulk')} <DownOutlined />
                </Button>
              </Dropdown>
              <span data-testid="selected-count">
                {t('finished.selectedCount', { n: selectedIds.length })}
                {!none && (
                  <Button type="link" size="small" onClick={clearSelection}>
                    {t('finished.clearSelection')}
                  </Button>
                )}
              </span>
            </Space>
          </Flex>
          <Table<FinishedRow>
            className="finished-table"
            rowKey="id"
            size="middle"
            loading={list.isFetching && !list.data}
            dataSource={rows}
            columns={columns}
            // Every SPEC §2.1 column fits the 864 px the table gets at 1440 px; narrower screens scroll, with
            // the operations column kept in view.
            scroll={{ x: tableWidth(columns) }}
            rowSelection={{
              selectedRowKeys: selectedIds,
              preserveSelectedRowKeys: true,
              onChange: (_, chosen) =>
                setSelected((prev) => {
                  const next = new Map(prev);
                  for (const r of rows) next.delete(r.id);
                  for (const r of chosen) if (r) next.set(r.id, r);
                  return next;
                }),
            }}
            onRow={(row) => ({ onClick: () => toggle(row), style: { cursor: 'pointer' } })}
            pagination={{
              current: pageNumber,
              pageSize,
              total: list.data?.count ?? 0,
              pageSizeOptions: FINISHED_PAGE_SIZES.map(String),
              showSizeChanger: true,
              showQuickJumper: true,
              showTotal: (total) => t('finished.total', { n: total }),
              // SPEC §9: a pager of 5 pages.
              showLessItems: PAGER_COUNT === 5,
              onChange: setPage,
            }}
          />
        </Card>
      </Flex>

      {dialog?.kind === 'edit' && <EditDrawer row={dialog.row} onClose={() => setDialog(undefined)} />}
      {dialog?.kind === 'cart' && <AddToCartDialog row={dialog.row} onClose={() => setDialog(undefined)} />}
      {dialog?.kind === 'redesign' && (
        <RedesignDialog
          row={dialog.row}
          excelBatch={
            <Button icon={<FileExcelOutlined />} onClick={() => setDialog({ kind: 'excel', row: dialog.row })}>
              {t('finished.excel.open')}
            </Button>
          }
          onClose={() => setDialog(undefined)}
          onDesign={(target) => {
            setDialog(undefined);
            setDesign(target);
          }}
        />
      )}
      {dialog?.kind === 'group' && (
        <GroupPickerDialog
          ids={dialog.ids}
          onClose={() => setDialog(undefined)}
          onDone={() => {
            setDialog(undefined);
            void message.success(t('finished.grouped'));
          }}
        />
      )}
      {dialog?.kind === 'material' && <MaterialDownloadDialog rows={dialog.rows} onClose={() => setDialog(undefined)} />}
      {dialog?.kind === 'excel' && <ExcelBatchDialog row={dialog.row} onClose={() => setDialog(undefined)} />}
      {dialog?.kind === 'help' && <HelpDrawer onClose={() => setDialog(undefined)} />}
      {dialog?.kind === 'export' && <ExportDialog ids={dialog.ids} mode={dialog.mode} onClose={() => setDialog(undefined)} />}
      <DesignPopup target={design} onClose={() => setDesign(undefined)} />
    </>
  );
}
