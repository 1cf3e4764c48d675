import { createReadStream, existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '../db/client';
import { type Config, loadConfig } from '../platform/config';
import { DataDirLockedError, lockDataDir } from '../platform/data-dir-lock';
import { fileStoreOf } from '../platform/files';
import type { Manifest } from './archive';
import { secretCheckOf } from './backup';
import { megabytes, OperatorError, seconds, thousands, UsageError } from './cli';
import { RestoreRefused, type RestoreResult, restoreArchive, verifyArchive } from './restore';

const USAGE = 'Usage: npm run restore -- FILE [--force] [--check]';

/** Restores into this configuration's database: PostgreSQL, or the embedded one under a data dir this process locks. */
async function restoreInto(config: Config, file: string, force: boolean): Promise<RestoreResult> {
  let release: (() => Promise<void>) | null = null;
  if (!config.databaseUrl) {
    try {
      release = await lockDataDir(config.dataDir);
    } catch (err) {
      if (err instanceof DataDirLockedError) {
        throw new RestoreRefused(
          `Not restored: a server${err.holderPid ? ` (pid ${err.holderPid})` : ''} holds ${config.dataDir}. Stop it first.`,
        );
      }
      throw err;
    }
  }
  try {
    const database = await openDatabase({
      url: config.databaseUrl,
      dataDir: config.databaseUrl ? null : config.dataDir,
    });
    try {
      return await restoreArchive(createReadStream(file), { database, files: fileStoreOf(config) }, { force });
    } finally {
      await database.close();
    }
  } finally {
    await release?.();
  }
}

/**
 * The secret that opens the restored 2FA secrets and sealed mails. An embedded database's generated
 * secret comes back into its data dir, unless APP_SECRET is set; either way the archive's check tells
 * whether the secret in use is the one the backup was made with.
 */
function settleSecret(config: Config, env: NodeJS.ProcessEnv, result: RestoreResult, file: string): string {
  const { manifest } = result;
  let secret = config.appSecret;
  if (result.appSecret && !config.databaseUrl && !env.APP_SECRET) {
    writeFileSync(path.join(config.dataDir, '.app-secret'), result.appSecret, { mode: 0o600 });
    secret = result.appSecret;
  }
  if (secretCheckOf(secret, manifest.createdAt) === manifest.secretCheck)
    return 'The secret in use is the one the backup was made with.';
  if (
    config.appSecretPrevious &&
    secretCheckOf(config.appSecretPrevious, manifest.createdAt) === manifest.secretCheck
  ) {
    return 'The backup was made with APP_SECRET_PREVIOUS: keep it set until the rotation has sealed everything anew.';
  }
  const source = result.appSecret
    ? ` The archive carries its secret: \`tar -xzOf ${file} app-secret\` prints it, to set as APP_SECRET.`
    : ' Set APP_SECRET to the secret the backed-up installation ran with.';
  return `WARNING: the secret in use is not the one the backup was made with: sign-ins with 2FA and sealed mails will fail.${source}`;
}

function summary(manifest: Manifest) {
  const rows = manifest.tables.reduce((sum, t) => sum + t.rows, 0);
  const bytes = manifest.files.reduce((sum, f) => sum + f.size, 0);
  return (
    `backup of ${manifest.createdAt} (${manifest.database}, Prüfbuch ${manifest.appVersion}, ` +
    `schema of ${manifest.schema.migrations} migrations): ${thousands(rows)} rows in ${manifest.tables.length} tables, ` +
    `${thousands(manifest.files.length)} files (${megabytes(bytes)})`
  );
}

/**
 * `npm run restore -- FILE`: into an empty database or data dir (`--force`: replaces what is there);
 * `--check` only reads the archive through and checks it.
 */
export async function restoreCommand(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
  say: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
) {
  let parsed: { values: { force?: boolean; check?: boolean }; positionals: string[] };
  try {
    parsed = parseArgs({
      args: argv,
      options: { force: { type: 'boolean' }, check: { type: 'boolean' } },
      allowPositionals: true,
    });
  } catch (err) {
    throw new UsageError(`${(err as Error).message}\n${USAGE}`);
  }
  const [given, ...extra] = parsed.positionals;
  if (!given || extra.length) throw new UsageError(USAGE);
  const file = path.resolve(given);
  if (!existsSync(file)) throw new OperatorError(`There is no file ${file}.`);
  const started = performance.now();
  if (parsed.values.check) {
    const manifest = await verifyArchive(createReadStream(file));
    say(`The archive is whole: ${summary(manifest)}.`);
    return null;
  }
  const config = loadConfig(env);
  const result = await restoreInto(config, file, parsed.values.force === true);
  say(`Restored ${summary(result.manifest)} in ${seconds(performance.now() - started)}.`);
  for (const t of result.tables) if (t.rows > 0) say(`  ${t.name.padEnd(32)} ${thousands(t.rows).padStart(10)}`);
  say(`  ${'files'.padEnd(32)} ${thousands(result.files).padStart(10)}`);
  say(settleSecret(config, env, result, file));
  return result;
}
