import type { ReactNode } from 'react';
import { useSelector } from 'react-redux';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useGetProfileQuery } from '../../api/profile';
import { loginPathReturningTo } from '../../api/returnPath';
import { selectSession } from './sessionSlice';

/**
 * Guards signed-in pages (docs/product.md, "Screens and routes"): renders its children (or the nested routes) once
 * the profile has loaded and sends the user to /login when the profile call fails. When the
 * failure ended a running session, the session supervisor sends the user to /logout instead.
 */
export function RequireProfile({ children }: { children?: ReactNode }) {
  const { data: profile, isError } = useGetProfileQuery();
  const { hasSessionEnded } = useSelector(selectSession);
  const { pathname, search } = useLocation();
  // A failed refresh keeps the page: only a user whose profile never loaded is sent away.
  if (profile) return children ?? <Outlet />;
  // Signed out (a reload after a time-out, a link opened): signing in returns to this page.
  if (isError && !hasSessionEnded)
    return <Navigate to={loginPathReturningTo(`${pathname}${search}`)} replace />;
  return null;
}
