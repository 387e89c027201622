import { Outlet } from 'react-router';
import { SessionSupervisor } from '../features/session/SessionSupervisor';
import { RouteFocus } from './RouteFocus';

/** Wraps every page: session supervision and focus after navigation run beside whatever page is shown. */
export function RootLayout() {
  return (
    <>
      <SessionSupervisor />
      <RouteFocus />
      <Outlet />
    </>
  );
}
