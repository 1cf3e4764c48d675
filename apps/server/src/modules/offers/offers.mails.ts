/**
 * The mails of offers, through the mailer and its queue: the KTB reminder (POST offer/sendktbremindermail),
 * which marks the KTB informed once the mail is delivered (docs/decisions/029), and the follow-up mail
 * to the OFM, one per follow-up date, sent by the daily run that also moves every offer's ampel on to
 * the new day (decision 022) and removes the attachments after their deleteFilesDate.
 * Mails are German, like every mail of the app.
 */
import { screenPath } from '@pruefbuch/domain/access';
import { APP_BASE } from '@pruefbuch/domain/constants';
import { mails } from '@pruefbuch/domain/locales/de/mails';
import { offers as de } from '@pruefbuch/domain/locales/de/offers';
import { berlinToday } from '@pruefbuch/domain/rules/next-inspection';
import { followUpDue, offerAmpel } from '@pruefbuch/domain/rules/offer-ampel';
import type { OfferFields } from '@pruefbuch/domain/schemas/offer';
import { and, asc, eq, gt, gte, isNotNull, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { auditLogs, mailOutbox, offers, users } from '../../db/schema/index';
import { recordChanges } from '../../platform/audit';
import type { TenantContext } from '../../platform/context';
import { AppError, badField } from '../../platform/errors';
import { assertMailAllowed, lockMailKey } from '../../platform/mail-limits';
import { fillTemplate, type Mailer } from '../../platform/mailer';
import { updateRows } from '../../platform/row-updates';
import { protocolMailTimes } from '../protocol/protocol.mail-times';
import { removeExpiredFiles } from './offers.files';
import {
  AMPEL_RANK,
  ampelInputOf,
  auditViewOf,
  derivedOf,
  fieldsOf,
  type OfferRow,
  offerRowColumns,
  pickableUsers,
  talkOpen,
} from './offers.repo';
import { keepListItems, listItemOf } from './offers.store';
import { auditOf, lockForWrite } from './offers.write';

export interface OfferMailDeps {
  mailer: Mailer;
  publicUrl: string;
}

/** What the daily run needs: the mailer, the link base, and how long the files of expired attachments stay. */
export interface OfferDayDeps extends OfferMailDeps {
  fileRemovalGraceHours: number;
}

const money = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' });
const dayOf = (iso: string | null) => (iso ? `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}` : '–');
const nameOf = (u: { firstName: string; lastName: string; email?: string }) =>
  `${u.firstName} ${u.lastName}`.trim() || u.email || '';

/** The link that opens the offer in the app. */
export const offerLink = (publicUrl: string, id: string) =>
  `${publicUrl.replace(/\/$/, '')}${APP_BASE}${screenPath('offer', { slug: id })}`;

/** How a mail names an offer: its number, else its object, else the start of its id. */
const offerName = (row: Pick<OfferRow, 'id' | 'offerNr' | 'objekt'>) => row.offerNr || row.objekt || row.id.slice(0, 8);

function ktbMail(
  row: OfferRow,
  f: OfferFields,
  p: { to: string; name: string; sender: string; message?: string; link: string },
) {
  const offer = offerName(row);
  return {
    to: p.to,
    subject: fillTemplate(de.mails.ktbSubject, { offer }),
    text: `${fillTemplate(de.mails.ktbBody, {
      name: p.name,
      sender: p.sender,
      offer,
      objekt: f.objekt || '–',
      debitor: f.debitor || '–',
      csnr: f.csnr || '–',
      sum: f.angebot.offerSum === null ? '–' : money.format(f.angebot.offerSum),
      talkResult: f.angebot.talkResult ? de.talkResults[f.angebot.talkResult] : '–',
      message: p.message ? `\n${p.message}\n` : '',
      link: p.link,
    })}\n\n${mails.signature}`,
  };
}

/** The mail worker's action for a delivered KTB reminder (registered in app.ts). */
export const KTB_INFORMED = 'offer-ktb-informed';

/** The protocol field of a KTB reminder (to whom; the sender is the editor): what the mail limits count. */
const KTB_REMINDER_MAIL = 'ktbReminderMail';

/** The KTB reminders within a window, newest first: about one offer, or sent by one user in the tenant. */
const ktbReminders =
  (tx: Tx, ctx: TenantContext, scope: { offerId: string } | { userId: string }) =>
  (limit: { max: number }, since: Date) =>
    protocolMailTimes(tx, {
      entity: 'offer',
      field: KTB_REMINDER_MAIL,
      since,
      max: limit.max,
      scope:
        'offerId' in scope
          ? { entityId: scope.offerId }
          : {
              editorId: scope.userId,
              tenantId: ctx.tenantId,
              // The offers reminded about within the window, from the mail queue's recent rows.
              candidates: tx
                .select({ id: sql<string>`(${mailOutbox.onDelivered}->>'id')::uuid` })
                .from(mailOutbox)
                .where(
                  and(gte(mailOutbox.createdAt, since), sql`${mailOutbox.onDelivered}->>'kind' = ${KTB_INFORMED}`),
                ),
            },
    });

/**
 * POST offer/sendktbremindermail: queues a mail to the offer's KTB (or the user named) with the offer's
 * data and a link. The KTB counts as informed, and the ampel moves on, once the mail is delivered
 * (markKtbInformed), not when it is queued. No recipient at all is a 400. The protocol records who
 * reminded whom; past a limit of rules/mail-limits.ts the reminder is a 429 (decision 036).
 */
export async function sendKtbReminder(
  ctx: TenantContext,
  input: { offerId: string; userId?: string; message?: string },
) {
  return ctx.db.transaction(async (tx) => {
    // The user's lock first, then the offer's: every mail action takes them in this order.
    await lockMailKey(tx, `user:${ctx.user.id}`);
    const current = await lockForWrite(tx, ctx, input.offerId);
    const recipientId = input.userId ?? current.ktb;
    if (!recipientId) {
      throw new AppError('OFFER_NO_KTB', 400, [
        { field: 'userId', key: 'errors.OFFER_NO_KTB', message: 'OFFER_NO_KTB' },
      ]);
    }
    const [recipient] = await pickableUsers(tx, ctx.tenantId, [recipientId]);
    if (!recipient) throw badField(input.userId ? 'userId' : 'ktb', 'validation.offer.user');
    await assertMailAllowed('ktb-reminder', {
      byUser: ktbReminders(tx, ctx, { userId: ctx.user.id }),
      byRecord: ktbReminders(tx, ctx, { offerId: current.id }),
    });
    await recordChanges(
      tx,
      ctx,
      auditOf(ctx, current.id, 'update'),
      { [KTB_REMINDER_MAIL]: null },
      { [KTB_REMINDER_MAIL]: recipient.id },
    );
    const [sender] = await tx
      .select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
      .from(users)
      .where(eq(users.id, ctx.user.id));
    await ctx.deps.mailer.send(
      tx,
      ktbMail(current, fieldsOf(current), {
        to: recipient.email,
        name: nameOf(recipient),
        sender: sender ? nameOf(sender) : ctx.user.abbreviation,
        message: input.message?.trim(),
        link: offerLink(ctx.deps.config.publicUrl, current.id),
      }),
      { onDelivered: { kind: KTB_INFORMED, id: current.id } },
    );
    return {
      sentTo: recipient.email,
      queuedAt: new Date().toISOString(),
      ktbInformedAt: current.ktbInformedAt?.toISOString() ?? null,
    };
  });
}

const shown = (v: unknown) =>
  v === null || v === undefined || v === '' ? null : v instanceof Date ? v.toISOString() : String(v);

/**
 * Run by the mail worker when a KTB reminder is delivered: the offer's KTB is informed from then, its
 * ampel moves on, and the protocol records it, written by nobody (the system), as the daily run's entries.
 * An offer deleted meanwhile is left alone.
 */
export async function markKtbInformed(tx: Tx, offerId: string, deliveredAt: Date) {
  const [current] = await tx.select().from(offers).where(eq(offers.id, offerId)).for('update');
  if (!current) return;
  const server = {
    orderId: current.orderId,
    ktbInformedAt: deliveredAt,
    takeOverRequestedAt: current.takeOverRequestedAt,
  };
  const [row] = await tx
    .update(offers)
    .set({ ktbInformedAt: deliveredAt, ...derivedOf(fieldsOf(current), server, berlinToday()), updatedAt: new Date() })
    .where(and(eq(offers.tenantId, current.tenantId), eq(offers.id, offerId)))
    .returning();
  if (!row) return;
  await keepListItems(tx, [row]);
  const [before, after] = [auditViewOf(current), auditViewOf(row)];
  const changes = Object.keys(after)
    .map((field) => ({ field, oldValue: shown(before[field]), newValue: shown(after[field]) }))
    .filter((c) => c.oldValue !== c.newValue);
  if (changes.length === 0) return;
  await tx.insert(auditLogs).values(
    changes.map((c) => ({
      ...c,
      tenantId: row.tenantId,
      entity: 'offer' as const,
      entityId: row.id,
      action: 'update' as const,
      editorId: null,
    })),
  );
}

// ---------------------------------------------------------------------------------------------
// The daily run

const BATCH = 2000;

/**
 * Recomputes the ampel of every offer (of one tenant, when named) for `today`, in batches, and writes the
 * offers whose label or colour changed, with their list items (offers.store.ts); an offer whose item is not
 * stored yet (one written before the items were) gets it too. Returns how many ampels changed. Neither __v
 * nor updatedAt move: no field changed, only the day. An offer written meanwhile (its row version, xmin, is
 * no longer the one read) is left as that write left it: the write stored its own ampel and item.
 */
export async function refreshOfferAmpels(db: Db, today: string, opts: { tenantId?: string } = {}) {
  let changed = 0;
  let after: string | null = null;
  for (;;) {
    const rows = await db
      .select({ row: offerRowColumns, stored: sql<boolean>`${offers.listItem} <> ''`, xmin: sql<string>`xmin::text` })
      .from(offers)
      .where(
        and(opts.tenantId ? eq(offers.tenantId, opts.tenantId) : undefined, after ? gt(offers.id, after) : undefined),
      )
      .orderBy(asc(offers.id))
      .limit(BATCH);
    if (rows.length === 0) break;
    after = rows[rows.length - 1]?.row.id ?? null;
    const moved = rows.flatMap(({ row, stored, xmin }) => {
      const a = offerAmpel(ampelInputOf(fieldsOf(row), row), today);
      const now = { ...row, ampel: a.label, ampelRank: AMPEL_RANK[a.colour] };
      const same = now.ampel === row.ampel && now.ampelRank === row.ampelRank;
      return same && stored ? [] : [{ now, xmin, ampelChanged: !same }];
    });
    // Counted as written: an offer written meanwhile keeps what that write stored, and is not counted.
    const written = new Set(
      await updateRows(
        db,
        offers,
        moved.map(({ now, xmin }) => ({
          id: now.id,
          tenantId: now.tenantId,
          seen: xmin,
          set: { ampel: now.ampel, ampelRank: now.ampelRank, listItem: listItemOf(now) },
        })),
      ),
    );
    changed += moved.filter((m) => m.ampelChanged && written.has(m.now.id)).length;
    if (rows.length < BATCH) break;
  }
  return changed;
}

/**
 * Mails each OFM about every offer of theirs whose follow-up date has come and whose talk is still
 * open, once per follow-up date (follow_up_mailed_for): a new date brings a new mail. Each mail and
 * its mark are one transaction, so two runs at once send it once.
 */
export async function sendFollowUpMails(db: Db, deps: OfferMailDeps, today: string, opts: { tenantId?: string } = {}) {
  const due = await db
    .select({ id: offers.id })
    .from(offers)
    .innerJoin(users, eq(users.id, offers.ofmUser))
    .where(
      and(
        opts.tenantId ? eq(offers.tenantId, opts.tenantId) : undefined,
        eq(offers.active, true),
        talkOpen(),
        isNotNull(offers.offerFollowUpDate),
        lte(offers.offerFollowUpDate, today),
        or(isNull(offers.followUpMailedFor), ne(offers.followUpMailedFor, offers.offerFollowUpDate)),
        eq(users.isResigned, false),
      ),
    )
    .orderBy(asc(offers.offerFollowUpDate), asc(offers.id));
  let sent = 0;
  for (const { id } of due) {
    const mailed = await db.transaction(async (tx) => {
      // Read again under the row's lock: a run beside this one, or an edit meanwhile, is seen.
      const [row] = await tx.select().from(offers).where(eq(offers.id, id)).for('update');
      if (!row?.ofmUser || !row.active || !followUpDue(fieldsOf(row), today)) return false;
      if (row.followUpMailedFor === row.offerFollowUpDate) return false;
      const [ofm] = await tx
        .select({ email: users.email, firstName: users.firstName, lastName: users.lastName })
        .from(users)
        .where(and(eq(users.id, row.ofmUser), eq(users.isResigned, false)));
      if (!ofm) return false;
      await tx
        .update(offers)
        .set({ followUpMailedFor: row.offerFollowUpDate })
        .where(and(eq(offers.tenantId, row.tenantId), eq(offers.id, id)));
      const offer = offerName(row);
      await deps.mailer.send(tx, {
        to: ofm.email,
        subject: fillTemplate(de.mails.followUpSubject, { offer }),
        text: `${fillTemplate(de.mails.followUpBody, {
          name: nameOf(ofm),
          offer,
          objekt: row.objekt || '–',
          date: dayOf(row.offerFollowUpDate),
          link: offerLink(deps.publicUrl, row.id),
        })}\n\n${mails.signature}`,
      });
      return true;
    });
    if (mailed) sent++;
  }
  return sent;
}

/** The daily run: every ampel for the new day, the follow-up mails that are due, the attachments whose time is up. */
export async function runOfferDay(
  db: Db,
  deps: OfferDayDeps,
  today: string = berlinToday(),
  opts: { tenantId?: string } = {},
) {
  const ampels = await refreshOfferAmpels(db, today, opts);
  const mailsSent = await sendFollowUpMails(db, deps, today, opts);
  const files = await removeExpiredFiles(db, deps.fileRemovalGraceHours, today, opts);
  return { ampels, mails: mailsSent, files };
}
