/**
 * Demo offers (issue 12): 150 technical offers of the demo tenant over the 18 months before today,
 * for supermarkets, clinics, office buildings and car parks in Hesse. They come in through every
 * channel, are written, followed up and end in every talk result; commissioned ones carry their
 * order data and some are taken over into order processing; a few were started from real defects
 * of the demo inspection records. Every one of the 13 ampel labels occurs, computed with the
 * domain's rule (offerAmpel), as the server stores it. About 20 offers have attachments (PDFs and
 * photos in the file store), and the protocol shows each offer's creation and its later steps.
 *
 * Deterministic: one seeded random sequence, dates relative to today (Europe/Berlin).
 */
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { Department } from '@pruefbuch/domain/roles';
import { berlinToday } from '@pruefbuch/domain/rules/next-inspection';
import {
  daysBetween,
  type OfferAmpelLabel,
  type OpmStatus,
  offerAmpel,
  offerStatusOf,
  type TalkResult,
} from '@pruefbuch/domain/rules/offer-ampel';
import type { Defect } from '@pruefbuch/domain/schemas/inspection';
import {
  type AcceptanceState,
  type DivisionFlags,
  offerTypeOf,
  type ReceivedVia,
} from '@pruefbuch/domain/schemas/offer';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { auditLogs, blobs, books, inspections, offerFiles, type offers, users } from '../db/schema/index';
import { insertOfferRows } from '../modules/offers/offers.store';
import type { FileStore } from '../platform/files';
import { addDays, at, maxDay, minDay } from './seed-days';
import { doorPhotoPng, simplePdf } from './seed-offer-files';
import {
  areaCode,
  ascii,
  CONTACTS,
  FROM_OTHERS,
  OTHER_REASONS,
  REJECTION_NOTES,
  SITES,
  type Site,
  SPARE_NOTES,
  TECHNICIANS,
  WORKS,
} from './seed-offer-sites';
import { generator, type Random } from './seed-random';

export const DEMO_OFFER_COUNT = 150;
/** The months the offers span, the current one included. */
export const DEMO_OFFER_MONTHS = 18;

// ---------------------------------------------------------------------------------------------
// Random numbers and days

const weekday = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay();
/** Moves a weekend day to the Friday before (or the Monday after when that is still allowed). */
const workday = (day: string, earliest: string) => {
  const d = weekday(day);
  if (d === 6) return addDays(day, -1) >= earliest ? addDays(day, -1) : addDays(day, 2);
  if (d === 0) return addDays(day, -2) >= earliest ? addDays(day, -2) : addDays(day, 1);
  return day;
};
const monthStart = (today: string, back: number) => {
  const [y, m] = today.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 - back, 1));
  return d.toISOString().slice(0, 10);
};
const monthEnd = (today: string, back: number) => addDays(monthStart(today, back - 1), -1);
const euro = (n: number) => `${n.toLocaleString('de-DE', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} €`;
const german = (day: string) => `${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(0, 4)}`;

// ---------------------------------------------------------------------------------------------
// Which label an offer should show, by how long ago it came in

type Group =
  | 'no_ofm'
  | 'offer_not_created'
  | 'follow_up_open'
  | 'follow_up_expired'
  | 'offer_created'
  | 'agenda_done'
  | 'commissioned';

/** The youngest age (days since receipt) at which a label can be reached. */
const MIN_AGE: Record<OfferAmpelLabel, number> = {
  no_ofm: 0,
  offer_not_created: 0,
  follow_up_open: 0,
  offer_created: 0,
  follow_up_expired: 4,
  agenda_done: 6,
  delivery_date_imminent: 14,
  material_offer_received: 8,
  order_data_missing: 8,
  inform_ktb: 9,
  waiting_for_clarification_sheets: 10,
  order_received: 10,
  taken_over: 12,
};
/** The oldest age at which a label still looks real (a request is not left without OFM for a year). */
const MAX_AGE: Partial<Record<OfferAmpelLabel, number>> = {
  no_ofm: 25,
  offer_not_created: 30,
  follow_up_open: 70,
  offer_created: 60,
  delivery_date_imminent: 120,
  material_offer_received: 120,
  order_data_missing: 150,
  inform_ktb: 120,
  waiting_for_clarification_sheets: 150,
};
/** The labels of a commissioned offer (talk result: offer or material offer commissioned). */
const COMMISSIONED: ReadonlySet<OfferAmpelLabel> = new Set<OfferAmpelLabel>([
  'taken_over',
  'delivery_date_imminent',
  'material_offer_received',
  'order_data_missing',
  'inform_ktb',
  'waiting_for_clarification_sheets',
  'order_received',
]);
/** At least this many offers show each label. */
const MIN_PER_LABEL = 3;

