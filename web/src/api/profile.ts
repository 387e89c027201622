import type { Organization, Profile } from '#contract/auth';
import type { PermissionName } from '#contract/permissions';
import { api } from './api';

/** The signed-in user's profile and organisation: shared by every feature. */
export const profileApi = api.injectEndpoints({
  endpoints: (build) => ({
    getProfile: build.query<Profile, void>({ query: () => 'profile', providesTags: ['Profile'] }),
    getOrganization: build.query<Organization, number>({
      query: (organizationId) => `organizations/${organizationId}`,
      providesTags: ['Organization'],
    }),
  }),
});

export const { useGetProfileQuery, useGetOrganizationQuery } = profileApi;

/** Only the first engagement counts (docs/product.md, "Data the shell shows"; docs/product.md, "Roles and permissions"). */
export const firstEngagement = (profile: Profile | undefined) => profile?.userEngagements[0];

export const hasPermission = (profile: Profile | undefined, permission: PermissionName) =>
  firstEngagement(profile)?.roles.some((role) => role.permissions.some((p) => p.name === permission)) ??
  false;

/** Role names are compared case-sensitively (docs/product.md, "Roles and permissions"). */
export const hasRole = (profile: Profile | undefined, roleName: string) =>
  firstEngagement(profile)?.roles.some((role) => role.name === roleName) ?? false;
