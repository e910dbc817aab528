import type { AnchorHTMLAttributes, ReactNode } from 'react';
import {
  Link as WouterLink,
  Redirect,
  useLocation as useWouterLocation,
  useSearch,
  useSearchParams as useWouterSearchParams,
} from 'wouter';

/**
 * The phone pages' router (docs/mobile.md#speed): wouter, a router of a few kilobytes where React Router weighed some
 * thirty of the phone's first download. Its calls are wrapped here under the names the back office's React Router
 * uses, so a page reads the same on both sides and the phone pages import their router from this file only.
 */

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string; replace?: boolean; children?: ReactNode };

/** A link to a phone page, followed without reloading. */
export function Link({ to, ...props }: LinkProps) {
  return <WouterLink to={to} {...props} />;
}

/** A link that knows when its page is the one shown (aria-current="page", the `active` class). */
export function NavLink({
  to,
  className,
  ...props
}: Omit<LinkProps, 'className'> & { className: (state: { isActive: boolean }) => string | undefined }) {
  const [pathname] = useWouterLocation();
  const isActive = pathname === to;
  return <WouterLink to={to} className={className({ isActive })} aria-current={isActive ? 'page' : undefined} {...props} />;
}

/** Goes to another phone page; `replace` leaves no step in the history. */
export function useNavigate(): (to: string, options?: { replace?: boolean }) => void {
  const [, navigate] = useWouterLocation();
  return navigate;
}

/** The page's path and its query (with its `?`, empty when there is none); a navigation renders again. */
export function useLocation(): { pathname: string; search: string } {
  const [pathname] = useWouterLocation();
  const search = useSearch();
  return { pathname, search: search ? `?${search}` : '' };
}

/** The query as URLSearchParams, and a setter that navigates to the same page with another query. */
export function useSearchParams(): [URLSearchParams, (next: Record<string, string>, options?: { replace?: boolean }) => void] {
  const [params, setParams] = useWouterSearchParams();
  return [params, (next, options) => setParams(next, options)];
}

/** Sends the visitor elsewhere as soon as it renders. */
export function Navigate({ to, replace }: { to: string; replace?: boolean }) {
  return <Redirect to={to} replace={replace ?? false} />;
}
