import { timingSafeEqual } from 'node:crypto';
import type { Language } from '@pruefbuch/domain/locales/resources';
import { translate } from '@pruefbuch/domain/locales/resources';
import type { CustomerRoleNumber, RoleNumber } from '@pruefbuch/domain/roles';
import { Role } from '@pruefbuch/domain/roles';
import { formatDay } from '@pruefbuch/domain/rules/date-display';
import { EXPORT_LINK_DAYS, EXPORT_MAX_ATTEMPTS, EXPORT_OPEN_JOBS_PER_USER } from '@pruefbuch/domain/rules/export-mode';
import { berlinWallClock } from '@pruefbuch/domain/rules/next-inspection';
import type { ExportJob } from '@pruefbuch/domain/schemas/export';
import { and, count, eq, inArray, lte, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client';
import { exportJobs, users, userTenants } from '../../db/schema/index';
import type { AppDeps, AuthUser, TenantContext } from '../../platform/context';
import { keyedHash } from '../../platform/crypto';
import { AppError, notFound } from '../../platform/errors';
import { lockFileRefs } from '../../platform/files';
import { scheduleFileRemovals } from '../../platform/files-removals';
import { fillTemplate } from '../../platform/mailer';
import type { ExportTarget } from './exports.service';

export type ExportJobRow = typeof exportJobs.$inferSelect;

/** How long a claim holds without a sign of life; the running process renews it with every book. */
export const EXPORT_LEASE_MS = 2 * 60_000;
const DAY_MS = 86_400_000;
const OPEN = ['queued', 'running'] as const;

/** The key of a job's download link: a keyed hash of its id under the app secret, never stored. */
export const downloadKey = (appSecret: string, jobId: string) => keyedHash(appSecret, 'export-download', jobId);
export const downloadPath = (appSecret: string, jobId: string) =>
  `exports/download/${jobId}/${downloadKey(appSecret, jobId)}`;

export function toExportJob(row: ExportJobRow, appSecret: string, now: Date = new Date()): ExportJob {
  const live = row.status === 'done' && !!row.expiresAt && row.expiresAt > now;
  return {
    _id: row.id,
    scope: row.scope,
    label: row.label,
    status: row.status === 'done' && !live ? 'expired' : row.status,
    booksDone: row.booksDone,
    booksTotal: row.booksTotal,
    fileName: row.fileName,
    size: row.size,
    downloadPath: live ? downloadPath(appSecret, row.id) : null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/** Listeners told after a job was queued (the worker of this process, for a prompt start). */
const queuedListeners = new Set<() => void>();
export const onExportQueued = (listener: () => void) => {
  queuedListeners.add(listener);
  return () => queuedListeners.delete(listener);
};

/**
 * Queues a background file. The same file still on its way for this user is that job (a second click);
 * a user has at most EXPORT_OPEN_JOBS_PER_USER on their way in a tenant (409 EXPORT_BUSY).
 */
export async function enqueueExport(
  ctx: TenantContext,
  { scope, target }: ExportTarget,
  label: string,
  booksTotal: number,
): Promise<ExportJob> {
  const mine = and(eq(exportJobs.tenantId, ctx.tenantId), eq(exportJobs.requestedBy, ctx.user.id));
  const row = await ctx.db.transaction(async (tx) => {
    // One user's requests queue one after the other: the count and the insert see each other's rows.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`export:${ctx.user.id}`}))`);
    const [same] = await tx
      .select()
      .from(exportJobs)
      .where(
        and(mine, eq(exportJobs.scope, scope), eq(exportJobs.target, target), inArray(exportJobs.status, [...OPEN])),
      )
      .limit(1);
    if (same) return same;
    const [open] = await tx
      .select({ n: count() })
      .from(exportJobs)
      .where(and(mine, inArray(exportJobs.status, [...OPEN])));
    if ((open?.n ?? 0) >= EXPORT_OPEN_JOBS_PER_USER) throw new AppError('EXPORT_BUSY', 409);
    const [inserted] = await tx
      .insert(exportJobs)
      .values({ tenantId: ctx.tenantId, requestedBy: ctx.user.id, scope, target, label, booksTotal })
      .returning();
    if (!inserted) throw new Error('export job not inserted');
    return inserted;
  });
  for (const listener of queuedListeners) setTimeout(listener, 50);
  return toExportJob(row, ctx.deps.config.appSecret);
}

/** GET exports/jobs/{id}: the caller's own job in this tenant, else 404. */
export async function exportJobOf(ctx: TenantContext, id: string): Promise<ExportJob> {
  const [row] = await ctx.db
    .select()
    .from(exportJobs)
    .where(and(eq(exportJobs.tenantId, ctx.tenantId), eq(exportJobs.id, id), eq(exportJobs.requestedBy, ctx.user.id)))
    .limit(1);
  if (!row) throw notFound();
  return toExportJob(row, ctx.deps.config.appSecret);
}

/**
 * The job behind a download link, by id in any tenant (the link carries no tenant): only with the right
 * key, while done and not expired, and while its requester's account stands. Anything else is the same
 * 404 EXPORT_LINK_EXPIRED, so a link tells nothing about other jobs.
 */
export async function unsafeFindExportForDownload(
  db: Db,
  appSecret: string,
  id: string,
  key: string,
  now = new Date(),
) {
  const expected = Buffer.from(downloadKey(appSecret, id));
  const given = Buffer.from(key);
  const keyOk = expected.length === given.length && timingSafeEqual(expected, given);
  const [row] = keyOk
    ? await db
        .select({ job: exportJobs, resigned: users.isResigned })
        .from(exportJobs)
        .innerJoin(users, eq(users.id, exportJobs.requestedBy))
        .where(eq(exportJobs.id, id))
        .limit(1)
    : [];
  const job = row?.job;
  if (!job || row.resigned || job.status !== 'done' || !job.sha256 || !job.expiresAt || job.expiresAt <= now)
    throw new AppError('EXPORT_LINK_EXPIRED', 404);
  return job;
}

/** GET exports/download/{jobId}/{key}: the finished ZIP behind a link, or 404 EXPORT_LINK_EXPIRED. */
export async function openExportDownload(
  deps: Pick<AppDeps, 'config' | 'database' | 'files'>,
  id: string,
  key: string,
) {
  const job = await unsafeFindExportForDownload(deps.database.db, deps.config.appSecret, id, key);
  const stream = job.sha256 ? await deps.files.get(job.sha256) : null;
  if (!stream) throw new AppError('EXPORT_LINK_EXPIRED', 404);
  return { fileName: job.fileName, size: job.size, stream };
}

/** The requester as the file is built for them: their role and branch scope now, not when they asked. */
async function requesterCtx(
  db: Db,
  deps: AppDeps,
  job: ExportJobRow,
): Promise<{ ctx: TenantContext; firstName: string; lang: Language } | null> {
  const [u] = await db.select().from(users).where(eq(users.id, job.requestedBy)).limit(1);
  if (!u || u.isResigned) return null;
  if (u.role !== Role.ADMIN_ROLE) {
    const [member] = await db
      .select({ one: sql<number>`1` })
      .from(userTenants)
      .where(and(eq(userTenants.userId, u.id), eq(userTenants.tenantId, job.tenantId)))
      .limit(1);
    if (!member) return null;
  }
  const user: AuthUser = {
    id: u.id,
    email: u.email,
    role: u.role as RoleNumber,
    customerRole: (u.customerRole ?? null) as CustomerRoleNumber | null,
    department: u.department,
    customer: u.customer,
    abbreviation: u.abbreviation,
    auswertung: u.auswertung,
    forecast: u.forecast,
    sessionId: '',
  };
  const lang: Language = u.language ?? 'de';
  return { ctx: { db, user, tenantId: job.tenantId, lang, ip: '', deps }, firstName: u.firstName, lang };
}

/**
 * Takes the oldest waiting job, or a running one whose claim ran out (its process died), in one statement
 * that skips jobs another process is taking: two processes never build the same file. Jobs of every tenant.
 */
export async function claimExport(db: Db, now: Date = new Date()): Promise<ExportJobRow | null> {
  const lease = new Date(now.getTime() + EXPORT_LEASE_MS);
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`update export_jobs set status = 'running', attempts = attempts + 1, lease_until = ${lease.toISOString()}::timestamptz,
          started_at = ${now.toISOString()}::timestamptz, books_done = 0, error = null
        where id = (select id from export_jobs
          where status = 'queued' or (status = 'running' and lease_until < ${now.toISOString()}::timestamptz)
          order by created_at limit 1 for update skip locked)
        returning id`,
  );
  const id = rows[0]?.id;
  if (!id) return null;
  const [row] = await db.select().from(exportJobs).where(eq(exportJobs.id, id)).limit(1);
  return row ?? null;
}

/** The job's row as long as this attempt still holds it (a later claim changed `attempts`). */
const heldBy = (job: ExportJobRow) =>
  and(eq(exportJobs.tenantId, job.tenantId), eq(exportJobs.id, job.id), eq(exportJobs.attempts, job.attempts));

export class ClaimLost extends Error {
  constructor() {
    super('another process took the export job over');
  }
}

/** Records progress and renews the claim; throws ClaimLost when another attempt holds the job now. */
export async function recordProgress(db: Db, job: ExportJobRow, booksDone: number, booksTotal: number) {
  const rows = await db
    .update(exportJobs)
    .set({ booksDone, booksTotal, leaseUntil: new Date(Date.now() + EXPORT_LEASE_MS) })
    .where(and(heldBy(job), eq(exportJobs.status, 'running')))
    .returning({ id: exportJobs.id });
  if (rows.length === 0) throw new ClaimLost();
}

/** An attempt that failed: queued again, or failed once its attempts are used up. */
export async function recordFailure(db: Db, job: ExportJobRow, err: unknown, opts: { retry?: boolean } = {}) {
  const retry = opts.retry ?? job.attempts < EXPORT_MAX_ATTEMPTS;
  const message = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
  await db
    .update(exportJobs)
    .set({
      status: retry ? 'queued' : 'failed',
      leaseUntil: null,
      error: message.slice(0, 500),
      finishedAt: retry ? null : new Date(),
    })
    .where(and(heldBy(job), eq(exportJobs.status, 'running')));
}

/** '3,4' in German, '3.4' in English (SPEC §9: one decimal, the language's separator). */
const megabytes = (lang: Language) =>
  new Intl.NumberFormat(lang === 'en' ? 'en-GB' : 'de-DE', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** The finished file: done with its link, and the link mailed to the requester, in one transaction. */
export async function recordDone(
  db: Db,
  deps: AppDeps,
  job: ExportJobRow,
  file: { sha256: string; size: number; fileName: string; commit: () => Promise<void> },
  requester: { email: string; firstName: string; lang: Language },
  now: Date = new Date(),
) {
  const expiresAt = new Date(now.getTime() + EXPORT_LINK_DAYS * DAY_MS);
  await db.transaction(async (tx) => {
    await lockFileRefs(tx, [file.sha256]);
    await file.commit();
    const [row] = await tx
      .update(exportJobs)
      .set({
        status: 'done',
        sha256: file.sha256,
        size: file.size,
        fileName: file.fileName,
        expiresAt,
        finishedAt: now,
        leaseUntil: null,
        error: null,
      })
      .where(and(heldBy(job), eq(exportJobs.status, 'running')))
      .returning();
    if (!row) throw new ClaimLost();
    const link = `${deps.config.publicUrl}/api/v1/${downloadPath(deps.config.appSecret, job.id)}`;
    const tr = (key: string, params?: Record<string, string | number>) => translate(requester.lang, key, params);
    const date = formatDay(berlinWallClock(expiresAt), 'dateTime', requester.lang);
    const params = {
      label: row.label,
      books: row.booksTotal,
      size: `${megabytes(requester.lang).format(file.size / 1024 / 1024)} MB`,
      date,
      link,
    };
    await deps.mailer.send(tx, {
      to: requester.email,
      subject: tr('exports.mail.subject', params),
      text: [
        fillTemplate(translate(requester.lang, 'mails.greeting'), { name: requester.firstName || requester.email }),
        '',
        tr('exports.mail.body', params),
        '',
        translate(requester.lang, 'mails.signature'),
      ].join('\n'),
    });
  });
}

/** Runs one claimed job to its end: done (file stored, link mailed), queued again, or failed. */
export async function runExportJob(
  db: Db,
  deps: AppDeps,
  job: ExportJobRow,
  build: (
    ctx: TenantContext,
    job: ExportJobRow,
    progress: (done: number, total: number) => Promise<void>,
  ) => Promise<{
    sha256: string;
    size: number;
    fileName: string;
    commit: () => Promise<void>;
    discard: () => Promise<void>;
  }>,
) {
  if (job.attempts > EXPORT_MAX_ATTEMPTS) {
    await recordFailure(db, job, new Error('attempts used up (a process ended while building it)'), { retry: false });
    return;
  }
  const requester = await requesterCtx(db, deps, job);
  if (!requester) {
    await recordFailure(db, job, new Error('the requester may no longer export in this tenant'), { retry: false });
    return;
  }
  let staged: Awaited<ReturnType<typeof build>> | null = null;
  try {
    staged = await build(requester.ctx, job, (done, total) => recordProgress(db, job, done, total));
    await recordDone(db, deps, job, staged, {
      email: requester.ctx.user.email,
      firstName: requester.firstName,
      lang: requester.lang,
    });
  } catch (err) {
    if (err instanceof ClaimLost) return;
    const gone = err instanceof AppError && err.statusCode === 404;
    await recordFailure(db, job, err, gone ? { retry: false } : {});
    throw err;
  } finally {
    await staged?.discard();
  }
}

/**
 * The hourly run: files whose link ran out are marked for removal from the store (after the grace
 * period, decision 030) and their jobs become 'expired'. Jobs of every tenant.
 */
export async function expireExports(db: Db, graceHours: number, now: Date = new Date()) {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: exportJobs.id, sha256: exportJobs.sha256 })
      .from(exportJobs)
      .where(and(eq(exportJobs.status, 'done'), lte(exportJobs.expiresAt, now)))
      .for('update', { skipLocked: true });
    if (due.length === 0) return 0;
    await tx
      .update(exportJobs)
      .set({ status: 'expired', sha256: null })
      .where(
        inArray(
          exportJobs.id,
          due.map((d) => d.id),
        ),
      );
    await scheduleFileRemovals(
      tx,
      due.flatMap((d) => (d.sha256 ? [d.sha256] : [])),
      graceHours,
      now,
    );
    return due.length;
  });
}
