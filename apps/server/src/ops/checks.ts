import { createHash } from 'node:crypto';
import { Transform } from 'node:stream';
import type { Manifest } from './archive';

/** An archive that does not hold what its manifest says, or a stored file that is not what its name says. */
export class ArchiveError extends Error {
  override name = 'ArchiveError';
}

/**
 * Passes the bytes of a file on and fails the stream when they are not `size` bytes hashing to
 * `sha256` (a file changed or damaged on disk, in the bucket or in the archive).
 */
export function verifyingFile(sha256: string, size: number, where: string): Transform {
  const hash = createHash('sha256');
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _enc, callback) {
      seen += chunk.length;
      if (seen > size) return callback(new ArchiveError(`file ${sha256} ${where} is larger than its ${size} bytes`));
      hash.update(chunk);
      callback(null, chunk);
    },
    flush(callback) {
      const actual = hash.digest('hex');
      if (seen !== size) return callback(new ArchiveError(`file ${sha256} ${where} has ${seen} of its ${size} bytes`));
      if (actual !== sha256)
        return callback(new ArchiveError(`file ${sha256} ${where} is damaged: its bytes hash to ${actual}`));
      callback();
    },
  });
}

/** Counts what an archive holds against its manifest: each table's rows, each file once. */
export class Tally {
  private readonly rows = new Map<string, number>();
  private readonly files = new Set<string>();
  private readonly expectedRows: Map<string, number>;
  private readonly expectedFiles: Map<string, number>;

  constructor(manifest: Manifest) {
    this.expectedRows = new Map(manifest.tables.map((t) => [t.name, t.rows]));
    this.expectedFiles = new Map(manifest.files.map((f) => [f.sha256, f.size]));
  }

  /** The size the manifest gives the file; throws for a file it does not list or lists once only. */
  fileSize(sha256: string): number {
    const size = this.expectedFiles.get(sha256);
    if (size === undefined) throw new ArchiveError(`file ${sha256} in the archive is not in its manifest`);
    if (this.files.has(sha256)) throw new ArchiveError(`file ${sha256} is twice in the archive`);
    return size;
  }

  addFile(sha256: string) {
    this.fileSize(sha256);
    this.files.add(sha256);
  }

  addRows(table: string, n: number) {
    if (!this.expectedRows.has(table)) throw new ArchiveError(`table ${table} in the archive is not in its manifest`);
    this.rows.set(table, (this.rows.get(table) ?? 0) + n);
  }

  /** Throws unless every table has its rows and every file is there. */
  finish() {
    const problems: string[] = [];
    for (const [table, n] of this.expectedRows) {
      const got = this.rows.get(table) ?? 0;
      if (got !== n) problems.push(`table ${table}: ${got} of ${n} rows`);
    }
    const missing = [...this.expectedFiles.keys()].filter((sha) => !this.files.has(sha));
    if (missing.length) problems.push(`${missing.length} files missing (${missing.slice(0, 3).join(', ')}…)`);
    if (problems.length) throw new ArchiveError(`The archive is incomplete: ${problems.join('; ')}`);
  }
}
