export { StoresPage } from './StoresPage';
