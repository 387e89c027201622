/** Child process: fills the burst's database (so the measuring process does not carry the set-up's memory). */
import { openDatabase } from '../../server/src/db/database';
import { migrate } from '../../server/src/db/migrate';
import { prepareBurstSuppliers } from '../burstSetup';
import { report } from '../lib';

const [databaseUrl, organisations, rows] = process.argv.slice(2);
const database = await openDatabase({ databaseUrl });
await migrate(database.db);
const suppliers = await prepareBurstSuppliers(database.db, Number(organisations), Number(rows));
await database.close();
report(suppliers);

// Idle workers and sockets must not keep a finished measurement alive.
process.exit(0);
