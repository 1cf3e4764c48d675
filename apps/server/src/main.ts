import { loadConfig } from './platform/config';
import { DataDirLockedError, lockDataDir } from './platform/data-dir-lock';

/** Start-up refusals are a message on stderr and exit code 1, not a stack trace. */
function refuse(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (err) {
  refuse((err as Error).message);
}

// The embedded database may be opened by one process only (see README, "One server per data directory").
let releaseDataDir: (() => Promise<void>) | null = null;
if (!config.databaseUrl) {
  try {
    releaseDataDir = await lockDataDir(config.dataDir);
  } catch (err) {
    if (err instanceof DataDirLockedError) refuse(err.message);
    throw err;
  }
}

// The app's modules load after the checks above, so a refused start ends at once.
const { openDatabase } = await import('./db/client');
const { seedDemo } = await import('./demo/seed');
const { demoAccountsMessage, usableDemoAccounts } = await import('./demo/production-guard');
const { buildApp } = await import('./app');
const { startAmpelRefresh } = await import('./modules/books/books.ampel-job');
const { startDigestJob } = await import('./modules/reminders/reminders.job');
const { startOfferDayJob } = await import('./modules/offers/offers.job');
const { startOrderDayJob } = await import('./modules/orders/orders.job');
const { localFileStore } = await import('./platform/files');

const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
await database.migrate();
if (config.seedDemo) await seedDemo(database.db, { files: localFileStore(config.dataDir) });
if (config.env === 'production') {
  const demo = await usableDemoAccounts(database.db);
  if (demo.length) {
    await database.close();
    await releaseDataDir?.();
    refuse(demoAccountsMessage(demo));
  }
}
const app = await buildApp(config, database);
// Dates pass without any write: the stored ampels are recomputed now and hourly.
const ampelRefresh = startAmpelRefresh(database.db, app.log);
app.addHook('onClose', () => ampelRefresh.stop());
// The weekly digest of installations that turned orange, red or black (decision 019).
const digests = startDigestJob(database.db, { mailer: app.deps.mailer, publicUrl: config.publicUrl }, app.log);
app.addHook('onClose', () => digests.stop());
// The offers' day: every ampel moves on to the new day, the OFMs get their follow-up mails, attachments
// past their deletion date go (decision 022).
const offerDay = startOfferDayJob(
  database.db,
  { mailer: app.deps.mailer, publicUrl: config.publicUrl, files: app.deps.files },
  app.log,
);
app.addHook('onClose', () => offerDay.stop());
// The orders' day: every order's ampels move on to the new day (decision 023).
const orderDay = startOrderDayJob(database.db, app.log);
app.addHook('onClose', () => orderDay.stop());

const shutdown = async () => {
  await app.close();
  await database.close();
  await releaseDataDir?.();
  process.exit(0);
};
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);

await app.listen({ port: config.port, host: config.host });
app.log.info(`Prüfbuch on ${config.publicUrl}/app/ (database: ${database.kind})`);
