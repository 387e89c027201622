import { firstEngagement, useGetProfileQuery } from '../../api/profile';

/** The signed-in user as the import pages need them: imports belong to the first engagement's organisation. */
export function useImportUser() {
  const { data: profile, isError } = useGetProfileQuery();
  const organizationId = firstEngagement(profile)?.organizationId;
  return {
    organizationId,
    userId: profile?.id,
    fullName: profile ? `${profile.firstName} ${profile.lastName}` : '',
    isError,
  };
}