function groupWeights(age: number): Partial<Record<Group, number>> {
  if (age <= 3) return { no_ofm: 2, offer_not_created: 5, follow_up_open: 2, offer_created: 1 };
  if (age <= 10)
    return {
      no_ofm: 1,
      offer_not_created: 2,
      follow_up_open: 4,
      offer_created: 2,
      follow_up_expired: 1,
      agenda_done: 0.5,
    };
  if (age <= 25)
    return {
      no_ofm: 0.4,
      offer_not_created: 0.8,
      follow_up_open: 4,
      follow_up_expired: 2,
      offer_created: 1,
      agenda_done: 1.5,
      commissioned: 2,
    };
  if (age <= 70)
    return { follow_up_open: 1.5, follow_up_expired: 2.5, offer_created: 0.4, agenda_done: 3.5, commissioned: 4 };
  return { follow_up_expired: 0.6, agenda_done: 5, commissioned: 4 };
}
function commissionedWeights(age: number): Partial<Record<OfferAmpelLabel, number>> {
  if (age <= 120) {
    return {
      delivery_date_imminent: 1,
      material_offer_received: 1,
      order_data_missing: 1.5,
      inform_ktb: 1.5,
      waiting_for_clarification_sheets: 1,
      order_received: 1.2,
      taken_over: age > 30 ? 2 : 0.5,
    };
  }
  return { taken_over: 8, order_received: 1, waiting_for_clarification_sheets: 0.3, order_data_missing: 0.3 };
}
/** A label for an offer of any age that has an offer date: followed up while young, done when old. */
const fallback = (age: number): OfferAmpelLabel => (age <= 60 ? 'follow_up_open' : 'agenda_done');
const fits = (label: OfferAmpelLabel, age: number) => age >= MIN_AGE[label] && age <= (MAX_AGE[label] ?? Infinity);

/** Offers per month, the current month first (150 in all). */
const PER_MONTH = [10, 12, 11, 9, 8, 8, 9, 8, 7, 8, 8, 7, 8, 7, 8, 7, 8, 7];

// ---------------------------------------------------------------------------------------------

/** The demo users the offers name (ids), and everybody's abbreviation for the protocol. */
export interface DemoPeople {
  ofm: string;
  ofm2: string;
  admin: string;
  opm: string[];
  ktb: string[];
  abbreviation: Map<string, string>;
}

interface Plan {
  received: string;
  /** Days from receipt to the offer (before clamping). */
  delay: number;
  label: OfferAmpelLabel;
  /** The earliest offer of its month: it must have an offer date in that month (the evaluation's months). */
  anchor: boolean;
}

interface SourceDefect {
  bookId: string;
  recordId: string;
  defect: Defect;
  when: string;
  book: typeof books.$inferSelect;
}

type OfferRow = typeof offers.$inferInsert & { id: string };
type AuditRow = typeof auditLogs.$inferInsert;
/** When the offer was written and the order recorded (the protocol's steps between the stored timestamps). */
interface Moments {
  offerAt: Date | null;
  orderAt: Date | null;
}

/** Plans the 150 offers: receipt dates per month, the delay to the offer and the label each should show. */
function plan(today: string, rnd: Random): Plan[] {
  const plans: Plan[] = [];
  const start = monthStart(today, DEMO_OFFER_MONTHS - 1);
  PER_MONTH.forEach((count, back) => {
    const first = maxDay(monthStart(today, back), start);
    const last = minDay(monthEnd(today, back), today);
    const span = daysBetween(first, last);
    const days = Array.from({ length: count }, () => workday(addDays(first, rnd.int(0, span)), first))
      .map((d) => minDay(maxDay(d, first), last))
      .sort();
    days.forEach((received, i) => {
      const age = daysBetween(received, today);
      const group = rnd.weighted(groupWeights(age));
      const label: OfferAmpelLabel = group === 'commissioned' ? rnd.weighted(commissionedWeights(age)) : group;
      const u = rnd.next();
      const delay = u < 0.35 ? rnd.int(0, 2) : u < 0.75 ? rnd.int(3, 9) : u < 0.93 ? rnd.int(10, 21) : rnd.int(22, 45);
      plans.push({ received, delay, label: fits(label, age) ? label : fallback(age), anchor: i === 0 });
    });
  });
  plans.sort((a, b) => (a.received < b.received ? -1 : a.received > b.received ? 1 : 0));

  // Every month has an offer dated in it: its earliest one, written the day it came in.
  for (const p of plans.filter((x) => x.anchor)) {
    p.delay = 0;
    const age = daysBetween(p.received, today);
    if (p.label === 'no_ofm' || p.label === 'offer_not_created' || !fits(p.label, age)) p.label = fallback(age);
  }
  // Every label at least MIN_PER_LABEL times: take offers of the most frequent labels that fit the age.
  const count = (label: OfferAmpelLabel) => plans.filter((p) => p.label === label).length;
  const labels = Object.keys(MIN_AGE) as OfferAmpelLabel[];
  for (const label of labels) {
    let guard = 0;
    while (count(label) < MIN_PER_LABEL && guard++ < 20) {
      const donor = plans
        .filter((p) => !p.anchor && p.label !== label && fits(label, daysBetween(p.received, today)))
        .filter((p) => count(p.label) > MIN_PER_LABEL + 2)
        .sort((a, b) => count(b.label) - count(a.label))[0];
      if (!donor) break;
      donor.label = label;
    }
  }
  return plans;
}

