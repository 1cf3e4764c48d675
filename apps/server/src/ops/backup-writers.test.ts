/**
 * A backup taken while people work: writers create books, upload documents, record inspections and
 * delete documents through the API the whole time. The restore serves everything acknowledged
 * before the backup's snapshot, nothing acknowledged after the backup ended, and no row without
 * its file.
 */
import { createHash, randomBytes } from 'node:crypto';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appOn, freshPlace, restoreFile, writer } from '../../test/fixtures/backup';
import { samples } from '../../test/fixtures/documents';
import { createTestApp } from '../../test/helper';
import { tempDir } from '../../test/temp-dir';
import { rowsOf } from '../db/client';
import type { FileStore } from '../platform/files';
import { backupSourceOf, writeBackupFile } from './backup';

const t = await createTestApp();
const dir = tempDir('pb-backup-');

type Ack =
  | { kind: 'book' | 'inspection'; writer: number; id: string }
  | { kind: 'document'; writer: number; id: string; book: string; content: Buffer }
  | { kind: 'deleted'; writer: number; id: string };

async function until(done: () => boolean, what: string) {
  for (let i = 0; i < 600 && !done(); i++) await new Promise((r) => setTimeout(r, 25));
  if (!done()) throw new Error(`timed out waiting for ${what}`);
}

/** A PDF of about 100 KB: enough bytes that the files part of the backup overlaps the writes. */
const document = () => Buffer.concat([samples.pdf(), randomBytes(100_000)]);

describe('a backup while writers work', () => {
  it('restores every acknowledged record and document, and no row without its file', async () => {
    const writers = await Promise.all([0, 1, 2].map(() => writer(t)));
    const acked: Ack[] = [];
    let stop = false;
    const loops = writers.map(async (w, i) => {
      const kept: Extract<Ack, { kind: 'document' }>[] = [];
      for (let n = 0; !stop; n++) {
        const book = await w.book(`Tür ${i}-${n}`);
        acked.push({ kind: 'book', writer: i, id: book });
        const doc = await w.document(book, document());
        const ack = { kind: 'document' as const, writer: i, id: doc.id, book, content: doc.content };
        acked.push(ack);
        kept.push(ack);
        acked.push({ kind: 'inspection', writer: i, id: await w.inspection(book) });
        // Every third round a document goes: its file must outlive a backup whose snapshot still lists it.
        const old = n % 3 === 2 ? kept.shift() : undefined;
        if (old) {
          await w.deleteDocument(old.book, old.id);
          acked.push({ kind: 'deleted', writer: i, id: old.id });
        }
      }
    });

    // A document deleted while the backup copies the files: the snapshot lists it, so its file must still be there.
    const other = await writer(t);
    const doomedBook = await other.book('Pendeltür');
    const doomed = await other.document(doomedBook, document());
    let deletedDuringFiles = false;
    const files = t.app.deps.files;
    const store: FileStore = {
      ...files,
      async get(sha256) {
        if (!deletedDuringFiles) {
          deletedDuringFiles = true;
          await other.deleteDocument(doomedBook, doomed.id);
        }
        return files.get(sha256);
      },
    };

    const file = path.join(dir, 'busy.tar.gz');
    let cut = -1;
    let after: Ack[] = [];
    try {
      await until(() => acked.length >= 40, 'the first writes');
      await writeBackupFile(backupSourceOf(t.config, t.database, store), file, {
        batchRows: 5,
        onSnapshot: () => {
          cut = acked.length;
        },
      });
      const ended = acked.length;
      await until(() => acked.length >= ended + 12, 'writes after the backup');
      stop = true;
      await Promise.all(loops);
      after = acked.slice(ended);
    } finally {
      stop = true;
      await Promise.allSettled(loops);
    }
    expect(cut).toBeGreaterThanOrEqual(40);
    expect(deletedDuringFiles).toBe(true);

    const place = await freshPlace();
    const app = await appOn(place);
    try {
      await restoreFile(file, place);
      const call = (w: number, url: string) =>
        app.inject({
          method: 'GET',
          url: `/api/v1${url}`,
          headers: {
            authorization: `Bearer ${writers[w]?.written.token}`,
            'x-tenant': writers[w]?.written.tenantId as string,
          },
        });

      const before = acked.slice(0, cut);
      const deletedBefore = new Set(before.flatMap((a) => (a.kind === 'deleted' ? [a.id] : [])));
      expect(deletedBefore.size).toBeGreaterThan(0);
      const kept = await app.inject({
        method: 'GET',
        url: `/api/v1/blobs/${doomed.id}/document/download`,
        headers: { authorization: `Bearer ${other.written.token}`, 'x-tenant': other.written.tenantId },
      });
      expect(kept.statusCode).toBe(200);
      expect(kept.rawPayload.equals(doomed.content)).toBe(true);
      for (const a of before) {
        if (a.kind === 'book') expect((await call(a.writer, `/books/${a.id}`)).statusCode, `book ${a.id}`).toBe(200);
        if (a.kind === 'inspection')
          expect((await call(a.writer, `/inspections/${a.id}`)).statusCode, `inspection ${a.id}`).toBe(200);
        if (a.kind === 'document') {
          const res = await call(a.writer, `/blobs/${a.id}/document/download`);
          if (deletedBefore.has(a.id)) expect(res.statusCode, `deleted document ${a.id}`).toBe(404);
          else {
            expect(res.statusCode, `document ${a.id}`).toBe(200);
            expect(res.rawPayload.equals(a.content), `document ${a.id} byte for byte`).toBe(true);
          }
        }
      }
      // A snapshot, not the latest state: what was acknowledged after the backup ended is not there.
      for (const a of after) {
        if (a.kind === 'book')
          expect((await call(a.writer, `/books/${a.id}`)).statusCode, `later book ${a.id}`).toBe(404);
      }
      // Nothing half: every document row of the restore is served, with the bytes its hash names.
      const blobs = await rowsOf<{ id: string; sha256: string; tenant_id: string }>(
        place.database.db,
        sql`select id, sha256, tenant_id from blobs`,
      );
      expect(blobs.length).toBeGreaterThanOrEqual(
        before.filter((a) => a.kind === 'document').length - deletedBefore.size,
      );
      for (const blob of blobs) {
        const w = [...writers, other].find((x) => x.written.tenantId === blob.tenant_id)?.written;
        const res = await app.inject({
          method: 'GET',
          url: `/api/v1/blobs/${blob.id}/document/download`,
          headers: { authorization: `Bearer ${w?.token}`, 'x-tenant': w?.tenantId as string },
        });
        expect(res.statusCode, `restored document ${blob.id}`).toBe(200);
        expect(createHash('sha256').update(res.rawPayload).digest('hex')).toBe(blob.sha256);
      }
    } finally {
      await app.close();
      await place.dispose();
    }
  });
});
