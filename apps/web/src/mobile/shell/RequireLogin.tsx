import { Navigate, Outlet, useLocation } from 'react-router';
import { hasSessionCookie } from '../../api';
import { phoneLoginUrl } from './phoneLogin';

/** A page that needs a session: a visitor goes to the phone's login page and comes back here afterwards. */
export function RequireLogin() {
  const { pathname, search } = useLocation();
  if (!hasSessionCookie()) return <Navigate to={phoneLoginUrl(pathname + search)} replace />;
  return <Outlet />;
}