const ROUND = (n: number) => Math.round(n * 100) / 100;

/** Builds the offer rows from the plan, with the moments of their steps for the protocol. */
function build(tenantId: string, today: string, now: Date, people: DemoPeople, plans: Plan[], rnd: Random) {
  const rows: OfferRow[] = [];
  const moments = new Map<string, Moments>();
  const csPerYear = new Map<string, number>();
  const anPerYear = new Map<string, number>();
  const nextNumber = (map: Map<string, number>, year: string, start: number) => {
    const n = (map.get(year) ?? start) + rnd.int(1, 4);
    map.set(year, n);
    return n;
  };
  const perLabel = new Map<OfferAmpelLabel, number>();
  const ofmCycle = ['ofm', 'admin', 'ofm2', 'ofm', 'ofm2', 'ofm', 'admin', 'ofm2'] as const;
  let unclear = 0;
  let agenda = 0;
  let channel = 0;

  for (const p of plans) {
    const j = perLabel.get(p.label) ?? 0;
    perLabel.set(p.label, j + 1);
    const site = rnd.weighted(
      Object.fromEntries(SITES.map((s, i) => [String(i), s.kind === 'export' ? 0.4 : s.kind === 'markt' ? 1.4 : 1])),
    );
    const s = SITES[Number(site)] as Site;
    const work = rnd.pick(WORKS[s.kind]);
    const [first, last] = rnd.pick(CONTACTS);
    const receivedVia: ReceivedVia =
      channel < 7
        ? (['techniker', 'ktb', 'kunde', 'einsatzleitung', 'buchung_verrechnung', 'neuanlagengeschaeft', 'sonstiges'][
            channel++
          ] as ReceivedVia)
        : s.kind === 'export'
          ? 'neuanlagengeschaeft'
          : rnd.weighted<ReceivedVia>({
              techniker: 30,
              kunde: 20,
              ktb: 16,
              einsatzleitung: 10,
              buchung_verrechnung: 7,
              neuanlagengeschaeft: work.div.includes('bau') ? 14 : 5,
              sonstiges: 4,
            });
    const ktb = receivedVia === 'ktb' || rnd.next() < 0.45 ? rnd.pick(people.ktb) : null;
    const receivedFrom =
      receivedVia === 'techniker'
        ? rnd.pick(TECHNICIANS)
        : receivedVia === 'kunde'
          ? `${first} ${last}`
          : receivedVia === 'ktb'
            ? ''
            : rnd.pick(FROM_OTHERS[receivedVia]);

    const flags: DivisionFlags = {
      autSchieber: false,
      autDreher: false,
      bau: false,
      umbau: false,
      export: false,
      ersatzteile: false,
    };
    for (const d of work.div) flags[d] = true;
    if (p.label === 'material_offer_received') flags.ersatzteile = true;

    let raw = rnd.logNormal(work.median, 0.5);
    for (let k = 0; k < 5 && (raw < 800 || raw > 48_000); k++) raw = rnd.logNormal(work.median, 0.5);
    const sum = ROUND(Math.min(48_000, Math.max(800, raw)));
    const year = p.received.slice(0, 4);
    const csnr = `CS-${year.slice(2)}${String(nextNumber(csPerYear, year, rnd.int(20, 60))).padStart(4, '0')}`;

    const label = p.label;
    const needsOffer = label !== 'no_ofm' && label !== 'offer_not_created';
    const result = ['agenda_done', 'follow_up_expired'].includes(label) || COMMISSIONED.has(label);
    // The offer date: after receipt, not in the future; two days before today when a talk followed.
    let offerDate: string | null = null;
    if (needsOffer || (label === 'no_ofm' && j % 2 === 1)) {
      const latest = result ? addDays(today, -2) : today;
      if (p.anchor) offerDate = p.received;
      else {
        offerDate = workday(minDay(addDays(p.received, p.delay), latest), p.received);
        if (offerDate > latest) offerDate = maxDay(p.received, latest);
      }
    }
    // 'Not created' shows both: no number yet, or a number without a date.
    const anYear = (offerDate ?? p.received).slice(0, 4);
    const offerNr =
      offerDate || (label === 'offer_not_created' && j % 3 === 2)
        ? `AN-${anYear}-${String(nextNumber(anPerYear, anYear, rnd.int(90, 140))).padStart(4, '0')}`
        : '';
    const ofmKey =
      label === 'no_ofm'
        ? null
        : label.startsWith('follow_up')
          ? ofmCycle[j % ofmCycle.length]
          : rnd.weighted({ ofm: 5, ofm2: 3, admin: 2 });
    const ofmUser = ofmKey ? people[ofmKey] : null;

    let followUp: string | null = null;
    let talkResult: TalkResult | null = null;
    let talkDay: string | null = null;
    let angebotNotes = '';
    if (offerDate) {
      const talkAfter = Math.max(1, Math.round(rnd.logNormal(16, 0.7)));
      const defaultFollowUp = addDays(offerDate, rnd.pick([7, 10, 14, 14, 21]));
      if (label === 'follow_up_open') {
        followUp =
          j < 3 ? today : maxDay(addDays(today, rnd.int(1, 20)), defaultFollowUp > today ? defaultFollowUp : today);
      } else if (label === 'follow_up_expired') {
        followUp = minDay(maxDay(defaultFollowUp, addDays(offerDate, 1)), addDays(today, j < 2 ? -1 : -rnd.int(1, 25)));
        if (followUp <= offerDate) followUp = addDays(offerDate, 1);
      } else if (label !== 'offer_created') {
        followUp = defaultFollowUp;
      }
      if (label === 'agenda_done') {
        const k = agenda++;
        talkResult = (
          [
            'absage_preis_war_zu_hoch',
            'absage_mitbewerb_hat_auftrag_erhalten',
            'absage_preis_war_zu_hoch',
            'absage_wird_nicht_realisiert',
            'absage_mitbewerb_hat_auftrag_erhalten',
            'sonstiges_talk_result',
            'absage_preis_war_zu_hoch',
          ] as const
        )[k % 7] as TalkResult;
        angebotNotes =
          talkResult === 'sonstiges_talk_result'
            ? rnd.pick(OTHER_REASONS)
            : rnd.pick(REJECTION_NOTES[talkResult] ?? ['']);
      } else if (COMMISSIONED.has(label)) {
        talkResult =
          label === 'material_offer_received' ||
          (label !== 'order_data_missing' && flags.ersatzteile && rnd.next() < 0.6)
            ? 'materialangebot_beauftragt'
            : 'angebot_ist_beauftragt';
        if (talkResult === 'materialangebot_beauftragt') flags.ersatzteile = true;
      } else if ((label === 'follow_up_expired' || label === 'follow_up_open') && offerDate <= addDays(today, -3)) {
        // Every fourth waiting offer: the customer did not understand it, a reminder is due.
        if (unclear++ % 4 === 1) {
          talkResult = 'angebot_war_nicht_verstaendlich';
          angebotNotes = 'Kunde bittet um Aufschlüsselung nach Türen und Erläuterung der Positionen.';
        }
      }
      if (talkResult) {
        const lastTalk = addDays(today, -1);
        const byFollowUp =
          followUp && talkResult !== 'angebot_war_nicht_verstaendlich' ? addDays(followUp, rnd.int(-3, 5)) : null;
        talkDay = minDay(maxDay(byFollowUp ?? addDays(offerDate, talkAfter), addDays(offerDate, 1)), lastTalk);
        if (talkResult === 'angebot_war_nicht_verstaendlich')
          talkDay = minDay(addDays(offerDate, rnd.int(1, 3)), lastTalk);
        if (talkDay < offerDate) talkDay = offerDate;
      }
    }
    const commissioned = offerStatusOf(talkResult) === 'commissioned';

    // Order data, delivery, KTB, order processing.
    let orderNumber = '';
    let orderDate: string | null = null;
    let orderSum: number | null = null;
    let deliveryDate: string | null = null;
    let ktbInformedAt: Date | null = null;
    let takeOverRequestedAt: Date | null = null;
    let opmStatus: OpmStatus | null = null;
    let orderFollowUpDate: string | null = null;
    let civilAcceptance: AcceptanceState | null = null;
    let implementationDate: string | null = null;
    let freigabe = false;
    let invoiceValue: number | null = null;
    let ersatzteileNotes = '';
    let opmUser: string | null = null;
    let ktbUser = ktb;
    if (commissioned && talkDay) {
      opmUser = rnd.pick(people.opm);
      orderDate = minDay(addDays(talkDay, rnd.int(0, 4)), today);
      orderNumber = `45${String(rnd.int(10_000_000, 99_999_999))}`;
      orderSum = ROUND(sum * (rnd.next() < 0.5 ? 1 : 0.9 + rnd.next() * 0.09));
      deliveryDate = addDays(orderDate, rnd.int(21, 70));
      orderFollowUpDate = addDays(orderDate, 14);
      opmStatus = rnd.pick(['open', 'clarification_sheets_received'] as const);
      if (ktbUser) ktbInformedAt = at(minDay(addDays(orderDate, 1), today), 9, rnd.int(0, 59));
      if (label === 'material_offer_received') {
        orderNumber = '';
        orderSum = null;
      }
      if (label === 'order_data_missing') {
        if (j % 2 === 0) orderNumber = '';
        else orderDate = null;
      }
      if (label === 'inform_ktb') {
        ktbUser = ktbUser ?? rnd.pick(people.ktb);
        ktbInformedAt = null;
      }
      if (label === 'waiting_for_clarification_sheets') opmStatus = 'waiting_for_clarification_sheets';
      if (label === 'delivery_date_imminent') deliveryDate = addDays(today, j % 8);
      else if (label !== 'taken_over' && deliveryDate >= today && deliveryDate <= addDays(today, 7)) {
        deliveryDate = addDays(today, rnd.int(9, 30));
      }
      if (label === 'taken_over') {
        opmStatus = 'clarification_sheets_received';
        takeOverRequestedAt = at(minDay(addDays(orderDate ?? talkDay, rnd.int(1, 8)), today), 13, rnd.int(0, 59));
        if (deliveryDate < today) {
          implementationDate = deliveryDate;
          civilAcceptance =
            flags.bau || flags.umbau
              ? rnd.pick(['zivi_wurde_bestellt', 'abnahmegutachten_erhalten', 'abnahmegutachten_erhalten'] as const)
              : 'keine_abnahme_erforderlich';
          if (daysBetween(deliveryDate, today) > 14) {
            freigabe = true;
            invoiceValue = ROUND((orderSum ?? sum) * (rnd.next() < 0.7 ? 1 : 1.03));
          }
        } else if (flags.bau || flags.umbau) civilAcceptance = 'zivi_muss_bestellt_werden';
      }
      if (flags.ersatzteile) ersatzteileNotes = rnd.pick(SPARE_NOTES);
    }

    const department =
      label === 'taken_over' || (commissioned && rnd.next() < 0.6)
        ? Department.OPM
        : label === 'inform_ktb' && j % 2 === 0
          ? Department.KTB
          : (label === 'no_ofm' || label === 'offer_not_created') && receivedVia === 'einsatzleitung'
            ? Department.EL
            : Department.OFM;

    const input = {
      ofmUser,
      receivedDate: p.received,
      deliveryDate,
      ktb: ktbUser,
      ktbInformedAt: ktbInformedAt?.toISOString() ?? null,
      takeOverRequestedAt: takeOverRequestedAt?.toISOString() ?? null,
      angebot: { offerNr, offerDate, offerFollowUpDate: followUp, talkResult },
      opm: { orderId: null, status: opmStatus },
      ersatzteile: { orderNumber, orderDate },
    };
    const ampel = offerAmpel(input, today);
    const status = offerStatusOf(talkResult);
    const rank = { red: 3, orange: 2, green: 1 }[ampel.colour];
    const creator = ofmUser ?? people.admin;
    const clamp = (d: Date) => (d > now ? now : d);
    const createdAt = clamp(at(p.received, rnd.int(7, 14), rnd.int(0, 59)));
    const steps: Date[] = [createdAt];
    const offerAt = offerDate ? at(offerDate, rnd.int(8, 15), rnd.int(0, 59)) : null;
    if (offerAt) steps.push(offerAt);
    const talkAt = talkDay ? at(talkDay, rnd.int(8, 16), rnd.int(0, 59)) : null;
    if (talkAt) steps.push(talkAt);
    if (ktbInformedAt) steps.push(ktbInformedAt);
    if (takeOverRequestedAt) steps.push(takeOverRequestedAt);
    const updatedAt = clamp(new Date(Math.max(...steps.map((d) => d.getTime()))));

    const id = randomUUID();
    const contactPerson = receivedVia === 'sonstiges' && j % 2 ? '' : `${first} ${last}`;
    const row: OfferRow = {
      id,
      tenantId,
      receivedVia,
      csnr,
      receivedDate: p.received,
      receivedFrom,
      debitor: s.debitor,
      tp: flags.bau || flags.umbau ? `TP ${rnd.int(1, 4)}` : '',
      objekt: `${s.objekt}, ${s.street}, ${s.city}`,
      objektdaten: work.data,
      bauObjektNr: flags.bau || flags.umbau ? `BO-${year.slice(2)}-${rnd.int(1000, 9999)}` : '',
      plz: s.plz,
      contactPerson,
      customerEmail: contactPerson ? `${ascii(first)[0]}.${ascii(last)}@${s.domain}` : '',
      contactPersonTelNr: contactPerson
        ? `${areaCode(s.plz)} ${rnd.int(100, 9999)} ${rnd.int(10, 99)}-${rnd.int(0, 99)}`
        : '',
      opmUser,
      ofmUser,
      ktb: ktbUser,
      deliveryDate,
      deleteFilesDate: status === 'cancelled' && talkDay ? addDays(talkDay, 365) : null,
      notes: `Anfrage: ${work.text}.`,
      abteilung: flags,
      aktuelle_abteilung: department,
      angebot: {
        offerNr,
        offerDate,
        offerSum: offerDate || offerNr ? sum : null,
        offerFollowUpDate: followUp,
        talkResult,
        notes: angebotNotes,
      },
      talkResultAt: talkAt ? clamp(talkAt) : null,
      opm: {
        orderFollowUpDate,
        status: opmStatus,
        notes:
          label === 'waiting_for_clarification_sheets'
            ? 'Klärungsblätter an den Kunden geschickt, Rücklauf offen.'
            : '',
      },
      orderId: null,
      ersatzteile: {
        orderNumber,
        orderDate,
        orderSum,
        civilAcceptance,
        implementationDate,
        freigabeZurVerrechnung: freigabe,
        invoiceValue,
        notes: ersatzteileNotes,
      },
      ampel: ampel.label,
      ampelRank: rank,
      status,
      type: offerTypeOf({ abteilung: flags, status }),
      ktbInformedAt,
      takeOverRequestedAt,
      // The daily run mailed the OFM about every follow-up before today whose talk is still open.
      followUpMailedFor:
        followUp && followUp < today && (!talkResult || talkResult === 'angebot_war_nicht_verstaendlich')
          ? followUp
          : null,
      active: true,
      version: steps.length - 1,
      createdBy: creator,
      createdAt,
      updatedAt,
    };
    rows.push(row);

    moments.set(id, {
      offerAt: offerAt ? clamp(offerAt) : null,
      orderAt: orderDate ? clamp(at(orderDate, 15, 30)) : null,
    });
  }
  return { rows, moments };
}

