/**
 * The offer ampel (SPEC §4 Offer ampel labels; the rules are not given there: decision 022).
 *
 * An offer shows exactly one of the 13 labels: the first row of OFFER_AMPEL_RULES whose condition
 * holds, in the order of the table. Each label has one colour, so the list can be filtered and
 * sorted by it: red asks for work today, orange for work soon, green is on track or done. The
 * server recomputes the label on every change and once a day (the date-bound rows move by themselves).
 *
 * | # | label                          | colour | when                                                                |
 * |---|--------------------------------|--------|---------------------------------------------------------------------|
 * | 1 | taken_over                     | green  | taken over into order processing (order id), or asked to be         |
 * | 2 | no_ofm                         | red    | nobody is the offer's OFM (offer manager)                            |
 * | 3 | offer_not_created              | orange | no offer number or offer date yet (red after OFFER_CREATION_DAYS)    |
 * | 4 | agenda_done                    | green  | talk result: a rejection, or 'other' (nothing left to do)            |
 * | 5 | follow_up_expired              | red    | no result (or 'not understandable'), follow-up date before today     |
 * | 6 | follow_up_open                 | green  | no result (or 'not understandable'), follow-up date today or later   |
 * | 7 | offer_created                  | orange | no result, no follow-up date: somebody has to set one                |
 * |   | — the offer is commissioned (offer or material offer) —              |        |                                                                     |
 * | 8 | delivery_date_imminent         | orange | the delivery date is within DELIVERY_WARNING_DAYS from today         |
 * | 9 | material_offer_received        | orange | material offer commissioned, its order number not yet recorded       |
 * |10 | order_data_missing             | red    | offer commissioned, order number or order date missing               |
 * |11 | inform_ktb                     | orange | a KTB is named and has not been informed (the reminder mail does it) |
 * |12 | waiting_for_clarification_sheets| orange| order processing status: waiting for the clarification sheets        |
 * |13 | order_received                 | green  | commissioned with complete order data: ready for order processing    |
 */
import type { AMPEL_COLOURS } from './book-status';

export const OFFER_AMPEL_LABELS = [
  'taken_over',
  'no_ofm',
  'offer_not_created',
  'agenda_done',
  'follow_up_expired',
  'follow_up_open',
  'offer_created',
  'delivery_date_imminent',
  'material_offer_received',
  'order_data_missing',
  'inform_ktb',
  'waiting_for_clarification_sheets',
  'order_received',
] as const;
export type OfferAmpelLabel = (typeof OFFER_AMPEL_LABELS)[number];
export type OfferAmpelColour = Exclude<(typeof AMPEL_COLOURS)[number], 'black'>;

export const TALK_RESULTS = [
  'angebot_ist_beauftragt',
  'materialangebot_beauftragt',
  'angebot_war_nicht_verstaendlich',
  'absage_preis_war_zu_hoch',
  'absage_mitbewerb_hat_auftrag_erhalten',
  'absage_wird_nicht_realisiert',
  'sonstiges_talk_result',
] as const;
export type TalkResult = (typeof TALK_RESULTS)[number];

/** The talk results that commission the offer: they offer 'In Auftragsabwicklung übernehmen'. */
export const COMMISSIONED_RESULTS: readonly TalkResult[] = ['angebot_ist_beauftragt', 'materialangebot_beauftragt'];
/** The rejections: the offer is lost. */
export const REJECTED_RESULTS: readonly TalkResult[] = [
  'absage_preis_war_zu_hoch',
  'absage_mitbewerb_hat_auftrag_erhalten',
  'absage_wird_nicht_realisiert',
];

/** Where an offer stands, for the list's filter and the evaluation's counts. */
export const OFFER_STATUSES = ['waiting', 'commissioned', 'cancelled'] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];

/** The talk result decides: commissioned, cancelled (a rejection), else still waiting ('other' included). */
export function offerStatusOf(talkResult: TalkResult | null | undefined): OfferStatus {
  if (talkResult && COMMISSIONED_RESULTS.includes(talkResult)) return 'commissioned';
  if (talkResult && REJECTED_RESULTS.includes(talkResult)) return 'cancelled';
  return 'waiting';
}

/** The order-processing states of an offer's OPM block (SPEC §3 opm.status; the values: decision 022). */
export const OPM_STATUSES = ['open', 'waiting_for_clarification_sheets', 'clarification_sheets_received'] as const;
export type OpmStatus = (typeof OPM_STATUSES)[number];

/** Days after receipt an offer may go without number and date before its ampel turns red. */
export const OFFER_CREATION_DAYS = 10;
/** Days before the delivery date from which a commissioned offer warns. */
export const DELIVERY_WARNING_DAYS = 7;

/** What the ampel reads of an offer. Dates are YYYY-MM-DD (the company's calendar day). */
export interface OfferAmpelInput {
  ofmUser: string | null;
  receivedDate: string | null;
  deliveryDate: string | null;
  ktb: string | null;
  ktbInformedAt: string | null;
  takeOverRequestedAt: string | null;
  angebot: {
    offerNr: string;
    offerDate: string | null;
    offerFollowUpDate: string | null;
    talkResult: TalkResult | null;
  };
  opm: { orderId: string | null; status: OpmStatus | null };
  ersatzteile: { orderNumber: string; orderDate: string | null };
}

