import { buildApp } from './app';
import { openDatabase } from './db/client';
import { seedDemo } from './db/seed';
import { startAmpelRefresh } from './modules/inspections/ampel-job';
import { loadConfig } from './platform/config';

const config = loadConfig();
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
await database.migrate();
if (config.seedDemo) await seedDemo(database.db);
const app = await buildApp(config, database);
// Dates pass without any write: the stored ampels are recomputed now and hourly.
const ampelRefresh = startAmpelRefresh(database.db, app.log);
app.addHook('onClose', () => ampelRefresh.stop());

const shutdown = async () => {
  await app.close();
  await database.close();
  process.exit(0);
};
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);

await app.listen({ port: config.port, host: config.host });
app.log.info(`Prüfbuch on ${config.publicUrl}/app/ (database: ${database.kind})`);