/**
 * The demo offers of `today` (not yet stored): the same on every run for the same day. `now` is the
 * moment of seeding (no step of an offer lies after it).
 */
export function planDemoOffers(tenantId: string, today: string, now: Date, people: DemoPeople) {
  const rnd = generator(20_250_612);
  return build(tenantId, today, now, people, plan(today, rnd), rnd);
}

/**
 * The protocol of an offer as the server writes it: the fields known on receipt (create), then the
 * offer, the talk result, the order data, the KTB reminder and the hand-over (updates).
 */
function protocolOf(row: OfferRow, m: Moments, people: DemoPeople, book: string | null): AuditRow[] {
  const out: AuditRow[] = [];
  const entry = (action: 'create' | 'update', when: Date, by: string, fields: Record<string, unknown>) => {
    for (const [field, value] of Object.entries(fields)) {
      if (value === null || value === undefined || value === '' || value === false) continue;
      out.push({
        tenantId: row.tenantId,
        entity: 'offer',
        entityId: row.id,
        action,
        field,
        oldValue: null,
        newValue: value instanceof Date ? value.toISOString() : String(value),
        editorId: by,
        editorAbbreviation: people.abbreviation.get(by) ?? '',
        createdAt: when,
      });
    }
  };
  const ofm = row.ofmUser ?? null;
  entry('create', row.createdAt as Date, row.createdBy ?? people.admin, {
    receivedVia: row.receivedVia,
    csnr: row.csnr,
    receivedDate: row.receivedDate,
    receivedFrom: row.receivedFrom,
    debitor: row.debitor,
    objekt: row.objekt,
    objektdaten: row.objektdaten,
    plz: row.plz,
    contactPerson: row.contactPerson,
    customerEmail: row.customerEmail,
    ofmUser: ofm,
    ktb: row.ktb,
    aktuelle_abteilung: String(Department.OFM),
    notes: row.notes,
    source: book,
    ...Object.fromEntries(Object.entries(row.abteilung).map(([k, v]) => [`abteilung.${k}`, v])),
  });
  if (!ofm) return out;
  if (m.offerAt) {
    entry('update', m.offerAt, ofm, {
      'angebot.offerNr': row.angebot.offerNr,
      'angebot.offerDate': row.angebot.offerDate,
      'angebot.offerSum': row.angebot.offerSum,
      'angebot.offerFollowUpDate': row.angebot.offerFollowUpDate,
    });
  }
  if (row.talkResultAt) {
    entry('update', row.talkResultAt, ofm, {
      'angebot.talkResult': row.angebot.talkResult,
      'angebot.notes': row.angebot.notes,
      status: row.status,
    });
  }
  if (m.orderAt && row.opmUser) {
    entry('update', m.orderAt, row.opmUser, {
      opmUser: row.opmUser,
      'ersatzteile.orderNumber': row.ersatzteile.orderNumber,
      'ersatzteile.orderDate': row.ersatzteile.orderDate,
      'ersatzteile.orderSum': row.ersatzteile.orderSum,
    });
  }
  if (row.ktbInformedAt) entry('update', row.ktbInformedAt, ofm, { ktbInformedAt: row.ktbInformedAt });
  if (row.takeOverRequestedAt && row.opmUser) {
    entry('update', row.takeOverRequestedAt, row.opmUser, { takeOverRequestedAt: row.takeOverRequestedAt });
  }
  return out;
}

