import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import type { PermissionName } from '#contract/permissions';
import { hasPermission, useGetProfileQuery } from '../../api/profile';
import { NoPermissionPage } from './NoPermissionPage';

/**
 * Guards the routes below it by a permission of the first engagement, or any one of several (the
 * rule that also decides whether the menu shows the entry). Sits inside RequireProfile, so the profile is there.
 * Others see "Du har inte behörighet", or `otherwise` where the path means something to them too.
 */
export function RequirePermission({
  permission,
  otherwise,
}: {
  permission: PermissionName | readonly PermissionName[];
  otherwise?: ReactNode;
}) {
  const { data: profile } = useGetProfileQuery();
  if (!profile) return null;
  const anyOf = typeof permission === 'string' ? [permission] : permission;
  if (anyOf.some((name) => hasPermission(profile, name))) return <Outlet />;
  return otherwise ?? <NoPermissionPage />;
}
