import { useEffect, useState } from 'react';
import { FileExcelOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useParams, useSearchParams } from 'react-router';
import type { FinishedRow } from '@app/contract';
import { useI18n } from '../../app/i18n';
import { ExportDialog } from '../exports';
import { useCloseDialog, useDialogRow, useFinishedOutlet } from './dialogAddress';
import { DesignPopup, type DesignTarget } from './dialogs/DesignPopup';
import { EditDrawer } from './dialogs/EditDrawer';
import { ExcelBatchDialog } from './dialogs/ExcelBatchDialog';
import { RedesignDialog } from './dialogs/RedesignDialog';
import { RemarkDialog } from './dialogs/RemarkEditor';
import { useFeedback } from '../../app/feedback';

/** A row's dialog route: the row once known; a finished number that names none is said, and the list shows. */
function RowDialogRoute({ children }: { children: (row: FinishedRow, close: () => void) => React.ReactNode }) {
  const { t } = useI18n();
  const { message } = useFeedback();
  const { keyId = '' } = useParams();
  const row = useDialogRow();
  const close = useCloseDialog();
  useEffect(() => {
    if (row !== null) return;
    void message.warning(t('finished.notFound', { key: keyId }));
    close('replace');
  }, [row, keyId, close, message, t]);
  return row ? children(row, () => close()) : null;
}

/** /finished/:keyId/edit — the edit drawer. */
export function EditRoute() {
  return <RowDialogRoute>{(row, close) => <EditDrawer row={row} onClose={close} />}</RowDialogRoute>;
}

/** /finished/:keyId/remark — the remark editor. */
export function RemarkRoute() {
  return <RowDialogRoute>{(row, close) => <RemarkDialog row={row} onClose={close} />}</RowDialogRoute>;
}

/**
 * /finished/:keyId/redesign — the variants to re-design, then the design popup on the chosen ones (or the Excel
 * batch design). A save in the popup closes it: the list links the product and follows its recomposition.
 */
function Redesign({ row, close }: { row: FinishedRow; close: () => void }) {
  const { t } = useI18n();
  const { onDesignSaved } = useFinishedOutlet();
  const [design, setDesign] = useState<DesignTarget>();
  const [excel, setExcel] = useState(false);
  return (
    <>
      {!design && !excel && (
        <RedesignDialog
          row={row}
          excelBatch={
            <Button icon={<FileExcelOutlined />} onClick={() => setExcel(true)}>
              {t('finished.excel.open')}
            </Button>
          }
          onClose={close}
          onDesign={setDesign}
        />
      )}
      {excel && <ExcelBatchDialog row={row} onClose={close} />}
      <DesignPopup
        target={design}
        onClose={close}
        onSaved={(saved) => {
          close();
          onDesignSaved(saved);
        }}
      />
    </>
  );
}

export function RedesignRoute() {
  return <RowDialogRoute>{(row, close) => <Redesign row={row} close={close} />}</RowDialogRoute>;
}

/** /finished/export/:mode?ids=… — the export dialog for the chosen products (on success it moves on to the records). */
export function ExportRoute() {
  const { mode } = useParams();
  const [params] = useSearchParams();
  const close = useCloseDialog();
  const ids = (params.get('ids') ?? '')
    .split(',')
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0);
  const valid = (mode === 'offline' || mode === 'excel') && ids.length > 0;
  useEffect(() => {
    if (!valid) close('replace');
  }, [valid, close]);
  return valid ? <ExportDialog ids={ids} mode={mode} onClose={() => close('replace')} /> : null;
}
