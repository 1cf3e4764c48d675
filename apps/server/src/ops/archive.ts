import type { Readable, Transform, Writable } from 'node:stream';
import { finished, pipeline } from 'node:stream/promises';
import { createGunzip, createGzip, constants as zlibConstants } from 'node:zlib';
import tar from 'tar-stream';
import { z } from 'zod';
import { ArchiveError } from './checks';

/**
 * The backup archive: one tar.gz that `tar -tzf` can list. Entries, in this order:
 *   manifest.json                  what the archive holds (below); first, so a restore checks it before anything
 *   app-secret                     only from an embedded database whose secret was generated into its data dir
 *   database/<table>/<n>.jsonl     the table's rows, one `row_to_json` per line, in batches, tables in
 *                                  foreign-key order
 *   files/<sha256>                 every stored file the database's blobs reference
 */
export const MANIFEST = 'manifest.json';
export const SECRET_ENTRY = 'app-secret';
export const tableEntry = (table: string, batch: number) => `database/${table}/${String(batch).padStart(6, '0')}.jsonl`;
export const fileEntry = (sha256: string) => `files/${sha256}`;

const SHA256 = /^[0-9a-f]{64}$/;

export const manifestSchema = z.object({
  format: z.literal('pruefbuch-backup'),
  formatVersion: z.literal(1),
  createdAt: z.string(),
  appVersion: z.string(),
  database: z.enum(['pglite', 'postgres']),
  /** The last applied migration: the archive's rows have the columns of this schema. */
  schema: z.object({
    migrations: z.number().int().nonnegative(),
    lastHash: z.string().nullable(),
    lastCreatedAt: z.number().nullable(),
  }),
  tables: z.array(z.object({ name: z.string(), rows: z.number().int().nonnegative() })),
  files: z.array(z.object({ sha256: z.string().regex(SHA256), size: z.number().int().nonnegative() })),
  /** Whether the archive carries the generated secret of an embedded database (entry app-secret). */
  appSecretIncluded: z.boolean(),
  /** HMAC of createdAt under the secret in use: a restore tells whether it has the same secret, without the secret. */
  secretCheck: z.string(),
});
export type Manifest = z.infer<typeof manifestSchema>;

/**
 * Writes entries into a gzipped tar stream with back-pressure: each `add` resolves once the
 * archive has taken the bytes, and rejects when the output failed (so a caller holding a database
 * transaction never waits for a reader that is gone).
 */
export class ArchiveWriter {
  private pack!: tar.Pack;
  /** The current gzip member's pipeline into the output. */
  private member!: Promise<void>;
  private last = false;
  private failure: Error | null = null;
  private readonly mtime = new Date();

  constructor(private readonly output: Writable) {
    this.startMember(zlibConstants.Z_BEST_SPEED);
  }

  private startMember(level: number) {
    this.pack = tar.pack();
    this.member = pipeline(this.pack, createGzip({ level }), this.output, { end: this.last });
    this.member.catch((err: Error) => {
      this.failure ??= err;
    });
  }

  /** A whole entry from memory (the manifest, a batch of rows). */
  add(name: string, body: Buffer): Promise<void> {
    return this.guard((callback) => this.pack.entry({ name, size: body.length, mtime: this.mtime }, body, callback));
  }

  /** A streamed entry of a known size, through `check` (a transform that fails on bytes that are not as expected). */
  addStream(name: string, size: number, source: Readable, check?: Transform): Promise<void> {
    return this.guard((callback) => {
      // tar-stream's entry is a stream of another stream library, which node's pipeline does not
      // see finish; it is written to by hand, waiting for it to drain.
      const sink = this.pack.entry({ name, size, mtime: this.mtime }, callback);
      const stopReading = () => source.destroy();
      this.pack.once('close', stopReading);
      const write = async (chunks: AsyncIterable<Buffer>) => {
        for await (const chunk of chunks) {
          if (!sink.write(chunk)) await new Promise((resolve) => sink.once('drain', resolve));
        }
        sink.end();
      };
      (check ? pipeline(source, check, write) : pipeline(source, write))
        .catch((err: Error) => {
          this.abort(err);
          callback(err);
        })
        .finally(() => this.pack.off('close', stopReading));
    });
  }

