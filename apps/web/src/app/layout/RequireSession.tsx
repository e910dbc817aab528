import { Navigate, Outlet, useLocation } from 'react-router';
import { hasSessionCookie } from '../../api';
import { loginUrl } from '../loginRedirect';

/**
 * A visitor without a session goes straight to the login page, without asking the server first (and
 * without an error toast: nothing went wrong). A session the server no longer knows is caught by the
 * global API error handler on the first call.
 */
export function RequireSession() {
  const { pathname, search } = useLocation();
  if (!hasSessionCookie()) return <Navigate to={loginUrl(pathname + search)} replace />;
  return <Outlet />;
}
