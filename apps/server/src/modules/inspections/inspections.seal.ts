import { createHash } from 'node:crypto';
import {
  type CurrentRecord,
  canonicalRecord,
  checkChain,
  GENESIS_HASH,
  SEAL_FORM,
  type SealProblem,
  type StoredSeal,
  sealHash,
} from '@pruefbuch/domain/rules/record-seal';
import type { BookVerifyReply, SealProblemDto } from '@pruefbuch/domain/schemas/record-seal';
import { and, asc, eq, inArray, isNotNull, isNull, or } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { blobs, books, inspections, pdfAssets, recordChainHeads, recordSeals, tenants } from '../../db/schema/index';
import type { TenantContext } from '../../platform/context';
import { notFound } from '../../platform/errors';
import type { FileStore } from '../../platform/files';
import { findBook } from '../books/books.repo';
import type { InspectionRow } from './inspections.repo';

/**
 * The tamper-evident record (decision 057): every finalized record is sealed in its finalize's
 * transaction, as the next link of its book's chain (rules/record-seal.ts); `verifyBook` checks a
 * book's chain and its stored PDFs, `verifyTenant` every book of a tenant (`npm run verify`).
 */

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** The hash of a record's canonical content; null when it has none (a value JSON cannot hold). */
function contentHashOf(row: InspectionRow): string | null {
  try {
    return sha256(canonicalRecord(row));
  } catch {
    return null;
  }
}

/** The SHA-256 of each record's archived PDFs (its PDF assets), as the blob rows name them. */
async function pdfsOf(db: Executor, tenantId: string, recordIds: readonly string[]) {
  const map = new Map<string, string[]>(recordIds.map((id) => [id, []]));
  if (recordIds.length === 0) return map;
  const rows = await db
    .select({ recordId: pdfAssets.inspectionId, sha256: blobs.sha256 })
    .from(pdfAssets)
    .innerJoin(blobs, and(eq(blobs.id, pdfAssets.blobId), eq(blobs.tenantId, pdfAssets.tenantId)))
    .where(and(eq(pdfAssets.tenantId, tenantId), inArray(pdfAssets.inspectionId, [...recordIds])));
  for (const r of rows) if (r.recordId) map.get(r.recordId)?.push(r.sha256);
  return map;
}

/** The book's chain head, locked for this transaction (made at place 0 when the book has none yet). */
async function lockHead(tx: Executor, tenantId: string, bookId: string) {
  await tx
    .insert(recordChainHeads)
    .values({ bookId, tenantId, seq: 0, hash: GENESIS_HASH })
    .onConflictDoNothing({ target: recordChainHeads.bookId });
  const [head] = await tx
    .select()
    .from(recordChainHeads)
    .where(and(eq(recordChainHeads.tenantId, tenantId), eq(recordChainHeads.bookId, bookId)))
    .for('update');
  if (!head) throw new Error('chain head not found');
  return head;
}

/** Seals `row` at the place after `prev` (under the head's lock); returns the new hash. */
async function sealAt(tx: Executor, row: InspectionRow, seq: number, prevHash: string, pending: boolean) {
  const contentHash = contentHashOf(row);
  if (!contentHash) throw new Error(`record ${row.id} has no canonical form`);
  const pdfs = (await pdfsOf(tx, row.tenantId, [row.id])).get(row.id) ?? [];
  const link = { form: SEAL_FORM, seq, prevHash, recordId: row.id, contentHash, pdfs: [...pdfs].sort() };
  const hash = sealHash(link, sha256);
  const values = { form: SEAL_FORM, contentHash, pdfs: link.pdfs, prevHash, hash };
  if (pending) {
    await tx
      .update(recordSeals)
      .set(values)
      .where(and(eq(recordSeals.tenantId, row.tenantId), eq(recordSeals.bookId, row.bookId), eq(recordSeals.seq, seq)));
  } else {
    await tx
      .insert(recordSeals)
      .values({ ...values, tenantId: row.tenantId, bookId: row.bookId, seq, inspectionId: row.id });
  }
  await tx
    .update(recordChainHeads)
    .set({ seq, hash, updatedAt: new Date() })
    .where(and(eq(recordChainHeads.tenantId, row.tenantId), eq(recordChainHeads.bookId, row.bookId)));
  return hash;
}