  /**
   * From here on the bytes are stored, not deflated: the stored files are PDFs and images, mostly
   * compressed already, and deflating them took two thirds of a 1 GB backup's time for a few
   * percent (the JSON lines before shrink to a tenth at the fastest level). The archive goes on in
   * a second gzip member (RFC 1952 allows several; gunzip and tar read them as one stream), and the
   * tar continues in it: the first part ends without tar's end-of-archive blocks.
   */
  async storeOnly(): Promise<void> {
    if (this.failure) throw this.failure;
    const first = this.member;
    this.pack.push(null);
    await first;
    if (this.failure) throw this.failure;
    this.last = true;
    this.startMember(zlibConstants.Z_NO_COMPRESSION);
  }

  /** Ends the archive and waits until the output has every byte. */
  async finish(): Promise<void> {
    if (this.failure) throw this.failure;
    this.pack.finalize();
    await this.member;
    if (this.failure) throw this.failure;
    if (!this.last) {
      this.output.end();
      await finished(this.output);
    }
  }

  /** Stops writing; the output is destroyed with the error (a half archive is never mistaken for a whole one). */
  abort(err: Error) {
    this.failure ??= err;
    this.pack.destroy(err);
  }

  /** Settles once the output is closed, however it ended. */
  async closed(): Promise<void> {
    await this.member.catch(() => {});
  }

  private guard(start: (callback: (err?: Error | null) => void) => void): Promise<void> {
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => {
      let settled = false;
      const settle = (err?: Error | null) => {
        if (settled) return;
        settled = true;
        this.pack.off('close', onClose);
        if (err) reject(err);
        else resolve();
      };
      const onClose = () => settle(this.failure ?? new Error('The archive was closed before the entry was written'));
      this.pack.once('close', onClose);
      start(settle);
    });
  }
}

export interface ArchiveEntry {
  name: string;
  size: number;
  type: string;
  stream: Readable;
}

/**
 * The entries of an archive, one at a time: the next is read once the caller has read (or left)
 * the one before. A truncated or corrupt gzip or tar stream makes the iteration throw.
 */
export async function* archiveEntries(input: Readable): AsyncGenerator<ArchiveEntry> {
  const extract = tar.extract();
  const queue: { entry: ArchiveEntry; ended: () => boolean; next: () => void }[] = [];
  let wake: (() => void) | null = null;
  let finished = false;
  let failure: Error | null = null;
  extract.on('entry', (header, stream, next) => {
    let ended = false;
    stream.once('end', () => {
      ended = true;
    });
    queue.push({
      entry: { name: header.name, size: header.size ?? 0, type: header.type ?? 'file', stream: stream as Readable },
      ended: () => ended,
      next,
    });
    wake?.();
  });
  const done = pipeline(input, createGunzip(), extract).then(
    () => {
      finished = true;
      wake?.();
    },
    (err: Error) => {
      failure = new ArchiveError(`The archive is damaged or cut short, or no backup at all (${err.message}).`);
      wake?.();
    },
  );
  try {
    for (;;) {
      const item = queue.shift();
      if (item) {
        yield item.entry;
        if (failure) throw failure;
        if (!item.ended()) {
          const { stream } = item.entry;
          await new Promise<void>((resolve, reject) => {
            stream.once('end', resolve);
            stream.once('error', reject);
            stream.once('close', () => (item.ended() ? resolve() : reject(failure ?? new Error('archive truncated'))));
            stream.resume();
          });
        }
        item.next();
        continue;
      }
      if (failure) throw failure;
      if (finished) return;
      await new Promise<void>((resolve) => {
        wake = resolve;
      });
      wake = null;
    }
  } finally {
    if (!finished) {
      extract.destroy();
      input.destroy();
    }
    await done;
  }
}

/** Reads an entry whole (manifest, a batch of rows: a few megabytes at most). */
export async function entryText(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}

export const isSha256 = (s: string) => SHA256.test(s);
