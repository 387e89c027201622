/** `npm run seed -- --reset`: reloads the demo data into the configured database. */
import { loadConfig } from '../server/src/config';
import { openDatabase } from '../server/src/db/database';
import { migrate } from '../server/src/db/migrate';
import { isDatabaseEmpty, seedDemoData } from '../server/src/demo/seed';

const config = loadConfig();
const reset = process.argv.includes('--reset');
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
try {
  await migrate(database.db);
  if (reset || (await isDatabaseEmpty(database.db))) {
    await seedDemoData(database.db);
    console.log('Demodata inläst.');
  } else {
    console.log('Databasen har redan data. Använd --reset för att läsa in demodata på nytt.');
  }
} finally {
  await database.close();
}
