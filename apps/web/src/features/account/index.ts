export { LoginPage } from './LoginPage';
export { RegisterPage } from './RegisterPage';
export { SubAccountsPage } from './SubAccountsPage';
export { CreateSubAccountDialog } from './CreateSubAccountDialog';
