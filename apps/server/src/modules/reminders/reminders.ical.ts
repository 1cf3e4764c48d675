/**
 * The calendar feed (decision 019): the due inspections of the installations a user may see, as an
 * iCalendar file at a secret address that calendar apps subscribe to. The address holds a random
 * token; only its hash is stored, so it is shown once when made and can be renewed or revoked.
 * Overdue installations stay in it until done; books of dormant branches are left out (decision 037).
 */
import { screenPath } from '@pruefbuch/domain/access';
import { APP_BASE } from '@pruefbuch/domain/constants';
import { type Language, translate } from '@pruefbuch/domain/locales/resources';
import { isBranchUser } from '@pruefbuch/domain/roles';
import { BookStatus } from '@pruefbuch/domain/rules/book-status';
import { feedEntry, feedHorizon } from '@pruefbuch/domain/rules/calendar-feed';
import { berlinToday } from '@pruefbuch/domain/rules/next-inspection';
import { and, eq, inArray, isNotNull, lte, ne, not, or } from 'drizzle-orm';
import { createEvent, createEvents, type EventAttributes } from 'ics';
import type { Executor } from '../../db/client';
import { books, userReminderSettings, users, userTenants } from '../../db/schema/index';
import { bookInScope } from '../../platform/branch-scope';
import type { AuthUser } from '../../platform/context';
import { randomToken, sha256 } from '../../platform/crypto';
import { notFound } from '../../platform/errors';
import { inService } from '../../platform/legal-holds';
import { bookDormant } from './reminders.dormant';

/** At most this many events; overdue ones come first (oldest due date first). */
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
const dayOf = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;

/** The feed's texts in its language. */
const texts = (lang: Language) => {
  const t = (key: string, params?: Record<string, string>) => translate(lang, `users.reminders.feed.${key}`, params);
  return {
    name: t('name'),
    title: (kind: 'inspection' | 'self', title: string, overdueSince: string | null) =>
      overdueSince
        ? t(kind === 'inspection' ? 'inspectionOverdue' : 'selfOverdue', { title, date: dayOf(overdueSince) })
        : t(kind === 'inspection' ? 'inspectionDue' : 'selfDue', { title }),
    dueOn: (date: string) => t('dueOn', { date: dayOf(date) }),
  };
};

/**
 * The feed of the user the token belongs to; an unknown token is a 404. Which books appear and on
 * which day is the rule table of domain/rules/calendar-feed.ts (decision 037).
 */
export async function feedOf(
  db: Executor,
  token: string,
  publicUrl: string,
  lang: Language = 'de',
  now = new Date(),
): Promise<string> {
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
  const today = berlinToday(now);
  // Overdue books have no lower bound: they stay until their inspection is done.
  const until = (col: typeof books.nextInspectionDate | typeof books.nextInspectionDateSelf) =>
    and(isNotNull(col), lte(col, feedHorizon(today)));
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
      visibleFrom: books.visibleFrom,
      visibleTo: books.visibleTo,
      dormant: bookDormant(books.id),
    })
    .from(books)
    .where(
      and(
        inArray(books.tenantId, tenantIds),
        eq(books.active, true),
        inService,
        ne(books.status, BookStatus.STATUS_TEMPLATE),
        bookInScope(user, books.id),
        not(bookDormant(books.id)),
        // Staff plan inspections; the operator's branch users also their self-inspections.
        branch
          ? or(until(books.nextInspectionDate), until(books.nextInspectionDateSelf))
          : until(books.nextInspectionDate),
      ),
    )
    .orderBy(books.nextInspectionDate)
    .limit(MAX_EVENTS);
  const base = publicUrl.replace(/\/$/, '');
  const text = texts(lang);
  const events: EventAttributes[] = [];
  for (const b of rows) {
    const url = `${base}${APP_BASE}${screenPath('book_list', { tenant: b.tenantId, slug: b.id })}`;
    const where = [
      b.objectaddress?.street && `${b.objectaddress.street} ${b.objectaddress.housenumber}`.trim(),
      b.objectaddress?.zip && `${b.objectaddress.zip} ${b.objectaddress.location}`,
    ]
      .filter(Boolean)
      .join(', ');
    const add = (kind: 'inspection' | 'self', due: string | null) => {
      const entry = feedEntry(
        { due, dormant: b.dormant, visibleFrom: b.visibleFrom, visibleTo: b.visibleTo },
        today,
        branch,
      );
      if (entry.kind === 'left-out') return;
      const overdueSince = entry.kind === 'overdue' ? entry.due : null;
      const start = parts(entry.day);
      const end = parts(isoDay(new Date(Date.UTC(start[0], start[1] - 1, start[2] + 1))));
      events.push({
        // The same uid while overdue: calendars move the one event to each new day.
        uid: `${b.id}-${kind}@pruefbuch`,
        title: text.title(kind, b.title, overdueSince),
        description: [due && text.dueOn(due), b.object, b.site, url].filter(Boolean).join('\n'),
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
        calName: text.name,
      });
    };
    add('inspection', b.next);
    if (branch) add('self', b.nextSelf);
  }
  // One installation with odd data (a title the library refuses) must not take the whole feed down.
  const valid = events.filter((e) => !createEvent(e).error);
  if (valid.length === 0) return emptyCalendar(text.name);
  const { error, value } = createEvents(valid);
  if (error || !value) throw error ?? new Error('calendar not created');
  return value;
}

/** A calendar without events (ics refuses an empty list). */
const emptyCalendar = (name: string) =>
  [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'CALSCALE:GREGORIAN',
    'PRODID:pruefbuch/ics',
    `X-WR-CALNAME:${name}`,
    'END:VCALENDAR',
    '',
  ].join('\r\n');