/**
 * Completes the seals the upgrade placed without a hash (migration 0042: the records finalized before
 * the chain existed, in the order they were finalized), under the lock of the book's head. They are
 * sealed as they are now: the chain vouches for them from the upgrade on. Returns the head after them
 * and how many it sealed.
 */
async function completeBook(tx: Executor, tenantId: string, bookId: string) {
  const head = await lockHead(tx, tenantId, bookId);
  if (head.hash !== null) return { head: { seq: head.seq, hash: head.hash }, sealed: 0 };
  const seals = await tx
    .select({ seq: recordSeals.seq, inspectionId: recordSeals.inspectionId, hash: recordSeals.hash })
    .from(recordSeals)
    .where(and(eq(recordSeals.tenantId, tenantId), eq(recordSeals.bookId, bookId)))
    .orderBy(asc(recordSeals.seq));
  let prev = GENESIS_HASH;
  let sealed = 0;
  for (const seal of seals) {
    if (seal.hash) {
      prev = seal.hash;
      continue;
    }
    const [row] = await tx
      .select()
      .from(inspections)
      .where(and(eq(inspections.tenantId, tenantId), eq(inspections.id, seal.inspectionId)));
    // A record gone since the upgrade placed its seal stays without a hash; the check names it.
    if (!row) continue;
    prev = await sealAt(tx, row, seal.seq, prev, true);
    sealed++;
  }
  const seq = seals.at(-1)?.seq ?? 0;
  await tx
    .update(recordChainHeads)
    .set({ seq, hash: prev, updatedAt: new Date() })
    .where(and(eq(recordChainHeads.tenantId, tenantId), eq(recordChainHeads.bookId, bookId)));
  return { head: { seq, hash: prev }, sealed };
}

/**
 * Seals a record finalized in `tx` as the next link of its book's chain (finalize and an uploaded
 * expert report call it, after the record's PDF is kept): locks the book's chain head, so two
 * finalizes of one book at once form one chain, one after the other.
 */
export async function sealFinalizedRecord(tx: Executor, tenantId: string, recordId: string) {
  const [row] = await tx
    .select()
    .from(inspections)
    .where(and(eq(inspections.tenantId, tenantId), eq(inspections.id, recordId)));
  if (!row?.finalizedAt) throw new Error(`record ${recordId} is not finalized`);
  const { head } = await completeBook(tx, tenantId, row.bookId);
  await sealAt(tx, row, head.seq + 1, head.hash, false);
}

/** Completes every seal still pending from the upgrade, book by book (at start; idempotent). */
export async function completePendingSeals(db: Db): Promise<{ books: number; records: number }> {
  let bookCount = 0;
  let records = 0;
  for (const tenant of await db.select({ id: tenants.id }).from(tenants)) {
    const pending = await db
      .selectDistinct({ bookId: recordSeals.bookId })
      .from(recordSeals)
      .where(and(eq(recordSeals.tenantId, tenant.id), isNull(recordSeals.hash)));
    for (const { bookId } of pending) {
      records += await db.transaction(async (tx) => (await completeBook(tx, tenant.id, bookId)).sealed);
      bookCount++;
    }
  }
  return { books: bookCount, records };
}

/**
 * Places seals for the finalized records of a tenant that have none, in the order the upgrade uses
 * (finalized, then started, then id), and completes them: the demo seed's records, made without a
 * finalize. Not for a running installation: there a finalized record without a seal is what the
 * check must name.
 */
