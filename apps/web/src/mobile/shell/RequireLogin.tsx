import type { ReactNode } from 'react';
import { hasSessionCookie } from '../../api';
import { phoneLoginUrl } from './phoneLogin';
import { Navigate, useLocation } from './router';

/** A page that needs a session: a visitor goes to the phone's login page and comes back here afterwards. */
export function RequireLogin({ children }: { children: ReactNode }) {
  const { pathname, search } = useLocation();
  if (!hasSessionCookie()) return <Navigate to={phoneLoginUrl(pathname + search)} replace />;
  return children;
}