export interface OfferAmpel {
  label: OfferAmpelLabel;
  colour: OfferAmpelColour;
}

/** Whole days from a to b (YYYY-MM-DD), positive when b is later. */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}

interface Rule {
  label: OfferAmpelLabel;
  when: (o: OfferAmpelInput, today: string) => boolean;
  colour: OfferAmpelColour | ((o: OfferAmpelInput, today: string) => OfferAmpelColour);
}

/** What the follow-up rules read of an offer: its talk result and follow-up date. */
type FollowUpInput = { angebot: Pick<OfferAmpelInput['angebot'], 'talkResult' | 'offerFollowUpDate'> };

const waitingForTalk = (o: FollowUpInput) =>
  o.angebot.talkResult === null || o.angebot.talkResult === 'angebot_war_nicht_verstaendlich';
const commissioned = (o: OfferAmpelInput) => offerStatusOf(o.angebot.talkResult) === 'commissioned';

/** The rows in order; the first that holds is the offer's label. */
export const OFFER_AMPEL_RULES: readonly Rule[] = [
  { label: 'taken_over', colour: 'green', when: (o) => Boolean(o.opm.orderId || o.takeOverRequestedAt) },
  { label: 'no_ofm', colour: 'red', when: (o) => !o.ofmUser },
  {
    label: 'offer_not_created',
    when: (o) => !o.angebot.offerNr || !o.angebot.offerDate,
    colour: (o, today) =>
      o.receivedDate && daysBetween(o.receivedDate, today) > OFFER_CREATION_DAYS ? 'red' : 'orange',
  },
  {
    label: 'agenda_done',
    colour: 'green',
    when: (o) => o.angebot.talkResult !== null && !waitingForTalk(o) && !commissioned(o),
  },
  {
    label: 'follow_up_expired',
    colour: 'red',
    when: (o, today) =>
      waitingForTalk(o) && o.angebot.offerFollowUpDate !== null && o.angebot.offerFollowUpDate < today,
  },
  {
    label: 'follow_up_open',
    colour: 'green',
    when: (o) => waitingForTalk(o) && o.angebot.offerFollowUpDate !== null,
  },
  { label: 'offer_created', colour: 'orange', when: (o) => waitingForTalk(o) },
  // From here on the offer is commissioned.
  {
    label: 'delivery_date_imminent',
    colour: 'orange',
    when: (o, today) =>
      o.deliveryDate !== null &&
      daysBetween(today, o.deliveryDate) >= 0 &&
      daysBetween(today, o.deliveryDate) <= DELIVERY_WARNING_DAYS,
  },
  {
    label: 'material_offer_received',
    colour: 'orange',
    when: (o) => o.angebot.talkResult === 'materialangebot_beauftragt' && !o.ersatzteile.orderNumber,
  },
  {
    label: 'order_data_missing',
    colour: 'red',
    when: (o) => !o.ersatzteile.orderNumber || !o.ersatzteile.orderDate,
  },
  { label: 'inform_ktb', colour: 'orange', when: (o) => Boolean(o.ktb) && !o.ktbInformedAt },
  {
    label: 'waiting_for_clarification_sheets',
    colour: 'orange',
    when: (o) => o.opm.status === 'waiting_for_clarification_sheets',
  },
  { label: 'order_received', colour: 'green', when: () => true },
];

/** The offer's label and colour on `today` (YYYY-MM-DD). */
export function offerAmpel(o: OfferAmpelInput, today: string): OfferAmpel {
  for (const rule of OFFER_AMPEL_RULES) {
    if (rule.when(o, today)) {
      return { label: rule.label, colour: typeof rule.colour === 'function' ? rule.colour(o, today) : rule.colour };
    }
  }
  return { label: 'order_received', colour: 'green' };
}

/** The colour of each label, for the list's legend and the ampel filter (offer_not_created: its usual colour). */
export const OFFER_AMPEL_COLOUR: Readonly<Record<OfferAmpelLabel, OfferAmpelColour>> = Object.fromEntries(
  OFFER_AMPEL_RULES.map((r) => [r.label, typeof r.colour === 'function' ? 'orange' : r.colour]),
) as Record<OfferAmpelLabel, OfferAmpelColour>;

/** Whether the offer may be handed over to order processing ('In Auftragsabwicklung übernehmen'). */
export const mayTakeOver = (o: Pick<OfferAmpelInput, 'angebot' | 'opm' | 'takeOverRequestedAt'>) =>
  offerStatusOf(o.angebot.talkResult) === 'commissioned' && !o.opm.orderId && !o.takeOverRequestedAt;

/** Whether the offer's follow-up is due on `today` (the 'Nachfassen fällig' hint and the OFM's mail). */
export const followUpDue = (o: FollowUpInput, today: string) =>
  waitingForTalk(o) && o.angebot.offerFollowUpDate !== null && o.angebot.offerFollowUpDate <= today;

/**
 * Whether 'Nachfassen fällig' shows beside the ampel: on the follow-up day itself, when the ampel still
 * reads 'Nachfassen offen'. From the next day the ampel reads 'Nachfassen abgelaufen' and says it alone.
 */
export const followUpDueShown = (due: boolean, label: OfferAmpelLabel) => due && label !== 'follow_up_expired';