/** The open defects of the demo tenant's finalized records, most severe first. */
async function openDefects(tx: Executor, tenantId: string): Promise<SourceDefect[]> {
  const rows = await tx
    .select({ record: inspections, book: books })
    .from(inspections)
    .innerJoin(books, eq(books.id, inspections.bookId))
    .where(and(eq(inspections.tenantId, tenantId), isNotNull(inspections.finalizedAt)));
  const order = { shutdown: 0, repair: 1, safe: 2 } as Record<string, number>;
  return rows
    .flatMap(({ record, book }) =>
      record.defects
        .filter((d) => !d.resolved && d._id)
        .map((defect) => ({ bookId: book.id, recordId: record.id, defect, when: record.when, book })),
    )
    .sort((a, b) => (order[a.defect.severity] ?? 3) - (order[b.defect.severity] ?? 3) || (a.when < b.when ? -1 : 1));
}

/** Turns a planned offer into the offer of a defect: the book's object, contact and the defect text. */
function linkDefect(row: OfferRow, d: SourceDefect) {
  const b = d.book;
  const a = b.objectaddress;
  row.sourceBookId = d.bookId;
  row.sourceRecordId = d.recordId;
  row.sourceDefectId = d.defect._id ?? null;
  row.debitor = b.customer || row.debitor;
  const object = b.object || b.title;
  const street = a && !object.includes(a.street) ? `${a.street} ${a.housenumber}`.trim() : '';
  row.objekt = [object, street, a?.location ?? ''].filter(Boolean).join(', ');
  row.objektdaten = `${b.title}: ${b.typ}, ${b.location}`;
  row.plz = a?.zip || row.plz;
  row.contactPerson = b.contactName || row.contactPerson;
  row.customerEmail = b.contactMail || row.customerEmail;
  row.contactPersonTelNr = b.contactTel || row.contactPersonTelNr;
  row.receivedVia = 'techniker';
  row.receivedFrom = 'Tobias Techniker';
  row.notes = `Mangel aus dem Prüfbericht vom ${german(d.when)}: ${d.defect.text}`;
}

