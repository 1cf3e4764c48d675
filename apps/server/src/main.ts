import { ConfigError, loadConfig } from './platform/config';
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
  if (err instanceof ConfigError) refuse(err.message);
  throw err;
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
// Errors reach the tracker from here on, when SENTRY_DSN is set (decision 034).
const { initErrorTracking, closeErrorTracking } = await import('./platform/error-tracking');
await initErrorTracking(config);
const { openDatabase, SchemaTooNewError } = await import('./db/client');
const { seedDemo } = await import('./demo/seed');
const { demoAccountsMessage, usableDemoAccounts } = await import('./demo/production-guard');
const { buildApp } = await import('./app');
const { startBackgroundWork } = await import('./background');
const { resealWithCurrentSecret } = await import('./platform/reseal');
const { watchDatabase } = await import('./modules/health/health.checks');
const { seedComponents } = await import('./modules/components/components.seed');
const { completePendingSeals } = await import('./modules/inspections/inspections.seal');

const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir, poolMax: config.dbPoolMax });
const stopEarly = async (message: string): Promise<never> => {
  await database.close();
  await releaseDataDir?.();
  refuse(message);
};
try {
  // Under a database lock: servers starting together migrate one after the other.
  await database.migrate();
} catch (err) {
  if (err instanceof SchemaTooNewError) await stopEarly(err.message);
  throw err;
}
const app = await buildApp(config, database);
// Records finalized before the chain existed get their seals once, as they are at the upgrade (decision 057).
const sealed = await completePendingSeals(database.db);
if (sealed.records) app.log.info(sealed, 'records finalized before the upgrade sealed');
if (config.appSecretPrevious) {
  // A rotation: what the previous secret sealed is sealed anew, so APP_SECRET_PREVIOUS can go later.
  const resealed = await resealWithCurrentSecret(database.db, app.deps.secrets);
  app.log.info(resealed, 'sealed values moved to the current APP_SECRET');
  if (resealed.unreadable)
    app.log.warn(resealed, 'sealed values that neither APP_SECRET nor APP_SECRET_PREVIOUS opens');
}
if (config.seedDemo) await seedDemo(database.db, { files: app.deps.files, secrets: app.deps.secrets });
// A new installation gets the starter set of the door component catalogue (decision 025).
await seedComponents(database.db);
if (config.env === 'production') {
  const demo = await usableDemoAccounts(database.db);
  if (demo.length) await stopEarly(demoAccountsMessage(demo));
}
const stopWatch = watchDatabase(database.ping, (ok) => {
  app.deps.lifecycle.databaseSeen = ok;
});
// Periodic jobs and the mail worker, unless this process serves requests only (JOBS=0).
const background = config.jobs ? await startBackgroundWork(app, database) : null;

/**
 * SIGTERM or SIGINT: /ready answers 503 and no new connection is taken; requests in flight finish
 * (up to SHUTDOWN_TIMEOUT_MS), then the background work stops, the pool closes and the process exits 0.
 */
let stopping = false;
const settledWithin = (work: Promise<unknown>, ms: number) =>
  new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    timer.unref();
    work.then(
      () => resolve(true),
      () => resolve(true),
    );
  });
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  app.deps.lifecycle.draining = true;
  app.log.info({ signal }, 'shutting down: finishing requests in flight');
  const forced = setTimeout(() => {
    app.log.error('requests still running at the shutdown timeout: closing their connections');
    app.server.closeAllConnections();
  }, config.shutdownTimeoutMs);
  forced.unref();
  try {
    await app.close();
    // A job in progress gets the same time as the requests; past it the process goes anyway (pg-boss
    // hands an unfinished run to another process once it expires).
    const jobsStopped = await settledWithin(background?.stop() ?? Promise.resolve(), config.shutdownTimeoutMs);
    if (!jobsStopped) app.log.warn('background work still running at the shutdown timeout: leaving it');
    await closeErrorTracking();
    stopWatch();
    await database.close();
    await releaseDataDir?.();
  } catch (err) {
    app.log.error({ err }, 'shutdown failed');
    process.exit(1);
  }
  process.exit(0);
}
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
background?.kick();
app.log.info(
  `Prüfbuch on ${config.publicUrl}/app/ (database: ${database.kind}, files: ${config.s3 ? 's3' : 'data dir'}, jobs: ${config.jobs ? 'on' : 'off'})`,
);
