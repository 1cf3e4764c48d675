import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import lockfile from 'proper-lockfile';

/**
 * The embedded database belongs to one process: a second server on the same data directory
 * would acknowledge writes that the first one never sees and later overwrites. The lock is a
 * directory made atomically by proper-lockfile and kept fresh while the server runs; the pid
 * file beside it names the holder for the message a second process prints.
 */
export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holderPid: number | null,
  ) {
    super(
      `The data directory ${dataDir} is in use by another Prüfbuch process` +
        `${holderPid ? ` (pid ${holderPid})` : ''}. Only one server may use an embedded database: ` +
        'stop that process first, or give this one its own DATA_DIR.',
    );
    this.name = 'DataDirLockedError';
  }
}

/**
 * proper-lockfile would take over a lock whose mtime is older than `stale`; a server whose event
 * loop is busy (migrations on a loaded machine) must not lose its lock that way, so the lock only
 * goes stale after an hour and a dead holder is recognised by its pid instead (below).
 */
const STALE_MS = 60 * 60 * 1000;

/** Takes the lock or throws DataDirLockedError; returns the release function. */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  mkdirSync(dataDir, { recursive: true });
  const pidFile = path.join(dataDir, 'server.pid');
  const options = {
    lockfilePath: path.join(dataDir, '.lock'),
    stale: STALE_MS,
    update: 60_000,
    realpath: false,
    // A lost lock (its directory removed by hand) is reported; ending a running server over it would lose more.
    onCompromised: (err: Error) => process.stderr.write(`Lock on the data directory lost: ${err.message}\n`),
  };
  let release: () => Promise<void>;
  try {
    release = await lockfile.lock(dataDir, options);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ELOCKED') throw err;
    const holder = readPid(pidFile);
    // A holder killed with -9 leaves its lock behind until it turns stale; when its process is
    // gone for certain, the lock is taken over at once instead of after ten seconds.
    if (holder === null || isAlive(holder)) throw new DataDirLockedError(dataDir, holder);
    rmSync(options.lockfilePath, { recursive: true, force: true });
    release = await lockfile.lock(dataDir, options).catch((again: NodeJS.ErrnoException) => {
      throw again.code === 'ELOCKED' ? new DataDirLockedError(dataDir, readPid(pidFile)) : again;
    });
  }
  writeFileSync(pidFile, String(process.pid));
  return async () => {
    rmSync(pidFile, { force: true });
    await release();
  };
}

function readPid(file: string): number | null {
  try {
    const pid = Number(readFileSync(file, 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  // A holder with our own pid is a previous run of this process slot (pid 1 in a container).
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
