/**
 * The weekly digest (decision 019, rule: domain/rules/digest.ts): per tenant, the installations whose
 * ampel turned orange, red or black since the last digest go to the tenant's notification address
 * and, within their branch scope, to every branch user who has not switched it off. Nothing is sent
 * when nothing changed. The mails, the new snapshot and the run time are written in one transaction.
 */

import { screenPath } from '@pruefbuch/domain/access';
import { APP_BASE } from '@pruefbuch/domain/constants';
import { mails } from '@pruefbuch/domain/locales/de/mails';
import { Role } from '@pruefbuch/domain/roles';
import { BookStatus } from '@pruefbuch/domain/rules/book-status';
import { digestDue, turnedWorse } from '@pruefbuch/domain/rules/digest';
import { and, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import {
  books,
  customerLocationBooks,
  customerLocations,
  digestRuns,
  digestSnapshots,
  tenants,
  userReminderSettings,
  users,
  userTenants,
} from '../../db/schema/index';
import { bookInScope } from '../../platform/branch-scope';
import type { TenantContext } from '../../platform/context';
import { inService } from '../../platform/legal-holds';
import { fillTemplate, type Mail, type Mailer } from '../../platform/mailer';
import { bookDormant } from './reminders.dormant';

const fill = fillTemplate;
const SNAPSHOT_BATCH = 5000;
const de = mails.digest;
const day = (iso: string | null) => (iso ? `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}` : '–');

interface ChangedBook {
  id: string;
  title: string;
  object: string;
  site: string;
  location: string | null;
  lines: string[];
}

export interface DigestDeps {
  mailer: Mailer;
  publicUrl: string;
}

export interface DigestResult {
  tenantId: string;
  /** False when it only set the baseline (first run). */
  compared: boolean;
  changed: number;
  mails: number;
}

/** Runs the digest of one tenant now (the weekly job, or an admin's 'run now'). */
export async function runDigest(db: Db, deps: DigestDeps, tenantId: string, now = new Date()): Promise<DigestResult> {
  return db.transaction(async (tx) => {
    const [tenant] = await tx
      .select({ id: tenants.id, name: tenants.name, notificationEmail: tenants.notificationEmail })
      .from(tenants)
      .where(eq(tenants.id, tenantId))
      .for('update');
    if (!tenant) return { tenantId, compared: false, changed: 0, mails: 0 };
    const [last] = await tx.select().from(digestRuns).where(eq(digestRuns.tenantId, tenantId));
    const rows = await tx
      .select({
        id: books.id,
        title: books.title,
        object: books.object,
        site: books.site,
        active: books.active,
        insp: books.inspectionAmpel,
        self: books.inspectionSelfAmpel,
        next: books.nextInspectionDate,
        nextSelf: books.nextInspectionDateSelf,
        snapInsp: digestSnapshots.inspectionAmpel,
        snapSelf: digestSnapshots.selfAmpel,
        hasSnap: sql<boolean>`${digestSnapshots.bookId} is not null`,
        ruhend: customerLocations.ruhend,
        dormant: bookDormant(books.id),
        znl: customerLocations.znl,
        nr: customerLocations.nr,
      })
      .from(books)
      .leftJoin(digestSnapshots, eq(digestSnapshots.bookId, books.id))
      .leftJoin(customerLocationBooks, eq(customerLocationBooks.bookId, books.id))
      .leftJoin(customerLocations, eq(customerLocations.id, customerLocationBooks.locationId))
      .where(and(eq(books.tenantId, tenantId), inService, ne(books.status, BookStatus.STATUS_TEMPLATE)));

    const changed: ChangedBook[] = [];
    if (last) {
      for (const r of rows) {
        // A dormant book (isDormantBook) is never listed; one also on an open branch is listed under that one.
        if (!r.active || r.dormant || r.ruhend) continue;
        const lines: string[] = [];
        const before = (v: string | null) => (r.hasSnap ? v : null);
        if (turnedWorse(before(r.snapInsp), r.insp)) lines.push(line(de.inspection, r.insp, r.next));
        if (turnedWorse(before(r.snapSelf), r.self)) lines.push(line(de.selfInspection, r.self, r.nextSelf));
        if (lines.length) {
          changed.push({
            id: r.id,
            title: r.title,
            object: r.object,
            site: r.site,
            location: r.znl !== null ? `${de.location} ${[r.znl, r.nr].filter(Boolean).join(' ')}` : null,
            lines,
          });
        }
      }
    }

    let sent = 0;
    if (changed.length) {
      const since = fill(de.since, { date: day(last?.lastRunAt.toISOString().slice(0, 10) ?? null) });
      if (tenant.notificationEmail) {
        await deps.mailer.send(tx, mailOf(deps, tenantId, tenant.notificationEmail, '', changed, since, tenant.name));
        sent++;
      }
      for (const user of await branchRecipients(tx, tenantId)) {
        const visible = await booksInScope(
          tx,
          user,
          changed.map((c) => c.id),
        );
        const mine = changed.filter((c) => visible.has(c.id));
        if (!mine.length) continue;
        await deps.mailer.send(tx, mailOf(deps, tenantId, user.email, user.firstName, mine, since, null));
        sent++;
      }
    }

    // In batches: one statement takes at most 65,535 parameters (three a book).
    for (let i = 0; i < rows.length; i += SNAPSHOT_BATCH) {
      await tx
        .insert(digestSnapshots)
        .values(
          rows.slice(i, i + SNAPSHOT_BATCH).map((r) => ({ bookId: r.id, inspectionAmpel: r.insp, selfAmpel: r.self })),
        )
        .onConflictDoUpdate({
          target: digestSnapshots.bookId,
          set: { inspectionAmpel: sql`excluded.inspection_ampel`, selfAmpel: sql`excluded.self_ampel` },
        });
    }
    await tx
      .insert(digestRuns)
      .values({ tenantId, lastRunAt: now })
      .onConflictDoUpdate({ target: digestRuns.tenantId, set: { lastRunAt: now } });
    return { tenantId, compared: Boolean(last), changed: changed.length, mails: sent };
  });
}

const line = (what: string, ampel: string | null, due: string | null) =>
  `${what}: ${de.ampel[ampel as keyof typeof de.ampel] ?? ampel}, ${fill(de.due, { date: day(due) })}`;

function mailOf(
  deps: DigestDeps,
  tenantId: string,
  to: string,
  name: string,
  changed: ChangedBook[],
  since: string,
  tenantName: string | null,
): Mail {
  const base = deps.publicUrl.replace(/\/$/, '');
  const link = (id: string) => `${base}${APP_BASE}${screenPath('book_list', { tenant: tenantId, slug: id })}`;
  const items = changed.map((c) =>
    [
      `• ${c.title}`,
      `  ${[c.object, c.site, c.location].filter(Boolean).join(' · ')}`,
      ...c.lines.map((l) => `  ${l}`),
      `  ${de.open}: ${link(c.id)}`,
    ].join('\n'),
  );
  const footer = tenantName
    ? fill(de.footerTenant, { tenant: tenantName })
    : fill(de.footer, { link: `${base}${APP_BASE}${screenPath('settings', { slug: 'me' })}` });
  return {
    to,
    subject: fill(de.subject, { count: changed.length }),
    text: [
      fill(mails.greeting, { name: name || to }),
      '',
      fill(de.intro, { since }),
      '',
      ...items,
      '',
      footer,
      '',
      mails.signature,
    ].join('\n'),
  };
}

type Recipient = {
  id: string;
  email: string;
  firstName: string;
  role: 8;
  customerRole: number | null;
  customer: number;
};

/** Branch users of the tenant with a customer role who have not switched the digest off. */
async function branchRecipients(db: Executor, tenantId: string): Promise<Recipient[]> {
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      customerRole: users.customerRole,
      customer: users.customer,
    })
    .from(users)
    .innerJoin(userTenants, and(eq(userTenants.userId, users.id), eq(userTenants.tenantId, tenantId)))
    .leftJoin(userReminderSettings, eq(userReminderSettings.userId, users.id))
    .where(
      and(
        eq(users.role, Role.ROLE_FILIALE),
        eq(users.isVerified, true),
        eq(users.isResigned, false),
        or(isNull(userReminderSettings.digest), eq(userReminderSettings.digest, true)),
      ),
    );
  return rows.map((r) => ({ ...r, role: Role.ROLE_FILIALE }));
}

