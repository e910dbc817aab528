import { Suspense, useState } from 'react';
import { QuestionCircleOutlined } from '@ant-design/icons';
import { Button, Flex, Grid } from 'antd';
import { Outlet, useLocation, useNavigate } from 'react-router';
import type { FinishedRow } from '@app/contract';
import { useFinishedList } from '../../api';
import { Pager, PlainTable } from '../../app/components';
import { useI18n } from '../../app/i18n';
import { onDemand } from '../../app/onDemand';
import { FROM_LIST, rowDialogTo, type FinishedOutlet } from './dialogAddress';
import { useFinishedColumns } from './columns';
import { SearchForm } from './SearchForm';
import { SidePanel } from './SidePanel';
import { Toolbar } from './Toolbar';
import { useBlockDevTools } from './useBlockDevTools';
import { useDesignSaved, useFinishedActions, type Selection } from './useFinishedActions';
import { useFinishedListState } from './useFinishedListState';
import { useFeedback } from '../../app/feedback';
import './finished.css';

// These dialogs load when opened (docs/web.md#where-the-bytes-go).
const AddToCartDialog = onDemand(async () => (await import('./dialogs/AddToCartDialog')).AddToCartDialog);
const HelpDrawer = onDemand(async () => (await import('./dialogs/HelpDrawer')).HelpDrawer);
const MaterialDownloadDialog = onDemand(async () => (await import('./dialogs/MaterialDownloadDialog')).MaterialDownloadDialog);
const GroupPickerDialog = onDemand(async () => (await import('./groups/GroupPickerDialog')).GroupPickerDialog);

/** The dialogs that need no address of their own (the ones that have one are child routes: AddressedDialog.tsx). */
type Dialog =
  { kind: 'cart'; row: FinishedRow } | { kind: 'group'; ids: number[] } | { kind: 'material'; rows: FinishedRow[] } | { kind: 'help' };

/**
 * The finished-products screen (/finished; docs/finished.md): search form, category and group panel, type
 * filter, toolbar with combination and bulk operations, and a dense table (a row three short lines high) with
 * its row operations. Filters and page live in the address, and so do the edit, re-design, remark and export
 * dialogs (child routes, shown in the Outlet); the selection lives here and survives paging.
 */
export function FinishedPage() {
  const { t } = useI18n();
  const { message } = useFeedback();
  const navigate = useNavigate();
  const { search } = useLocation();
  const { filters, query, setFilters, pager } = useFinishedListState();
  const list = useFinishedList(query);
  const [selected, setSelected] = useState<Selection>(new Map());
  const [dialog, setDialog] = useState<Dialog>();
  const actions = useFinishedActions(selected, setSelected);
  const onDesignSaved = useDesignSaved();
  // A phone-wide window (the back office opened on a phone): the panel above the list, the table scrolling sideways.
  const narrow = Grid.useBreakpoint().md === false;
  useBlockDevTools();

  const rows = list.data?.list ?? [];
  const close = () => setDialog(undefined);
  const toggle = (row: FinishedRow) =>
    setSelected((prev) => {
      const next = new Map(prev);
      if (next.has(row.id)) next.delete(row.id);
      else next.set(row.id, row);
      return next;
    });

  const columns = useFinishedColumns(
    {
      onCart: (row) => setDialog({ kind: 'cart', row }),
      onGroup: (row) => setDialog({ kind: 'group', ids: [row.id] }),
      onCancelCombo: (row) => actions.cancelCombine([row.id], 'confirmCancelCombo'),
      onDelete: (row) => actions.delete([row.id]),
      onWithdrawImages: (row) => actions.withdrawImages([row.id]),
      onMoreImages: (row) => void navigate(rowDialogTo(row.key_id, 'edit', search), { state: FROM_LIST }),
    },
    narrow,
  );
  const outlet: FinishedOutlet = { rows, onDesignSaved };

  return (
    <>
      <Flex justify="space-between" align="center" style={{ marginBottom: 8 }}>
        <h1 className="finished-title">{t('finished.title')}</h1>
        <Button size="small" icon={<QuestionCircleOutlined />} onClick={() => setDialog({ kind: 'help' })}>
          {t('finished.help')}
        </Button>
      </Flex>
      <SearchForm filters={filters} onSearch={(f, replaceAll) => setFilters(f, { replaceAll })} />
      <Flex gap={12} align={narrow ? 'stretch' : 'start'} vertical={narrow}>
        <SidePanel filters={filters} onChange={(f) => setFilters(f)} fullWidth={narrow} />
        <section className="finished-panel" style={{ flex: 1, minWidth: 0 }} aria-label={t('finished.title')}>
          <Toolbar
            filters={filters}
            setFilters={(f) => setFilters(f)}
            selected={selected}
            clearSelection={() => setSelected(new Map())}
            actions={actions}
            onGroup={(ids) => setDialog({ kind: 'group', ids })}
            onMaterial={() => setDialog({ kind: 'material', rows: [...selected.values()] })}
          />
          <PlainTable<FinishedRow>
            className="finished-table"
            label={t('finished.title')}
            rowKey={(row) => row.id}
            loading={list.isFetching && !list.data}
            rows={rows}
            columns={columns}
            emptyText={t('finished.empty')}
            selection={{
              isSelected: (row) => selected.has(row.id),
              onToggle: toggle,
              onTogglePage: (select) =>
                setSelected((prev) => {
                  const next = new Map(prev);
                  for (const r of rows)
                    if (select) next.set(r.id, r);
                    else next.delete(r.id);
                  return next;
                }),
              pageLabel: t('finished.selectPage'),
              rowLabel: (row) => t('finished.selectRow', { key: row.key_id }),
            }}
            onRowClick={toggle}
          />
          <Pager {...pager(list.data?.count ?? 0)} totalText={(total) => t('finished.total', { n: total })} />
        </section>
      </Flex>

      <Suspense fallback={null}>
        {dialog?.kind === 'cart' && <AddToCartDialog row={dialog.row} onClose={close} />}
        {dialog?.kind === 'group' && (
          <GroupPickerDialog
            ids={dialog.ids}
            onClose={close}
            onDone={() => {
              close();
              void message.success(t('finished.grouped'));
            }}
          />
        )}
        {dialog?.kind === 'material' && <MaterialDownloadDialog rows={dialog.rows} onClose={close} />}
        {dialog?.kind === 'help' && <HelpDrawer onClose={close} />}
      </Suspense>
      <Outlet context={outlet} />
    </>
  );
}
