/** Child process: fills a bench database (so the measuring process does not carry the set-up's memory). */
import { openDatabase } from '../../server/src/db/database';
import { migrate } from '../../server/src/db/migrate';
import { report } from '../lib';
import { prepareBenchSupplier, queueImport } from '../setup';

const [databaseUrl, rows, file] = process.argv.slice(2);
const database = await openDatabase({ databaseUrl });
await migrate(database.db);
const supplier = await prepareBenchSupplier(database.db, Number(rows));
const importId = file ? await queueImport(database.db, supplier, file) : null;
await database.close();
report({ ...supplier, importId });

// Idle workers and sockets must not keep a finished measurement alive.
process.exit(0);