async function booksInScope(db: Executor, user: Recipient, ids: string[]) {
  const rows = await db
    .select({ id: books.id })
    .from(books)
    .where(
      and(
        inArray(books.id, ids),
        bookInScope(
          { ...user, role: Role.ROLE_FILIALE, customerRole: user.customerRole as 1 | 2 | 3 | null },
          books.id,
        ),
      ),
    );
  return new Set(rows.map((r) => r.id));
}

/** POST reminders/digest/run: an admin sends the request tenant's digest now. */
export async function runDigestNow(ctx: TenantContext) {
  const { compared, changed, mails } = await runDigest(
    ctx.deps.database.db,
    { mailer: ctx.deps.mailer, publicUrl: ctx.deps.config.publicUrl },
    ctx.tenantId,
  );
  return { compared, changed, mails };
}

/**
 * Runs the digest of every tenant whose last one is a week old (or that never had one). A tenant
 * whose digest fails is reported and tried again at the next check; the others still get theirs.
 */
export async function runDueDigests(
  db: Db,
  deps: DigestDeps,
  now = new Date(),
  onError: (tenantId: string, err: unknown) => void = () => {},
) {
  const all = await db
    .select({ id: tenants.id, lastRunAt: digestRuns.lastRunAt })
    .from(tenants)
    .leftJoin(digestRuns, eq(digestRuns.tenantId, tenants.id));
  const results: DigestResult[] = [];
  for (const t of all) {
    if (!digestDue(t.lastRunAt, now)) continue;
    try {
      results.push(await runDigest(db, deps, t.id, now));
    } catch (err) {
      onError(t.id, err);
    }
  }
  return results;
}
