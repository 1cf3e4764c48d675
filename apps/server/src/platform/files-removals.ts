import { and, asc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { Db, Executor } from '../db/client';
import { fileRemovals } from '../db/schema/index';
import { type FileStore, lockFileRefs, referencedFileShas } from './files';
import { isSha256 } from './files-staging';

const HOUR_MS = 3_600_000;
const BATCH = 100;

/**
 * Marks files whose reference is being deleted for removal once `graceHours` have passed, so a backup
 * that read the database before the delete still finds every file it lists. Call it inside the
 * transaction that deletes the rows: the mark commits with the delete, or neither does. A file that is
 * still (or again) referenced when the time comes is kept; a second mark keeps the later time.
 */
export async function scheduleFileRemovals(
  tx: Executor,
  shas: readonly string[],
  graceHours: number,
  now: Date = new Date(),
) {
  const unique = [...new Set(shas)].filter(isSha256);
  if (unique.length === 0) return;
  const dueAt = new Date(now.getTime() + graceHours * HOUR_MS);
  await tx
    .insert(fileRemovals)
    .values(unique.sort().map((sha256) => ({ sha256, dueAt, requestedAt: now })))
    .onConflictDoUpdate({
      target: fileRemovals.sha256,
      set: {
        dueAt: sql`greatest(${fileRemovals.dueAt}, excluded.due_at)`,
        requestedAt: sql`excluded.requested_at`,
      },
    });
}

/**
 * The periodic job: removes from the store every file whose removal is due and that no row references
 * any more, and forgets each due mark. Safe to run in several processes at once: each file is decided
 * under its reference lock (an upload of the same bytes waits, or is waited for), and a mark that a
 * delete is just moving on is skipped until the next run.
 */
export async function removeDueFiles(db: Db, store: FileStore, now: Date = new Date()) {
  const result = { removed: 0, kept: 0 };
  let after = '';
  for (;;) {
    const due = await db
      .select({ sha256: fileRemovals.sha256 })
      .from(fileRemovals)
      .where(and(lte(fileRemovals.dueAt, now), gt(fileRemovals.sha256, after)))
      .orderBy(asc(fileRemovals.sha256))
      .limit(BATCH);
    for (const { sha256 } of due) {
      const outcome = await removeIfDue(db, store, sha256, now);
      if (outcome) result[outcome]++;
    }
    if (due.length < BATCH) return result;
    after = due[due.length - 1]?.sha256 ?? after;
  }
}

async function removeIfDue(db: Db, store: FileStore, sha256: string, now: Date) {
  return db.transaction(async (tx) => {
    await lockFileRefs(tx, [sha256]);
    const [mark] = await tx
      .select()
      .from(fileRemovals)
      .where(and(eq(fileRemovals.sha256, sha256), lte(fileRemovals.dueAt, now)))
      .for('update', { skipLocked: true });
    if (!mark) return null;
    const kept = (await referencedFileShas(tx, [sha256])).size > 0;
    // Removed before the mark is forgotten: should the commit fail, the next run removes it again.
    if (!kept) await store.remove(sha256);
    await tx.delete(fileRemovals).where(eq(fileRemovals.sha256, sha256));
    return kept ? ('kept' as const) : ('removed' as const);
  });
}

/**
 * The consistency check (a periodic job, say weekly): files in the store that no row references and
 * no removal names are marked like any other removal. They are left by a transaction that rolled back
 * after committing its file (the PDF archived on finalize) or a process that died in between. A file
 * listed here whose upload is still committing is referenced by the time its mark is due, and stays.
 * Returns how many files were marked.
 */
export async function markOrphanedFiles(db: Db, store: FileStore, graceHours: number, now: Date = new Date()) {
  let marked = 0;
  let batch: string[] = [];
  const markBatch = async () => {
    const referenced = await referencedFileShas(db, batch);
    const pending = await db
      .select({ sha256: fileRemovals.sha256 })
      .from(fileRemovals)
      .where(inArray(fileRemovals.sha256, batch));
    const named = new Set([...referenced, ...pending.map((p) => p.sha256)]);
    const orphans = batch.filter((sha) => !named.has(sha));
    await scheduleFileRemovals(db, orphans, graceHours, now);
    marked += orphans.length;
    batch = [];
  };
  for await (const sha256 of store.list()) {
    batch.push(sha256);
    if (batch.length === BATCH * 5) await markBatch();
  }
  if (batch.length) await markBatch();
  return marked;
}
