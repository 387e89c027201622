import { IMPORT_PERMISSION } from '#contract/permissions';
import { firstEngagement, hasPermission, useGetProfileQuery } from '../../api/profile';

/** The signed-in user as the import pages need them: imports belong to the first engagement's organisation. */
export function useImportUser() {
  const { data: profile, isError } = useGetProfileQuery();
  const organizationId = firstEngagement(profile)?.organizationId;
  return {
    organizationId,
    userId: profile?.id,
    fullName: profile ? `${profile.firstName} ${profile.lastName}` : '',
    isError,
    /** The import routes require it; the column-mapping actions and the saved mappings check it too. */
    mayImport: hasPermission(profile, IMPORT_PERMISSION),
  };
}
