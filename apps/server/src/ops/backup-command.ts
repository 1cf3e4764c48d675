import { createReadStream, existsSync } from 'node:fs';
import { rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '../db/client';
import { type Config, loadConfig } from '../platform/config';
import { DataDirLockedError, lockDataDir } from '../platform/data-dir-lock';
import { fileStoreOf } from '../platform/files';
import type { Manifest } from './archive';
import { backupSourceOf, saveStream, writeBackupFile } from './backup';
import { megabytes, OperatorError, seconds, thousands, UsageError } from './cli';
import { loopbackOf, requestServerBackup } from './loopback';
import { verifyArchive } from './restore';

const USAGE = 'Usage: npm run backup -- --out FILE';

/** A backup made here: the database is opened by this process. */
async function backupDirectly(config: Config, out: string) {
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.databaseUrl ? null : config.dataDir });
  try {
    return (await writeBackupFile(backupSourceOf(config, database, fileStoreOf(config)), out)).manifest;
  } finally {
    await database.close();
  }
}

/**
 * A backup by the server that holds the embedded database: it streams the archive over loopback
 * (loopback.ts); the archive is read through once more here, so a stream that broke off is never
 * kept as a backup.
 */
async function backupThroughServer(config: Config, out: string): Promise<Manifest> {
  const response = await requestServerBackup({
    host: loopbackOf(config.host),
    port: config.port,
    appSecret: config.appSecret,
  });
  const partial = await saveStream(response, out);
  try {
    const manifest = await verifyArchive(createReadStream(partial));
    await rename(partial, out);
    return manifest;
  } catch (err) {
    await rm(partial, { force: true });
    throw new OperatorError(`The server's archive is incomplete and was not kept: ${(err as Error).message}`);
  }
}

/** The embedded database: this process takes the data dir, or the running server that holds it answers. */
async function backupEmbedded(config: Config, out: string, say: (line: string) => void) {
  if (!existsSync(path.join(config.dataDir, 'pglite'))) {
    throw new OperatorError(`There is no database in ${config.dataDir} (DATA_DIR) to back up.`);
  }
  let release: () => Promise<void>;
  try {
    release = await lockDataDir(config.dataDir);
  } catch (err) {
    if (!(err instanceof DataDirLockedError)) throw err;
    say(`The server${err.holderPid ? ` (pid ${err.holderPid})` : ''} holds the database; it writes the backup.`);
    return backupThroughServer(config, out);
  }
  try {
    return await backupDirectly(config, out);
  } finally {
    await release();
  }
}

/** `npm run backup -- --out FILE`: one archive of the database and every file it references. */
export async function backupCommand(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
  say: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
) {
  let out: string | undefined;
  try {
    out = parseArgs({ args: argv, options: { out: { type: 'string', short: 'o' } } }).values.out;
  } catch (err) {
    throw new UsageError(`${(err as Error).message}\n${USAGE}`);
  }
  if (!out) throw new UsageError(USAGE);
  const file = path.resolve(out);
  const config = loadConfig(env);
  const started = performance.now();
  const manifest = config.databaseUrl ? await backupDirectly(config, file) : await backupEmbedded(config, file, say);
  const bytes = (await stat(file)).size;
  const rows = manifest.tables.reduce((sum, t) => sum + t.rows, 0);
  const fileBytes = manifest.files.reduce((sum, f) => sum + f.size, 0);
  say(`Backup written: ${file} (${megabytes(bytes)} in ${seconds(performance.now() - started)})`);
  say(
    `  ${manifest.database}, schema of ${manifest.schema.migrations} migrations, Prüfbuch ${manifest.appVersion}: ` +
      `${thousands(rows)} rows in ${manifest.tables.length} tables, ${thousands(manifest.files.length)} files (${megabytes(fileBytes)})`,
  );
  say(
    manifest.appSecretIncluded
      ? '  The archive carries the secret the embedded database generated (DATA_DIR/.app-secret): keep the archive as safe as the data.'
      : '  Keep APP_SECRET with this backup: without it, 2FA secrets and sealed mails in it cannot be opened.',
  );
  return { file, manifest, bytes };
}