export async function sealUnsealedRecords(db: Executor, tenantId: string) {
  const rows = await db
    .select({ row: inspections })
    .from(inspections)
    .leftJoin(recordSeals, eq(recordSeals.inspectionId, inspections.id))
    .where(and(eq(inspections.tenantId, tenantId), isNotNull(inspections.finalizedAt), isNull(recordSeals.seq)))
    .orderBy(asc(inspections.finalizedAt), asc(inspections.createdAt), asc(inspections.id));
  const pdfs = await pdfsOf(
    db,
    tenantId,
    rows.map((r) => r.row.id),
  );
  const byBook = new Map<string, InspectionRow[]>();
  for (const { row } of rows) byBook.set(row.bookId, [...(byBook.get(row.bookId) ?? []), row]);
  for (const [bookId, records] of byBook) {
    let { head } = await completeBook(db, tenantId, bookId);
    const values = records.map((row) => {
      const contentHash = contentHashOf(row);
      if (!contentHash) throw new Error(`record ${row.id} has no canonical form`);
      const link = {
        form: SEAL_FORM,
        seq: head.seq + 1,
        prevHash: head.hash,
        recordId: row.id,
        contentHash,
        pdfs: [...(pdfs.get(row.id) ?? [])].sort(),
      };
      head = { seq: link.seq, hash: sealHash(link, sha256) };
      return {
        tenantId,
        bookId,
        seq: link.seq,
        inspectionId: row.id,
        form: SEAL_FORM,
        contentHash,
        pdfs: link.pdfs,
        prevHash: link.prevHash,
        hash: head.hash,
      };
    });
    await db.insert(recordSeals).values(values);
    await db
      .update(recordChainHeads)
      .set({ ...head, updatedAt: new Date() })
      .where(and(eq(recordChainHeads.tenantId, tenantId), eq(recordChainHeads.bookId, bookId)));
  }
  return rows.length;
}

/** The book's chain head (its last place and hash), null when nothing of it is sealed: for the export's manifest. */
export async function chainHeadOf(
  db: Executor,
  tenantId: string,
  bookId: string,
): Promise<{ seq: number; hash: string } | null> {
  const [head] = await db
    .select({ seq: recordChainHeads.seq, hash: recordChainHeads.hash })
    .from(recordChainHeads)
    .where(and(eq(recordChainHeads.tenantId, tenantId), eq(recordChainHeads.bookId, bookId)));
  return head?.hash && head.seq > 0 ? { seq: head.seq, hash: head.hash } : null;
}

