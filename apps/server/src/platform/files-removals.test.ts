import { createHash, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { eq, getTableColumns, getTableName, inArray, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/helper';
import * as schema from '../db/schema/index';
import { blobs, fileRemovals } from '../db/schema/index';
import { fileReferenceColumns, keepingUpload, referencedFileShas } from './files';
import { markOrphanedFiles, removeDueFiles, scheduleFileRemovals } from './files-removals';

const t = await createTestApp();
const db = t.database.db;
const store = t.app.deps.files;
const HOUR = 3_600_000;
const at = (hoursFromNow: number) => new Date(Date.now() + hoursFromNow * HOUR);
const sha = (s: string) => createHash('sha256').update(s).digest('hex');
const stored = (label: string) => store.put(Readable.from([Buffer.from(`${label} ${randomUUID()}`)]));

async function referenceIt(sha256: string) {
  const tenant = await t.createTenant();
  const [row] = await db
    .insert(blobs)
    .values({ tenantId: tenant.id, sha256, size: 1, contentType: 'application/pdf', fileName: 'a.pdf' })
    .returning();
  if (!row) throw new Error('no blob');
  return row;
}
const marks = (shas: string[]) => db.select().from(fileRemovals).where(inArray(fileRemovals.sha256, shas));

describe('scheduleFileRemovals and removeDueFiles', () => {
  it('removes an unreferenced file only once its grace period has passed, and forgets the mark', async () => {
    const file = await stored('verwaist');
    await scheduleFileRemovals(db, [file.sha256], 24);
    const [mark] = await marks([file.sha256]);
    expect(mark?.dueAt.getTime()).toBeGreaterThan(at(23.9).getTime());
    expect(mark?.dueAt.getTime()).toBeLessThanOrEqual(at(24).getTime());

    expect(await removeDueFiles(db, store, at(23))).toEqual({ removed: 0, kept: 0 });
    expect(await store.exists(file.sha256)).toBe(true);
    const done = await removeDueFiles(db, store, at(25));
    expect(done.removed).toBeGreaterThanOrEqual(1);
    expect(await store.exists(file.sha256)).toBe(false);
    expect(await marks([file.sha256])).toEqual([]);
  });

  it('keeps a file that is referenced when its time comes (another blob, or an upload during the grace)', async () => {
    const shared = await stored('geteilt');
    const again = await stored('wieder hochgeladen');
    await referenceIt(shared.sha256);
    await scheduleFileRemovals(db, [shared.sha256, again.sha256], 1);
    // The same bytes uploaded again while the removal waits: the new blob holds them.
    await referenceIt(again.sha256);
    const done = await removeDueFiles(db, store, at(2));
    expect(done.kept).toBeGreaterThanOrEqual(2);
    expect(await store.exists(shared.sha256)).toBe(true);
    expect(await store.exists(again.sha256)).toBe(true);
    expect(await marks([shared.sha256, again.sha256])).toEqual([]);
  });

  it('keeps the later time when a file is marked twice, and ignores anything that is not a hash', async () => {
    const file = await stored('zweimal');
    await scheduleFileRemovals(db, [file.sha256, file.sha256], 48);
    await scheduleFileRemovals(db, [file.sha256, '../../etc/passwd', 'ABC', ''], 1);
    const rows = await marks([file.sha256, '../../etc/passwd', 'ABC', '']);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.dueAt.getTime()).toBeGreaterThan(at(47).getTime());
    await removeDueFiles(db, store, at(2));
    expect(await store.exists(file.sha256)).toBe(true);
    await removeDueFiles(db, store, at(49));
    expect(await store.exists(file.sha256)).toBe(false);
  });

  it('marks nothing when the deleting transaction rolls back', async () => {
    const file = await stored('zurückgerollt');
    await expect(
      db.transaction(async (tx) => {
        await scheduleFileRemovals(tx, [file.sha256], 0);
        throw new Error('abgebrochen');
      }),
    ).rejects.toThrow('abgebrochen');
    expect(await marks([file.sha256])).toEqual([]);
  });

  it('works through more marks than one batch, a file already gone included', async () => {
    const files = await Promise.all(Array.from({ length: 130 }, (_, i) => stored(`viele ${i}`)));
    const gone = sha(`nie gespeichert ${randomUUID()}`);
    await scheduleFileRemovals(db, [...files.map((f) => f.sha256), gone], 0, at(-1));
    const done = await removeDueFiles(db, store, at(0));
    expect(done.removed).toBeGreaterThanOrEqual(131);
    for (const f of files) expect(await store.exists(f.sha256)).toBe(false);
    expect(await marks([...files.map((f) => f.sha256), gone])).toEqual([]);
  });
});

describe('markOrphanedFiles', () => {
  it('marks the files that nothing references or names, and leaves the others as they are', async () => {
    // A file committed by a transaction that then rolled back: in the store, in no row.
    const orphan = await stored('verwaist ohne Zeile');
    const referenced = await stored('in Gebrauch');
    await referenceIt(referenced.sha256);
    const pending = await stored('schon vorgemerkt');
    await scheduleFileRemovals(db, [pending.sha256], 1);

    expect(await markOrphanedFiles(db, store, 24)).toBeGreaterThanOrEqual(1);
    const rows = await marks([orphan.sha256, referenced.sha256, pending.sha256]);
    const dueOf = (h: string) => rows.find((r) => r.sha256 === h)?.dueAt.getTime();
    expect(dueOf(orphan.sha256)).toBeGreaterThan(at(23).getTime());
    expect(dueOf(referenced.sha256)).toBeUndefined();
    expect(dueOf(pending.sha256)).toBeLessThan(at(2).getTime());

    await removeDueFiles(db, store, at(25));
    expect(await store.exists(orphan.sha256)).toBe(false);
    expect(await store.exists(pending.sha256)).toBe(false);
    expect(await store.exists(referenced.sha256)).toBe(true);
  });
});

describe('keepingUpload', () => {
  it('leaves the grace period of a pending removal standing when an upload of the same bytes fails', async () => {
    const file = await stored('ausstehend');
    await scheduleFileRemovals(db, [file.sha256], 24);
    const staged = await store.stage(Readable.from([Buffer.from('x')]));
    const sameBytes = { ...staged, sha256: file.sha256 };
    await expect(
      keepingUpload(db, store, sameBytes, async () => {
        throw new Error('Zeile nicht geschrieben');
      }),
    ).rejects.toThrow('Zeile nicht geschrieben');
    expect(await store.exists(file.sha256)).toBe(true);
    await removeDueFiles(db, store, at(25));
    expect(await store.exists(file.sha256)).toBe(false);
  });
});

describe('referencedFileShas', () => {
  it('names every referenced hash, or those among the given ones', async () => {
    const a = await stored('a');
    const b = await stored('b');
    await referenceIt(a.sha256);
    const all = await referencedFileShas(db);
    expect(all.has(a.sha256)).toBe(true);
    expect(all.has(b.sha256)).toBe(false);
    expect([...(await referencedFileShas(db, [a.sha256, b.sha256]))]).toEqual([a.sha256]);
    expect((await referencedFileShas(db, [])).size).toBe(0);
  });

  it('knows every column of the schema that holds a file hash', () => {
    const hashColumns = Object.values(schema as Record<string, unknown>)
      .filter((v): v is PgTable => is(v, PgTable))
      .filter((table) => table !== fileRemovals)
      .flatMap((table) =>
        Object.values(getTableColumns(table))
          .filter((c) => /sha/i.test(c.name))
          .map((c) => `${getTableName(table)}.${c.name}`),
      );
    const known = fileReferenceColumns.map((c) => `${getTableName(c.table)}.${c.name}`);
    expect(hashColumns.sort()).toEqual(known.sort());
  });
});

// Two connections are needed to hold a delete open while the job runs: PostgreSQL only.
describe.runIf(process.env.TEST_DATABASE_URL)('removeDueFiles next to an open delete', () => {
  it('skips a mark that an uncommitted delete is moving on, without waiting for it', async () => {
    const file = await stored('offen');
    await scheduleFileRemovals(db, [file.sha256], 0, at(-1));
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let marked: () => void = () => {};
    const isMarked = new Promise<void>((resolve) => {
      marked = resolve;
    });
    const deleting = db.transaction(async (tx) => {
      await scheduleFileRemovals(tx, [file.sha256], 24);
      marked();
      await held;
    });
    await isMarked;
    expect(await removeDueFiles(db, store, at(0))).toEqual({ removed: 0, kept: 0 });
    release();
    await deleting;
    expect(await store.exists(file.sha256)).toBe(true);
    const [mark] = await db.select().from(fileRemovals).where(eq(fileRemovals.sha256, file.sha256));
    expect(mark?.dueAt.getTime()).toBeGreaterThan(at(23).getTime());
  });
});
