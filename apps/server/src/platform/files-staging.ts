import { createHash, randomUUID } from 'node:crypto';
import { mkdir, open, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

const SHA256 = /^[0-9a-f]{64}$/;

/** A file's only name is its SHA-256: anything else (a path, upper case, a slash) never reaches a path or a key. */
export function checkedSha256(sha256: string): string {
  if (!SHA256.test(sha256)) throw new Error('not a SHA-256 hex digest');
  return sha256;
}

export const isSha256 = (s: string) => SHA256.test(s);

/** Where a content hash lives in either store: `files/ab/cd/<sha256>`. */
export const contentPath = (sha256: string) =>
  ['files', sha256.slice(0, 2), sha256.slice(2, 4), checkedSha256(sha256)].join('/');

export interface TempFile {
  path: string;
  sha256: string;
  /** Base64 MD5 of the bytes: object storage checks an upload against it (Content-MD5). */
  md5: string;
  size: number;
}

/**
 * Copies a source into a new file in `dir` while hashing it, so no upload is ever held in memory
 * whole and its hash is known before it reaches its content address. On a failing source nothing
 * is left behind.
 */
export async function writeTempFile(dir: string, source: Readable | AsyncIterable<Uint8Array>): Promise<TempFile> {
  await mkdir(dir, { recursive: true });
  const tmp = path.join(dir, randomUUID());
  const sha256 = createHash('sha256');
  const md5 = createHash('md5');
  let size = 0;
  // The file is created before the copy starts: a write stream opens its file asynchronously,
  // so a source failing at once could otherwise remove the path before the stream creates it.
  const file = await open(tmp, 'wx', 0o600);
  try {
    await pipeline(
      source,
      async function* (chunks: AsyncIterable<Uint8Array>) {
        for await (const chunk of chunks) {
          sha256.update(chunk);
          md5.update(chunk);
          size += chunk.length;
          yield chunk;
        }
      },
      file.createWriteStream(),
    );
  } catch (err) {
    await file.close().catch(() => {});
    await rm(tmp, { force: true });
    throw err;
  }
  return { path: tmp, sha256: sha256.digest('hex'), md5: md5.digest('base64'), size };
}

/** A staged file as `put` needs it (files.ts StagedFile). */
interface Committable {
  sha256: string;
  size: number;
  commit(): Promise<void>;
  discard(): Promise<void>;
}

/** `put` of every store once it has staged the bytes: commit them and never leave the staging copy behind. */
export async function commitStaged(staged: Committable): Promise<{ sha256: string; size: number }> {
  try {
    await staged.commit();
  } finally {
    await staged.discard();
  }
  return { sha256: staged.sha256, size: staged.size };
}
