import { randomBytes, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import { keyedHash } from '../platform/crypto';

/**
 * The backup of an embedded database that a running server holds: only that process can read
 * it, so `npm run backup` asks the server over loopback. The request carries a timestamp, a
 * nonce and their HMAC under the app secret, which only someone who can read the server's
 * settings (its environment or its data dir) has. Anything else is told the route does not exist.
 */
export const BACKUP_ROUTE = '/ops/backup';
export const BACKUP_URL = `/api/v1${BACKUP_ROUTE}`;
export const SIGNATURE_HEADER = 'x-pruefbuch-backup';

const PURPOSE = 'ops-backup-request';
/** How far the caller's clock may be from the server's (they are the same machine). */
const MAX_SKEW_MS = 60_000;

const macOf = (secret: string, stamp: string, nonce: string) => keyedHash(secret, PURPOSE, `${stamp}.${nonce}`);

export function signBackupRequest(secret: string, now = Date.now()): string {
  const stamp = String(now);
  const nonce = randomBytes(16).toString('base64url');
  return `${stamp}.${nonce}.${macOf(secret, stamp, nonce)}`;
}

/** A checker of signed requests that takes each signature once (a copied header cannot start a second backup). */
export function backupRequestChecker(secret: string) {
  const used = new Map<string, number>();
  return (header: string | undefined, now = Date.now()): boolean => {
    for (const [nonce, at] of used) if (now - at > 2 * MAX_SKEW_MS) used.delete(nonce);
    const [stamp, nonce, mac, extra] = (header ?? '').split('.');
    if (!stamp || !nonce || !mac || extra !== undefined || !/^\d+$/.test(stamp)) return false;
    if (Math.abs(now - Number(stamp)) > MAX_SKEW_MS || used.has(nonce)) return false;
    const expected = Buffer.from(macOf(secret, stamp, nonce));
    const given = Buffer.from(mac);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
    used.set(nonce, now);
    return true;
  };
}

/** The loopback address to reach a server that listens on `host`. */
export const loopbackOf = (host: string) => (host === '::1' || host === '::' ? '::1' : '127.0.0.1');

/**
 * Asks the server on this machine for the archive; resolves with the response stream once it
 * answered 200, rejects with the reason otherwise.
 */
export function requestServerBackup(opts: { host: string; port: number; appSecret: string }) {
  return new Promise<http.IncomingMessage>((resolve, reject) => {
    const req = http.request(
      {
        host: opts.host,
        port: opts.port,
        method: 'POST',
        path: BACKUP_URL,
        headers: { [SIGNATURE_HEADER]: signBackupRequest(opts.appSecret) },
      },
      (res) => {
        if (res.statusCode === 200) return resolve(res);
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const body = Buffer.concat(chunks).toString('utf8').slice(0, 300);
          const hint =
            res.statusCode === 404
              ? ' (the server refused the request: it must run with the same APP_SECRET or DATA_DIR as this command)'
              : '';
          reject(new Error(`The server answered ${res.statusCode}${hint}: ${body}`));
        });
      },
    );
    req.on('error', (err) =>
      reject(
        new Error(
          `The data directory is held by a running server, but it does not answer on ${opts.host}:${opts.port} ` +
            `(${err.message}). Run this command with the server's PORT, or stop the server and run it again.`,
        ),
      ),
    );
    req.end();
  });
}
