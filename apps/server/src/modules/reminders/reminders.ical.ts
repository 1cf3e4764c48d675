/**
 * The calendar feed (decision 019): the due inspections of the installations a user may see, as an
 * iCalendar file at a secret address that calendar apps subscribe to. The address holds a random
 * token; only its hash is stored, so it is shown once when made and can be renewed or revoked.
 */
import { screenPath } from '@pruefbuch/domain/access';
import { APP_BASE } from '@pruefbuch/domain/constants';
import { isBranchUser } from '@pruefbuch/domain/roles';
import { BookStatus } from '@pruefbuch/domain/rules/book-status';
import { and, eq, gte, inArray, isNotNull, lte, ne, or } from 'drizzle-orm';
import { createEvent, createEvents, type EventAttributes } from 'ics';
import type { Executor } from '../../db/client';
import { books, userReminderSettings, users, userTenants } from '../../db/schema/index';
import { bookInScope } from '../../platform/branch-scope';
import type { AuthUser } from '../../platform/context';
import { randomToken, sha256 } from '../../platform/crypto';
import { notFound } from '../../platform/errors';

/** Due dates from a month back (overdue ones stay visible) to 13 months ahead; at most this many events. */
const BACK_DAYS = 31;
const AHEAD_DAYS = 400;
const MAX_EVENTS = 3000;

export const feedPath = (token: string) => `/api/v1/reminders/ical/${token}.ics`;

/** Makes a new secret address (the old one stops working) and returns it, once. */
export async function renewFeed(db: Executor, userId: string, publicUrl: string) {
  const token = randomToken();
  const now = new Date();
  await db
    .insert(userReminderSettings)
    .values({ userId, icalTokenHash: sha256(token), icalCreatedAt: now })
    .onConflictDoUpdate({
      target: userReminderSettings.userId,
      set: { icalTokenHash: sha256(token), icalCreatedAt: now },
    });
  return { url: `${publicUrl.replace(/\/$/, '')}${feedPath(token)}`, createdAt: now.toISOString() };
}

export async function revokeFeed(db: Executor, userId: string) {
  await db
    .update(userReminderSettings)
    .set({ icalTokenHash: null, icalCreatedAt: null })
    .where(eq(userReminderSettings.userId, userId));
}

const isoDay = (d: Date) => d.toISOString().slice(0, 10);
const parts = (iso: string): [number, number, number] => [
  Number(iso.slice(0, 4)),
  Number(iso.slice(5, 7)),
  Number(iso.slice(8, 10)),
];

/** The feed of the user the token belongs to; an unknown token is a 404. */
export async function feedOf(db: Executor, token: string, publicUrl: string, now = new Date()): Promise<string> {
  const [owner] = await db
    .select({
      id: users.id,
      role: users.role,
      customerRole: users.customerRole,
      customer: users.customer,
      isResigned: users.isResigned,
    })
    .from(userReminderSettings)
    .innerJoin(users, eq(users.id, userReminderSettings.userId))
    .where(eq(userReminderSettings.icalTokenHash, sha256(token)))
    .limit(1);
  if (!owner || owner.isResigned) throw notFound();
  const user = owner as Pick<AuthUser, 'id' | 'role' | 'customerRole' | 'customer'>;
  const branch = isBranchUser(user);
  const from = isoDay(new Date(now.getTime() - BACK_DAYS * 86_400_000));
  const to = isoDay(new Date(now.getTime() + AHEAD_DAYS * 86_400_000));
  const inRange = (col: typeof books.nextInspectionDate | typeof books.nextInspectionDateSelf) =>
    and(isNotNull(col), gte(col, from), lte(col, to));
  const tenantIds = db.select({ id: userTenants.tenantId }).from(userTenants).where(eq(userTenants.userId, user.id));
  const rows = await db
    .select({
      id: books.id,
      tenantId: books.tenantId,
      title: books.title,
      object: books.object,
      site: books.site,
      objectaddress: books.objectaddress,
      next: books.nextInspectionDate,
      nextSelf: books.nextInspectionDateSelf,
    })
    .from(books)
    .where(
      and(
        inArray(books.tenantId, tenantIds),
        eq(books.active, true),
        ne(books.status, BookStatus.STATUS_TEMPLATE),
        bookInScope(user, books.id),
        // Staff plan inspections; the operator's branch users also their self-inspections.
        branch
          ? or(inRange(books.nextInspectionDate), inRange(books.nextInspectionDateSelf))
          : inRange(books.nextInspectionDate),
      ),
    )
    .orderBy(books.nextInspectionDate)
    .limit(MAX_EVENTS);
  const base = publicUrl.replace(/\/$/, '');
  const events: EventAttributes[] = [];
  for (const b of rows) {
    const url = `${base}${APP_BASE}${screenPath('book_list', { tenant: b.tenantId, slug: b.id })}`;
    const where = [
      b.objectaddress?.street && `${b.objectaddress.street} ${b.objectaddress.housenumber}`.trim(),
      b.objectaddress?.zip && `${b.objectaddress.zip} ${b.objectaddress.location}`,
    ]
      .filter(Boolean)
      .join(', ');
    const add = (kind: 'inspection' | 'self', date: string | null) => {
      if (!date || date < from || date > to) return;
      const start = parts(date);
      const end = parts(isoDay(new Date(Date.UTC(start[0], start[1] - 1, start[2] + 1))));
      events.push({
        uid: `${b.id}-${kind}@pruefbuch`,
        title: `${kind === 'inspection' ? 'Prüfung' : 'Eigenprüfung'} fällig: ${b.title}`,
        description: [b.object, b.site, url].filter(Boolean).join('\n'),
        location: where || undefined,
        url,
        start,
        end,
        startInputType: 'local',
        startOutputType: 'local',
        endInputType: 'local',
        endOutputType: 'local',
        categories: ['Prüfbuch'],
        productId: 'pruefbuch/ics',
        calName: 'Prüfbuch – fällige Prüfungen',
      });
    };
    add('inspection', b.next);
    if (branch) add('self', b.nextSelf);
  }
  // One installation with odd data (a title the library refuses) must not take the whole feed down.
  const valid = events.filter((e) => !createEvent(e).error);
  if (valid.length === 0) return emptyCalendar();
  const { error, value } = createEvents(valid);
  if (error || !value) throw error ?? new Error('calendar not created');
  return value;
}

/** A calendar without events (ics refuses an empty list). */
const emptyCalendar = () =>
  [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'CALSCALE:GREGORIAN',
    'PRODID:pruefbuch/ics',
    'X-WR-CALNAME:Prüfbuch – fällige Prüfungen',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
