export { FinishedPage } from './FinishedPage';
export { DocCenterPage } from './DocCenterPage';
export { BatchEditPage } from './BatchEditPage';