export interface SeedOffersOptions {
  /** The file store of the attachments; without one the offers get none. */
  files?: FileStore;
  /** Today (YYYY-MM-DD, Europe/Berlin); for tests. */
  today?: string;
}

export async function seedDemoOffers(tx: Executor, tenantId: string, opts: SeedOffersOptions = {}) {
  const today = opts.today ?? berlinToday();
  const now = opts.today ? new Date(`${opts.today}T16:00:00Z`) : new Date();

  const staff = await tx
    .select({ id: users.id, email: users.email, department: users.department, abbreviation: users.abbreviation })
    .from(users)
    .where(
      inArray(users.email, [
        'ofm@demo.test',
        'ofm2@demo.test',
        'admin@demo.test',
        'project@demo.test',
        'projectonly@demo.test',
        'auswertung@demo.test',
        'ktb@demo.test',
      ]),
    );
  const idOf = (email: string) => staff.find((u) => u.email === email)?.id;
  const admin = idOf('admin@demo.test');
  if (!admin) return { offers: 0, files: 0 };
  const people: DemoPeople = {
    ofm: idOf('ofm@demo.test') ?? admin,
    ofm2: idOf('ofm2@demo.test') ?? admin,
    admin,
    opm: staff.filter((u) => u.department === Department.OPM).map((u) => u.id),
    ktb: staff.filter((u) => u.department === Department.KTB).map((u) => u.id),
    abbreviation: new Map(staff.map((u) => [u.id, u.abbreviation])),
  };
  if (people.opm.length === 0) people.opm.push(admin);
  if (people.ktb.length === 0) people.ktb.push(admin);

  const { rows, moments } = planDemoOffers(tenantId, today, now, people);

  // A few offers were started from defects of the demo records: the newest offers received after each record.
  const defects = (await openDefects(tx, tenantId)).slice(0, 5);
  const sourceBook = new Map<string, string>();
  for (const d of defects) {
    // Not one of the first seven: they show the seven channels.
    const row = rows.find(
      (r, i) => i >= 7 && !sourceBook.has(r.id) && r.ofmUser && r.angebot.offerDate && (r.receivedDate ?? '') >= d.when,
    );
    if (!row) continue;
    sourceBook.set(row.id, d.book.title);
    linkDefect(row, d);
  }
  const audit = rows.flatMap((r) =>
    protocolOf(r, moments.get(r.id) ?? { offerAt: null, orderAt: null }, people, sourceBook.get(r.id) ?? null),
  );

  await insertOfferRows(tx, rows);

  // Attachments: the offer as PDF, sometimes the customer's request and a photo of the door.
  let fileCount = 0;
  if (opts.files) {
    const store = opts.files;
    const withFiles = rows.filter((r, i) => r.angebot.offerNr && r.angebot.offerDate && i % 7 === 3);
    const blobRows: (typeof blobs.$inferInsert)[] = [];
    const links: (typeof offerFiles.$inferInsert)[] = [];
    for (const [k, r] of withFiles.entries()) {
      const when = r.angebot.offerDate ?? today;
      const files: { name: string; type: string; bytes: Buffer }[] = [
        {
          name: `Angebot_${r.angebot.offerNr}.pdf`,
          type: 'application/pdf',
          bytes: simplePdf(`Angebot ${r.angebot.offerNr}`, [
            `vom ${german(when)} · CS-Nr. ${r.csnr}`,
            '',
            `Debitor: ${r.debitor}`,
            `Objekt: ${r.objekt}`,
            `Ansprechpartner: ${r.contactPerson || '–'}`,
            '',
            `Leistung: ${(r.notes ?? '').replace(/^Anfrage: /, '')}`,
            `Anlage: ${r.objektdaten}`,
            '',
            `Angebotssumme netto: ${euro(r.angebot.offerSum ?? 0)}`,
            'Zahlbar 30 Tage netto. Das Angebot gilt acht Wochen.',
          ]),
        },
      ];
      if (k % 3 === 0) {
        files.push({
          name: `Anfrage_${r.csnr}.pdf`,
          type: 'application/pdf',
          bytes: simplePdf(`Anfrage ${r.csnr}`, [
            `Eingang: ${german(r.receivedDate ?? when)}`,
            `Von: ${r.receivedFrom || r.contactPerson || r.debitor}`,
            '',
            `${r.notes}`,
            `Objekt: ${r.objekt}`,
          ]),
        });
      }
      if (k % 4 === 1) files.push({ name: `Foto_Bestand_${k + 1}.png`, type: 'image/png', bytes: doorPhotoPng(k) });
      for (const f of files) {
        const stored = await store.put(Readable.from([f.bytes]));
        const blobId = randomUUID();
        const createdAt = new Date(Math.min(at(when, 16, k % 60).getTime(), now.getTime()));
        blobRows.push({
          id: blobId,
          tenantId,
          bookId: null,
          sha256: stored.sha256,
          size: stored.size,
          contentType: f.type,
          fileName: f.name,
          type: 'offer-attachment',
          createdBy: r.ofmUser ?? null,
          createdAt,
        });
        links.push({ offerId: r.id, blobId, createdAt });
        audit.push({
          tenantId,
          entity: 'offer',
          entityId: r.id,
          action: 'update',
          field: 'file',
          oldValue: null,
          newValue: f.name,
          editorId: r.ofmUser ?? null,
          editorAbbreviation: people.abbreviation.get(r.ofmUser ?? '') ?? '',
          createdAt,
        });
      }
    }
    if (blobRows.length) {
      await tx.insert(blobs).values(blobRows);
      await tx.insert(offerFiles).values(links);
    }
    fileCount = blobRows.length;
  }

  for (let i = 0; i < audit.length; i += 500) await tx.insert(auditLogs).values(audit.slice(i, i + 500));
  return { offers: rows.length, files: fileCount, labels: new Set(rows.map((r) => r.ampel)).size };
}
