/**
 * Pages outside the session: when a session ends there, the user stays (docs/product.md, "Session").
 * Matches /login and everything under it, /logout and /welcome.
 */
export function isOutsideSession(pathname: string) {
  return (
    pathname === '/login' ||
    pathname.startsWith('/login/') ||
    pathname === '/logout' ||
    pathname === '/welcome'
  );
}
