import { Outlet } from 'react-router';

/** Wraps every page: the place for app-wide watchers such as session supervision. */
export function RootLayout() {
  return <Outlet />;
}
