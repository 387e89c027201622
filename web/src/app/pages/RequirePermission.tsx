import { Outlet } from 'react-router';
import type { PermissionName } from '#contract/permissions';
import { hasPermission, useGetProfileQuery } from '../../api/profile';
import { NoPermissionPage } from './NoPermissionPage';

/**
 * Guards the routes below it by one permission of the first engagement (the rule that also
 * decides whether the menu shows the entry). Sits inside RequireProfile, so the profile is there.
 */
export function RequirePermission({ permission }: { permission: PermissionName }) {
  const { data: profile } = useGetProfileQuery();
  if (!profile) return null;
  return hasPermission(profile, permission) ? <Outlet /> : <NoPermissionPage />;
}
