export { ExportDialog, type ExportDialogMode } from './ExportDialog';
export { ExportRecordsPage } from './ExportRecordsPage';
