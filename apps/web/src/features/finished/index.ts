export { FinishedPage } from './FinishedPage';
export { finishedDialogRoutes } from './dialogRoutes';
export { DocCenterPage } from './DocCenterPage';
export { BatchEditPage } from './BatchEditPage';
