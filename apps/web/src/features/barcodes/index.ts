export { BarcodesPage } from './BarcodesPage';
