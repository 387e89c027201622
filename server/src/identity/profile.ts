import type { PermissionName, Profile } from '#contract';
import type { Database } from '../db/database';

/** The signed-in user as routes see it: the profile and the first engagement's rights. */
export interface AuthContext {
  userId: number;
  /** The session's id hash; null for a request made with an API key (docs/api-keys.md). */
  sessionIdHash: string | null;
  profile: Profile;
  /** The first engagement's organisation (docs/product.md, "Data the shell shows": only the first engagement is used). */
  organizationId: number;
  roles: ReadonlySet<string>;
  permissions: ReadonlySet<string>;
}

/** Whether the caller's first engagement grants `permission` (a name the contract knows). */
export const hasPermission = (auth: AuthContext, permission: PermissionName) =>
  auth.permissions.has(permission);

/**
 * A user with every engagement, role and permission: one row per permission (or per role without
 * any, or one row for a user without engagements), in the order the profile lists them.
 */
export function selectUserWithRights(db: Database) {
  return db
    .selectFrom('users as u')
    .leftJoin('engagements as e', 'e.user_id', 'u.id')
    .leftJoin('engagement_roles as er', 'er.engagement_id', 'e.id')
    .leftJoin('roles as r', 'r.id', 'er.role_id')
    .leftJoin('role_permissions as rp', 'rp.role_id', 'r.id')
    .leftJoin('permissions as p', 'p.id', 'rp.permission_id')
    .select([
      'u.id as userId',
      'u.first_name',
      'u.last_name',
      'e.id as engagementId',
      'e.organization_id',
      'r.name as roleName',
      'p.name as permissionName',
    ])
    .orderBy('e.position')
    .orderBy('r.name')
    .orderBy('p.name');
}

type UserRightsRow = Awaited<ReturnType<ReturnType<typeof selectUserWithRights>['executeTakeFirstOrThrow']>>;

export async function loadProfile(
  db: Database,
  userId: number,
  previousLoginFound: boolean,
): Promise<Profile | undefined> {
  const rows = await selectUserWithRights(db).where('u.id', '=', userId).execute();
  return profileFromRows(rows, previousLoginFound);
}

/** The profile from `selectUserWithRights`' rows of one user; undefined when there are none. */
export function profileFromRows(
  rows: readonly UserRightsRow[],
  previousLoginFound: boolean,
): Profile | undefined {
  const user = rows[0];
  if (!user) return undefined;
  const engagements = new Map<number, { organizationId: number; roles: Map<string, string[]> }>();
  for (const row of rows) {
    if (row.engagementId === null || row.organization_id === null) continue;
    let engagement = engagements.get(row.engagementId);
    if (!engagement) {
      engagement = { organizationId: row.organization_id, roles: new Map() };
      engagements.set(row.engagementId, engagement);
    }
    if (row.roleName) {
      const permissions = engagement.roles.get(row.roleName) ?? [];
      if (row.permissionName) permissions.push(row.permissionName);
      engagement.roles.set(row.roleName, permissions);
    }
  }
  return {
    id: user.userId,
    firstName: user.first_name,
    lastName: user.last_name,
    previousLoginFound,
    userEngagements: [...engagements.values()].map((engagement) => ({
      organizationId: engagement.organizationId,
      roles: [...engagement.roles].map(([name, permissions]) => ({
        name,
        permissions: permissions.map((permission) => ({ name: permission })),
      })),
    })),
  };
}

export function authContextFrom(profile: Profile, sessionIdHash: string | null): AuthContext {
  const first = profile.userEngagements[0];
  const roles = first?.roles ?? [];
  return {
    userId: profile.id,
    sessionIdHash,
    profile,
    organizationId: first?.organizationId ?? -1,
    roles: new Set(roles.map((role) => role.name)),
    permissions: new Set(roles.flatMap((role) => role.permissions.map((p) => p.name))),
  };
}
