import { Outlet } from 'react-router';
import { SessionSupervisor } from '../features/session/SessionSupervisor';

/** Wraps every page: session supervision runs beside whatever page is shown. */
export function RootLayout() {
  return (
    <>
      <SessionSupervisor />
      <Outlet />
    </>
  );
}
