export { MockupPage } from './MockupPage';
