/**
 * 'In Auftragsabwicklung übernehmen' (decision 049): a commissioned offer becomes an order in the
 * receiving department, with its OPM and the next AB-Nr, and that department and the OPM are mailed,
 * all in one transaction (the mails through the outbox, so they go only if the order is saved).
 */
import { mails } from '@pruefbuch/domain/locales/de/mails';
import { orders as de } from '@pruefbuch/domain/locales/de/orders';
import { Department } from '@pruefbuch/domain/roles';
import { offerStatusOf } from '@pruefbuch/domain/rules/offer-ampel';
import { proposedDepartment, proposedOpm } from '@pruefbuch/domain/rules/order-take-over';
import { ORDER_DEFAULTS, type OrderFields, type TakeOver } from '@pruefbuch/domain/schemas/order';
import type { Executor } from '../../db/client';
import type { TenantContext } from '../../platform/context';
import { badField, conflict, notFound } from '../../platform/errors';
import { fillTemplate } from '../../platform/mailer';
import { findOfferRow, fieldsOf as offerFieldsOf, pickableUsers } from '../offers/offers.repo';
import { lockForWrite as lockOfferForWrite, setServerState } from '../offers/offers.write';
import { departmentName, departmentRecipients, nameOf, orderLink, senderName } from './orders.mails';
import { numbering, takeOrderNumber } from './orders.numbers';
import { get } from './orders.read';
import { insertOrder } from './orders.write';

type OfferRow = NonNullable<Awaited<ReturnType<typeof findOfferRow>>>;

/** 409 unless the offer is commissioned and has no order yet. */
function checkOffer(offer: OfferRow) {
  const o = offerFieldsOf(offer);
  if (offerStatusOf(o.angebot.talkResult) !== 'commissioned' || offer.orderId) {
    throw conflict('ORDER_FROM_OFFER_NOT_ALLOWED');
  }
  return o;
}

/** The department and OPM proposed for the offer's order (rules/order-take-over.ts). */
async function proposalOf(db: Executor, tenantId: string, offer: OfferRow) {
  const o = offerFieldsOf(offer);
  const staff = await pickableUsers(db, tenantId);
  return {
    department: proposedDepartment(o.abteilung),
    opmUser: proposedOpm(
      o.opmUser && staff.some((u) => u.id === o.opmUser) ? o.opmUser : null,
      staff.filter((u) => u.department === Department.OPM),
    ),
    staff,
  };
}

/** GET orders/fromOffer/{offerId}/proposal: the department, OPM and AB-Nr the take-over would give. */
export async function takeOverProposal(ctx: TenantContext, offerId: string) {
  const offer = await findOfferRow(ctx.db, ctx.tenantId, offerId);
  if (!offer) throw notFound();
  checkOffer(offer);
  const [{ department, opmUser }, { example }] = await Promise.all([
    proposalOf(ctx.db, ctx.tenantId, offer),
    numbering(ctx.db, ctx.tenantId),
  ]);
  return { department, opmUser, abnr: example };
}

/**
 * POST orders/fromOffer/{offerId}: only a commissioned offer without an order (else 409). The order takes
 * the offer's object, CS-Nr, TP, object data, debitor, contact, divisions and sum (the order sum, else the
 * offer sum), the department and OPM sent (else proposed; without an OPM a 400 at `opmUser`), and the next
 * AB-Nr. The offer gets its order id and, if not asked for before, the take-over time. The department's
 * users and the OPM get a mail.
 */
export async function fromOffer(ctx: TenantContext, offerId: string, input: TakeOver = {}) {
  const row = await ctx.db.transaction(async (tx) => {
    const offer = await lockOfferForWrite(tx, ctx, offerId);
    const o = checkOffer(offer);
    const proposal = await proposalOf(tx, ctx.tenantId, offer);
    const department = input.department ?? proposal.department;
    const opmUser = input.opmUser ?? proposal.opmUser;
    const opm = proposal.staff.find((u) => u.id === opmUser);
    if (!opm) throw badField('opmUser', 'validation.order.opmUser');
    const fields: OrderFields = {
      ...ORDER_DEFAULTS,
      objekt: o.objekt,
      csnr: o.csnr,
      tp: o.tp,
      objektdaten: o.objektdaten,
      kunde: o.debitor,
      opmUser: opm.id,
      abteilung: o.abteilung,
      ansprechpartner_kunde: { bezeichnung: o.contactPerson, email: o.customerEmail, tel: o.contactPersonTelNr },
      vkid: { ...ORDER_DEFAULTS.vkid, betrag: o.ersatzteile.orderSum ?? o.angebot.offerSum },
    };
    const abnr = await takeOrderNumber(tx, ctx.tenantId);
    const order = await insertOrder(tx, ctx, fields, { offerId: offer.id, aktuelleAbteilung: department, abnr });
    await setServerState(tx, ctx, offer, {
      orderId: order.id,
      takeOverRequestedAt: offer.takeOverRequestedAt ?? new Date(),
    });

    const recipients = new Map((await departmentRecipients(tx, ctx.tenantId, department)).map((r) => [r.email, r]));
    if (!recipients.has(opm.email)) recipients.set(opm.email, opm);
    const sender = await senderName(tx, ctx);
    const message = input.message?.trim();
    for (const r of recipients.values()) {
      await ctx.deps.mailer.send(tx, {
        to: r.email,
        subject: fillTemplate(de.mails.takeOverSubject, { order: abnr }),
        text: `${fillTemplate(de.mails.takeOverBody, {
          name: nameOf(r),
          sender,
          offer: o.angebot.offerNr || o.objekt || '–',
          order: abnr,
          department: departmentName(department),
          objekt: o.objekt || '–',
          kunde: o.debitor || '–',
          abnr,
          csnr: o.csnr || '–',
          opm: nameOf(opm),
          message: message ? `\n${message}\n` : '',
          link: orderLink(ctx.deps.config.publicUrl, order.id),
        })}\n\n${mails.signature}`,
      });
    }
    return order;
  });
  return get(ctx, row.id);
}
