import type { Transaction } from 'kysely';
import type { DB } from '../db/schema';
import type { SeedContext } from '../db/seed';

/** Agreement and assortment demo data behind the start-page counts (filled by the dashboard feature). */
export async function seedAgreementData(_trx: Transaction<DB>, _context: SeedContext): Promise<void> {}