/** The SHA-256 of a stored file's bytes, null when the store has no such file. */
async function hashOfFile(files: FileStore, sha: string): Promise<string | null> {
  const stream = await files.get(sha);
  if (!stream) return null;
  const hash = createHash('sha256');
  for await (const chunk of stream) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** A check reads one snapshot: a finalize committing meanwhile is either wholly in it or not at all. */
const SNAPSHOT = { isolationLevel: 'repeatable read', accessMode: 'read only' } as const;

/** Checks one book of the tenant: its chain (rules/record-seal.ts) and the bytes of every stored PDF. */
export async function verifyBookChain(
  db: Executor,
  files: FileStore,
  tenantId: string,
  bookId: string,
): Promise<BookVerifyReply> {
  const seals = await db
    .select()
    .from(recordSeals)
    .where(and(eq(recordSeals.tenantId, tenantId), eq(recordSeals.bookId, bookId)))
    .orderBy(asc(recordSeals.seq));
  const [head] = await db
    .select({ seq: recordChainHeads.seq, hash: recordChainHeads.hash })
    .from(recordChainHeads)
    .where(and(eq(recordChainHeads.tenantId, tenantId), eq(recordChainHeads.bookId, bookId)));
  const named = seals.map((s) => s.inspectionId);
  const rows = await db
    .select()
    .from(inspections)
    .where(
      and(
        eq(inspections.tenantId, tenantId),
        named.length
          ? or(eq(inspections.bookId, bookId), inArray(inspections.id, named))
          : eq(inspections.bookId, bookId),
      ),
    );
  const pdfs = await pdfsOf(
    db,
    tenantId,
    rows.map((r) => r.id),
  );
  const records: CurrentRecord[] = rows.map((r) => ({
    id: r.id,
    bookId: r.bookId,
    finalized: r.finalizedAt !== null,
    contentHash: contentHashOf(r),
    pdfs: pdfs.get(r.id) ?? [],
  }));
  const stored: StoredSeal[] = seals.map((s) => ({
    form: s.form,
    seq: s.seq,
    prevHash: s.prevHash ?? '',
    recordId: s.inspectionId,
    contentHash: s.contentHash ?? '',
    pdfs: s.pdfs,
    hash: s.hash ?? '',
  }));
  const problems: SealProblem[] = checkChain(
    { bookId, seals: stored, head: head ? { seq: head.seq, hash: head.hash ?? '' } : null, records },
    sha256,
  );

  // Every stored PDF of the book: its bytes must still give the hash its blob row names.
  const assets = await db
    .select({ id: pdfAssets.id, recordId: pdfAssets.inspectionId, fileName: pdfAssets.fileName, sha256: blobs.sha256 })
    .from(pdfAssets)
    .innerJoin(blobs, and(eq(blobs.id, pdfAssets.blobId), eq(blobs.tenantId, pdfAssets.tenantId)))
    .where(and(eq(pdfAssets.tenantId, tenantId), eq(pdfAssets.bookId, bookId)))
    .orderBy(asc(pdfAssets.createdAt), asc(pdfAssets.id));
  const fileHashes = new Map<string, string | null>();
  const pdfProblems: SealProblemDto[] = [];
  for (const asset of assets) {
    if (!fileHashes.has(asset.sha256)) fileHashes.set(asset.sha256, await hashOfFile(files, asset.sha256));
    const actual = fileHashes.get(asset.sha256);
    if (actual === asset.sha256) continue;
    pdfProblems.push({
      recordId: asset.recordId,
      kind: actual === null ? 'pdfMissing' : 'pdfChanged',
      reason: actual === null ? 'fileMissing' : 'fileChanged',
      pdf: { _id: asset.id, fileName: asset.fileName },
    });
  }

  const byId = new Map(rows.map((r) => [r.id, r]));
  const withRecord = (p: SealProblemDto): SealProblemDto => {
    const r = p.recordId ? byId.get(p.recordId) : undefined;
    return { ...p, record: r ? { kind: r.kind, when: r.when } : null };
  };
  const all = [...problems, ...pdfProblems].map(withRecord);
  return {
    ok: all.length === 0,
    records: seals.length,
    pdfs: assets.length,
    head: head?.hash && head.seq > 0 ? { seq: head.seq, hash: head.hash } : null,
    problems: all,
    checkedAt: new Date().toISOString(),
  };
}

/** GET books/{id}/verify: the check of one book of the tenant (404 for a book it does not have). */
export async function verifyBook(ctx: TenantContext, bookId: string): Promise<BookVerifyReply> {
  return ctx.db.transaction(async (tx) => {
    if (!(await findBook(tx, ctx.tenantId, bookId))) throw notFound();
    return verifyBookChain(tx, ctx.deps.files, ctx.tenantId, bookId);
  }, SNAPSHOT);
}

/** Every book of a tenant, checked one after the other (`npm run verify`); books without any record are skipped. */
export async function* verifyTenant(db: Db, files: FileStore, tenantId: string) {
  const list = await db
    .select({ id: books.id, title: books.title })
    .from(books)
    .where(eq(books.tenantId, tenantId))
    .orderBy(asc(books.title), asc(books.id));
  for (const book of list) {
    const result = await db.transaction((tx) => verifyBookChain(tx, files, tenantId, book.id), SNAPSHOT);
    if (result.records === 0 && result.pdfs === 0 && result.problems.length === 0) continue;
    yield { book, result };
  }
}
