export { FinishedPage } from './FinishedPage';
export { DocCenterPage } from './DocCenterPage';
export { BatchEditPage } from './BatchEditPage';
// The creation-range field, which the order list's search uses too.
export { CreatedRange } from './CreatedRange';
export { rangeValue, type CreatedRangeValue } from './rangeFormat';
