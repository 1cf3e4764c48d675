/**
 * The hand-over of an order to another department (POST orders/sendMailTransferDepartment): the order's
 * aktuelle_abteilung changes (409 on a stale __v), the protocol records it, and every active user of the
 * tenant in that department gets a mail with a link to the order, through the mailer and its outbox.
 * The protocol records each hand-over mail; past a limit of rules/mail-limits.ts (per user, per order)
 * the hand-over is a 429 and nothing is written (decision 036).
 * Mails are German, like every mail of the app.
 */
import { screenPath } from '@pruefbuch/domain/access';
import { APP_BASE } from '@pruefbuch/domain/constants';
import { lookups } from '@pruefbuch/domain/locales/de/lookups';
import { mails } from '@pruefbuch/domain/locales/de/mails';
import { orders as de } from '@pruefbuch/domain/locales/de/orders';
import { Department, Role } from '@pruefbuch/domain/roles';
import type { OrderStatus } from '@pruefbuch/domain/rules/order-status';
import { and, asc, eq, gte, ne } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client';
import { orders, users, userTenants } from '../../db/schema/index';
import { recordChanges } from '../../platform/audit';
import type { TenantContext } from '../../platform/context';
import { assertMailAllowed, lockMailKey } from '../../platform/mail-limits';
import { fillTemplate } from '../../platform/mailer';
import { checkVersion } from '../../platform/versioned-write';
import { protocolMailTimes } from '../protocol/protocol.mail-times';
import { get } from './orders.read';
import { fieldsOf } from './orders.repo';
import { auditOf, lockForWrite, writeOrder } from './orders.write';

/** The link that opens the order in the app. */
export const orderLink = (publicUrl: string, id: string) =>
  `${publicUrl.replace(/\/$/, '')}${APP_BASE}${screenPath('orderprocessing', { slug: id })}`;

export const nameOf = (u: { firstName: string; lastName: string; email?: string }) =>
  `${u.firstName} ${u.lastName}`.trim() || u.email || '';

/** The active users of the tenant in a department, by e-mail address; branch users never work orders. */
export function departmentRecipients(tx: Executor, tenantId: string, department: number) {
  return tx
    .select({ email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .innerJoin(userTenants, and(eq(userTenants.userId, users.id), eq(userTenants.tenantId, tenantId)))
    .where(and(eq(users.department, department), eq(users.isResigned, false), ne(users.role, Role.ROLE_FILIALE)))
    .orderBy(asc(users.email));
}

/** The name a mail gives as its sender: the signed-in user's, else their abbreviation. */
export async function senderName(tx: Executor, ctx: TenantContext) {
  const [sender] = await tx
    .select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(eq(users.id, ctx.user.id));
  return sender ? nameOf(sender) : ctx.user.abbreviation;
}

export const departmentName = (n: number) => {
  const key = (Object.entries(Department).find(([, v]) => v === n)?.[0] ?? 'NO_DEPARTMENT') as keyof typeof Department;
  return lookups.departments[key];
};

/** The protocol field of a hand-over mail: what the mail limits count (decision 036). */
const TRANSFER_MAIL = 'transferMail';

/** The hand-over mails within a window, newest first: of one order, or of one user in the tenant. */
const transferMails =
  (tx: Tx, ctx: TenantContext, scope: { orderId: string } | { userId: string }) =>
  (limit: { max: number }, since: Date) =>
    protocolMailTimes(tx, {
      entity: 'order',
      field: TRANSFER_MAIL,
      since,
      max: limit.max,
      scope:
        'orderId' in scope
          ? { entityId: scope.orderId }
          : {
              editorId: scope.userId,
              // A transfer moves the order's updatedAt: the orders touched within the window.
              candidates: tx
                .select({ id: orders.id })
                .from(orders)
                .where(and(eq(orders.tenantId, ctx.tenantId), gte(orders.updatedAt, since))),
            },
    });

export async function transferDepartment(
  ctx: TenantContext,
  input: { orderId: string; department: number; message?: string; __v: number },
) {
  const mailed = await ctx.db.transaction(async (tx) => {
    // The user's lock first, then the order's: every mail action takes them in this order.
    await lockMailKey(tx, `user:${ctx.user.id}`);
    const current = await lockForWrite(tx, ctx, input.orderId);
    checkVersion(input.__v, current.version);
    const recipients = await departmentRecipients(tx, ctx.tenantId, input.department);
    if (recipients.length > 0) {
      await assertMailAllowed('order-transfer', {
        byUser: transferMails(tx, ctx, { userId: ctx.user.id }),
        byRecord: transferMails(tx, ctx, { orderId: current.id }),
      });
    }
    const row = await writeOrder(tx, ctx, current, fieldsOf(current), { aktuelleAbteilung: input.department });
    if (recipients.length > 0) {
      await recordChanges(
        tx,
        ctx,
        auditOf(ctx, current.id, 'update'),
        { [TRANSFER_MAIL]: null },
        { [TRANSFER_MAIL]: input.department },
      );
    }
    const sender = await senderName(tx, ctx);
    const order = row.abnr || row.objekt || row.id.slice(0, 8);
    const link = orderLink(ctx.deps.config.publicUrl, row.id);
    const message = input.message?.trim();
    for (const r of recipients) {
      await ctx.deps.mailer.send(tx, {
        to: r.email,
        subject: fillTemplate(de.mails.transferSubject, { order }),
        text: `${fillTemplate(de.mails.transferBody, {
          name: nameOf(r),
          sender,
          order,
          department: departmentName(input.department),
          objekt: row.objekt || '–',
          abnr: row.abnr || '–',
          csnr: row.csnr || '–',
          status: de.status[row.status as OrderStatus],
          message: message ? `\n${message}\n` : '',
          link,
        })}\n\n${mails.signature}`,
      });
    }
    return recipients.length;
  });
  return { order: await get(ctx, input.orderId), mailed };
}
