/**
 * The tamper-evident record (decision 057): finalize seals each record as the next link of its book's
 * chain, GET books/{id}/verify checks the chain and the stored PDFs, and a change made with SQL behind
 * the application is named. On PGlite and PostgreSQL (TEST_DATABASE_URL).
 */
import { unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Role } from '@pruefbuch/domain/roles';
import { GENESIS_HASH, SEAL_FIELDS } from '@pruefbuch/domain/rules/record-seal';
import type { BookVerifyReply } from '@pruefbuch/domain/schemas/record-seal';
import { and, asc, eq, getTableColumns, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { emptyPlace, type Place } from '../../../test/fixtures/backup';
import { member } from '../../../test/fixtures/books';
import { samples, uploader } from '../../../test/fixtures/documents';
import {
  call,
  complete,
  draft,
  finalized,
  inspectionWorld,
  isoDay,
  type World,
} from '../../../test/fixtures/inspections';
import { createTestApp } from '../../../test/helper';
import { rowsOf } from '../../db/client';
import { knownMigrations } from '../../db/journal';
import { blobs, inspections, pdfAssets, recordSeals } from '../../db/schema/index';
import { migrateUpTo } from '../../ops/schema-version';
import { problemLine, verifyTenants } from '../../ops/verify-command';
import { contentPath } from '../../platform/files-staging';
import { chainHeadOf, completePendingSeals, sealUnsealedRecords, verifyBookChain } from './inspections.seal';

const t = await createTestApp();
const db = () => t.database.db;

const verify = async (w: World) => {
  const res = await call(t, w)('GET', `/books/${w.book._id}/verify`);
  expect(res.statusCode).toBe(200);
  return res.json() as BookVerifyReply;
};
const named = (r: BookVerifyReply) => r.problems.map((p) => [p.recordId, p.kind, p.reason]);
const sealsOf = (bookId: string) =>
  db().select().from(recordSeals).where(eq(recordSeals.bookId, bookId)).orderBy(asc(recordSeals.seq));

/** A book with three finalized records: an inspection, a maintenance and the inspection's correction. */
async function bookWithThree() {
  const w = await inspectionWorld(t);
  const first = await finalized(t, w, { kind: 'inspection', when: isoDay(-30), text: 'Jahresprüfung ohne Befund.' });
  const second = await finalized(t, w, {
    kind: 'wartung',
    when: isoDay(-20),
    akkutausch: true,
    defects: [{ text: 'Sensor verschmutzt', severity: 'safe' }],
  });
  const c = await draft(t, w, {
    kind: 'inspection',
    when: isoDay(-30),
    corrects: first._id,
    text: 'Jahresprüfung; Datum berichtigt.',
  });
  const put = await call(t, w)('PUT', `/inspections/${c._id}`, complete(c));
  const fin = await call(t, w)('POST', `/inspections/${c._id}/finalize`, { __v: put.json().__v });
  expect(fin.statusCode).toBe(200);
  return { w, first, second, correction: fin.json() as typeof first };
}

describe('the seal of a finalized record', () => {
  it('places every column of a record, sealed or not (rule table SEAL_FIELDS)', () => {
    expect(Object.keys(getTableColumns(inspections)).sort()).toEqual(Object.keys(SEAL_FIELDS).sort());
  });

  it('links each record of a book to the one finalized before, a correction as a new link; the check finds all whole', async () => {
    const { w, first, second, correction } = await bookWithThree();
    const seals = await sealsOf(w.book._id);
    expect(seals.map((s) => [s.seq, s.inspectionId])).toEqual([
      [1, first._id],
      [2, second._id],
      [3, correction._id],
    ]);
    expect(seals[0]?.prevHash).toBe(GENESIS_HASH);
    expect(seals[1]?.prevHash).toBe(seals[0]?.hash);
    expect(seals[2]?.prevHash).toBe(seals[1]?.hash);
    // Each seal holds the record's archived PDF.
    for (const s of seals) expect(s.pdfs).toHaveLength(1);
    const r = await verify(w);
    expect(r).toMatchObject({ ok: true, records: 3, pdfs: 3, problems: [], head: { seq: 3, hash: seals[2]?.hash } });
    expect(await chainHeadOf(db(), w.tenantId, w.book._id)).toEqual({ seq: 3, hash: seals[2]?.hash });
  });

  it('leaves drafts out, and is whole for a book without records', async () => {
    const w = await inspectionWorld(t);
    expect(await verify(w)).toMatchObject({ ok: true, records: 0, pdfs: 0, head: null });
    await draft(t, w);
    expect(await verify(w)).toMatchObject({ ok: true, records: 0 });
    expect(await chainHeadOf(db(), w.tenantId, w.book._id)).toBeNull();
  });

  it('seals an uploaded expert report with its PDF', async () => {
    const w = await inspectionWorld(t);
    const res = await uploader(t)({
      url: '/inspections/existingDoc',
      token: w.user.token,
      tenant: w.tenantId,
      fields: { book: w.book._id, when: isoDay(-5), who: 'Dipl.-Ing. Sachverständiger' },
      file: { name: 'Gutachten.pdf', content: samples.pdf(), contentType: 'application/pdf' },
    });
    expect(res.statusCode).toBe(201);
    const [seal] = await sealsOf(w.book._id);
    expect(seal).toMatchObject({ seq: 1, inspectionId: res.json()._id });
    expect(await verify(w)).toMatchObject({ ok: true, records: 1, pdfs: 1 });
  });

  it('names a finalized record changed with SQL, and no other', async () => {
    const { w, second } = await bookWithThree();
    await db().execute(sql`update inspections set akkutausch = false where id = ${second._id}`);
    const r = await verify(w);
    expect(r.ok).toBe(false);
    expect(named(r)).toEqual([[second._id, 'dataChanged', 'contentChanged']]);
    expect(r.problems[0]).toMatchObject({ seq: 2, record: { kind: 'wartung', when: isoDay(-20) } });
  });

  it('names a change deep in a checklist, and a signature drawn anew', async () => {
    const { w, first, correction } = await bookWithThree();
    await db().execute(
      sql`update inspections set checklist = jsonb_set(checklist, '{0,note}', '"nachgetragen"') where id = ${first._id}`,
    );
    await db().execute(
      sql`update inspections set inspector_signature = inspector_signature || '{"name": "Jemand anderes"}' where id = ${correction._id}`,
    );
    expect(named(await verify(w))).toEqual([
      [first._id, 'dataChanged', 'contentChanged'],
      [correction._id, 'dataChanged', 'contentChanged'],
    ]);
  });

  it('does not mind the server’s stamps or jsonb’s key order changing', async () => {
    const { w, first } = await bookWithThree();
    await db().execute(
      sql`update inspections set updated_at = now() + interval '1 day', version = version + 5,
            created_at = created_at - interval '1 hour', misc = misc || '{}'::jsonb where id = ${first._id}`,
    );
    expect(await verify(w)).toMatchObject({ ok: true, problems: [] });
  });

  it('names a record deleted with SQL by its seal, and a record that became a draft again', async () => {
    const { w, first, second } = await bookWithThree();
    await db().execute(sql`delete from inspections where id = ${second._id}`);
    await db().execute(sql`update inspections set finalized_at = null where id = ${first._id}`);
    expect(named(await verify(w))).toEqual([
      [first._id, 'dataChanged', 'unfinalized'],
      [second._id, 'chainBroken', 'recordMissing'],
    ]);
  });

  it('names records whose seals were put in another order', async () => {
    const { w, first, second } = await bookWithThree();
    for (const [from, to] of [
      [1, 0],
      [2, 1],
      [0, 2],
    ]) {
      await db().execute(sql`update record_seals set seq = ${to} where book_id = ${w.book._id} and seq = ${from}`);
    }
    const r = named(await verify(w));
    expect(r).toContainEqual([second._id, 'chainBroken', 'link']);
    expect(r).toContainEqual([first._id, 'chainBroken', 'link']);
  });

  it('names a record finalized with SQL, without a finalize', async () => {
    const w = await inspectionWorld(t);
    const d = await draft(t, w);
    await db().execute(sql`update inspections set finalized_at = now() where id = ${d._id}`);
    expect(named(await verify(w))).toEqual([[d._id, 'chainBroken', 'notSealed']]);
  });

  it('names the last record when its seal went with it', async () => {
    const { w, second, correction } = await bookWithThree();
    await db().execute(sql`delete from record_seals where inspection_id = ${correction._id}`);
    await db().execute(sql`delete from inspections where id = ${correction._id}`);
    expect(named(await verify(w))).toEqual([[second._id, 'chainBroken', 'head']]);
  });

  it('names a stored PDF whose bytes changed, and one that is missing', async () => {
    const { w, first, second } = await bookWithThree();
    const files = await db()
      .select({ recordId: pdfAssets.inspectionId, sha256: blobs.sha256 })
      .from(pdfAssets)
      .innerJoin(blobs, eq(blobs.id, pdfAssets.blobId))
      .where(eq(pdfAssets.bookId, w.book._id));
    const fileOf = (id: string) =>
      path.join(t.config.dataDir, contentPath(files.find((f) => f.recordId === id)?.sha256 as string));
    await writeFile(fileOf(first._id), Buffer.concat([samples.pdf(), Buffer.from('% nachträglich\n')]));
    await unlink(fileOf(second._id));
    const r = await verify(w);
    expect(named(r)).toEqual([
      [first._id, 'pdfChanged', 'fileChanged'],
      [second._id, 'pdfMissing', 'fileMissing'],
    ]);
    expect(r.problems[0]?.pdf?.fileName).toMatch(/\.pdf$/);
  });

  it('names a record whose PDF row was pointed at another file', async () => {
    const { w, first, second } = await bookWithThree();
    const [other] = await db()
      .select({ blobId: pdfAssets.blobId })
      .from(pdfAssets)
      .where(eq(pdfAssets.inspectionId, second._id));
    await db()
      .update(pdfAssets)
      .set({ blobId: other?.blobId as string })
      .where(and(eq(pdfAssets.inspectionId, first._id)));
    expect(named(await verify(w))).toEqual([[first._id, 'pdfChanged', 'pdfReplaced']]);
  });

  it('is for staff: a branch user is refused, another tenant’s book is a 404', async () => {
    const w = await inspectionWorld(t);
    const other = await inspectionWorld(t);
    expect((await call(t, w)('GET', `/books/${other.book._id}/verify`)).statusCode).toBe(404);
    const lager = await member(t, Role.ROLE_LAGER, [w.tenantId]);
    expect((await call(t, w)('GET', `/books/${w.book._id}/verify`, undefined, lager.token)).statusCode).toBe(200);
    const branch = await member(t, Role.ROLE_FILIALE, [w.tenantId]);
    expect((await call(t, w)('GET', `/books/${w.book._id}/verify`, undefined, branch.token)).statusCode).toBe(403);
  });

  it('forms one chain when several records of a book are finalized at once', async () => {
    const w = await inspectionWorld(t);
    const n = t.database.kind === 'postgres' ? 6 : 3;
    const drafts = [];
    for (let i = 0; i < n; i++) {
      const d = await draft(t, w, { kind: i % 2 ? 'wartung' : 'inspection', when: isoDay(-10 - i) });
      const put = await call(t, w)('PUT', `/inspections/${d._id}`, complete(d));
      drafts.push({ id: d._id, v: put.json().__v });
    }
    const results = await Promise.all(
      drafts.map((d) => call(t, w)('POST', `/inspections/${d.id}/finalize`, { __v: d.v })),
    );
    expect(results.map((r) => r.statusCode)).toEqual(drafts.map(() => 200));
    const seals = await sealsOf(w.book._id);
    expect(seals.map((s) => s.seq)).toEqual(drafts.map((_, i) => i + 1));
    expect(new Set(seals.map((s) => s.inspectionId))).toEqual(new Set(drafts.map((d) => d.id)));
    expect(await verify(w)).toMatchObject({ ok: true, records: n });
  });
});

describe('the demo’s records', () => {
  it('are sealed per book in finalize order after a book’s own seals', async () => {
    const { w, correction } = await bookWithThree();
    const insert = (when: string, at: string) =>
      rowsOf<{ id: string }>(
        db(),
        sql`insert into inspections (tenant_id, book_id, kind, "when", finalized_at)
            values (${w.tenantId}, ${w.book._id}, 'self', ${when}, ${at}::timestamptz) returning id`,
      );
    const [b] = await insert(isoDay(-2), new Date(Date.now() + 2000).toISOString());
    const [a] = await insert(isoDay(-3), new Date(Date.now() + 1000).toISOString());
    const before = named(await verify(w));
    expect(before).toHaveLength(2);
    expect(before).toContainEqual([a?.id, 'chainBroken', 'notSealed']);
    expect(before).toContainEqual([b?.id, 'chainBroken', 'notSealed']);
    expect(await sealUnsealedRecords(db(), w.tenantId)).toBe(2);
    const seals = await sealsOf(w.book._id);
    expect(seals.map((s) => s.inspectionId).slice(2)).toEqual([correction._id, a?.id, b?.id]);
    expect(await verify(w)).toMatchObject({ ok: true, records: 5 });
  });
});

describe('npm run verify', () => {
  it('checks the tenant named by slug, prints each problem and counts them', async () => {
    const { w, second } = await bookWithThree();
    const [tenant] = await rowsOf<{ url: string }>(db(), sql`select url from tenants where id = ${w.tenantId}`);
    const lines: string[] = [];
    expect(await verifyTenants(db(), t.app.deps.files, tenant?.url, (l) => lines.push(l))).toBe(0);
    expect(lines.at(-1)).toMatch(/^No problem: tenant .*, 1 books, 3 sealed records, 3 stored PDFs checked\.$/);
    await db().execute(sql`update inspections set text = 'Nachträglich geändert' where id = ${second._id}`);
    lines.length = 0;
    expect(await verifyTenants(db(), t.app.deps.files, w.tenantId, (l) => lines.push(l))).toBe(1);
    expect(lines.join('\n')).toContain(`dataChanged: record ${second._id} (wartung of ${isoDay(-20)}) #2`);
    await expect(verifyTenants(db(), t.app.deps.files, 'kein-mandant', () => {})).rejects.toThrow(/no tenant/);
  });

  it('says what each problem means', () => {
    expect(
      problemLine({ recordId: null, kind: 'pdfMissing', reason: 'fileMissing', pdf: { _id: 'x', fileName: 'a.pdf' } }),
    ).toBe('  pdfMissing: a PDF of the book [a.pdf]: the stored PDF is missing');
  });
});

describe('the upgrade', () => {
  const places: Place[] = [];
  afterAll(async () => {
    for (const p of places) await p.dispose();
  });

  it('seals the records finalized before it in finalize order, as they are; a later SQL change is named', async () => {
    const known = knownMigrations();
    const at = known.findIndex((m) => m.tag.endsWith('_record_seals'));
    const place = await emptyPlace();
    places.push(place);
    const pdb = place.database.db;
    await migrateUpTo(place.database, known[at - 1]?.when as number);
    const [tenant] = await rowsOf<{ id: string }>(
      pdb,
      sql`insert into tenants (name, url) values ('Altbestand', 'altbestand') returning id`,
    );
    const [book] = await rowsOf<{ id: string }>(
      pdb,
      sql`insert into books (tenant_id, title) values (${tenant?.id}, 'Drehtür Altbau') returning id`,
    );
    const record = async (when: string, finalizedAt: string | null) => {
      const [row] = await rowsOf<{ id: string }>(
        pdb,
        sql`insert into inspections (tenant_id, book_id, kind, "when", text, checklist, finalized_at)
            values (${tenant?.id}, ${book?.id}, 'wartung', ${when}, 'Wartung vor dem Upgrade',
              '[{"item": "antrieb", "label": "Antrieb", "result": "ok", "note": ""}]'::jsonb, ${finalizedAt}::timestamptz)
            returning id`,
      );
      return row?.id as string;
    };
    const later = await record('2024-06-01', '2024-06-02T10:00:00.123456Z');
    const earlier = await record('2023-06-01', '2023-06-02T10:00:00Z');
    await record('2025-01-01', null);

    await place.database.migrate();
    expect(await completePendingSeals(pdb)).toEqual({ books: 1, records: 2 });
    expect(await completePendingSeals(pdb)).toEqual({ books: 0, records: 0 });
    const seals = await rowsOf<{ seq: number; inspection_id: string }>(
      pdb,
      sql`select seq, inspection_id from record_seals order by seq`,
    );
    expect(seals.map((s) => s.inspection_id)).toEqual([earlier, later]);
    const check = () => verifyBookChain(pdb, place.files, tenant?.id as string, book?.id as string);
    expect(await check()).toMatchObject({ ok: true, records: 2, pdfs: 0, head: { seq: 2 } });
    await pdb.execute(sql`update inspections set "when" = '2024-05-31' where id = ${later}`);
    expect((await check()).problems.map((p) => [p.recordId, p.reason])).toEqual([[later, 'contentChanged']]);
  });
});
