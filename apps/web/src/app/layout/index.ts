export { AppLayout } from './AppLayout';
export { RequireSession } from './RequireSession';
export { NotFoundPage } from './NotFoundPage';
export { useCurrentUser } from './currentUser';
