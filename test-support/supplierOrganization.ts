import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../server/src/db/schema';

const DAY = 24 * 60 * 60 * 1000;

/**
 * What a made-up supplier's user is made with: lev.admin's hash of the demo password (hashing it
 * again would only slow the set-up) and the demo's SupplierAgreementManager role, which may import.
 */
export async function supplierUserTemplate(db: Kysely<DB>) {
  const { password_hash: passwordHash } = await db
    .selectFrom('users')
    .select('password_hash')
    .where('username', '=', 'lev.admin')
    .executeTakeFirstOrThrow();
  const { id: roleId } = await db
    .selectFrom('roles')
    .select('id')
    .where('name', '=', 'SupplierAgreementManager')
    .executeTakeFirstOrThrow();
  return { passwordHash, roleId };
}

/**
 * A supplier organisation with one user who may import and has signed in before (two days before
 * `now`), in the caller's transaction. The user's name may depend on the organisation's id.
 */
export async function insertSupplierOrganization(
  trx: Transaction<DB>,
  user: Awaited<ReturnType<typeof supplierUserTemplate>>,
  named: {
    organization: string;
    username: (organizationId: number) => string;
    firstName: string;
    lastName: string;
  },
  now: number,
) {
  const { id: organizationId } = await trx
    .insertInto('organizations')
    .values({ name: named.organization, kind: 'SUPPLIER', organization_number: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  const username = named.username(organizationId);
  const { id: userId } = await trx
    .insertInto('users')
    .values({
      username,
      email: `${username}@example.se`,
      first_name: named.firstName,
      last_name: named.lastName,
      password_hash: user.passwordHash,
      last_login_at: new Date(now - 2 * DAY),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { id: engagementId } = await trx
    .insertInto('engagements')
    .values({ user_id: userId, organization_id: organizationId, position: 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('engagement_roles')
    .values({ engagement_id: engagementId, role_id: user.roleId })
    .execute();
  return { organizationId, userId, username };
}
