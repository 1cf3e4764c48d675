/** Form values and schemas of the offer screen, and the live ampel of what is typed. */

import { Department } from '@pruefbuch/domain/roles';
import { berlinToday } from '@pruefbuch/domain/rules/next-inspection';
import { followUpDue, mayTakeOver, type OfferAmpel, offerAmpel } from '@pruefbuch/domain/rules/offer-ampel';
import { offerMinimumIssues } from '@pruefbuch/domain/rules/record-minimum';
import {
  ampelInputOf,
  OFFER_DEFAULTS,
  type Offer,
  type OfferCreate,
  type OfferFields,
  type OfferSource,
  type OfferUpdate,
  offerCreateSchema,
  offerFieldsSchema,
  offerIssues,
  offerUpdateSchema,
} from '@pruefbuch/domain/schemas/offer';
import { z } from 'zod';

export type OfferValues = OfferFields & {
  /** The version the form was loaded with; sent back on PUT, ignored on create. */
  __v: number;
};

const copyFields = (f: OfferFields): OfferFields => ({
  ...f,
  abteilung: { ...f.abteilung },
  angebot: { ...f.angebot },
  opm: { ...f.opm },
  ersatzteile: { ...f.ersatzteile },
});

/** A new offer: the defaults, or the fields of a draft made from a defect. */
export const emptyOfferValues = (fields: OfferFields = OFFER_DEFAULTS): OfferValues => ({
  ...copyFields(fields),
  __v: 0,
});

/**
 * A new offer as the form starts it: received today, and an offer manager (department OFM) who starts it is
 * its OFM. What a draft from a defect already says is kept.
 */
export function newOfferValues(
  fields: OfferFields | undefined,
  user: { userId: string; department: number } | null,
  today: string,
): OfferValues {
  const values = emptyOfferValues(fields);
  return {
    ...values,
    receivedDate: values.receivedDate ?? today,
    ofmUser: values.ofmUser ?? (user?.department === Department.OFM ? user.userId : null),
  };
}

export const offerToValues = (o: Offer): OfferValues => ({
  receivedVia: o.receivedVia,
  csnr: o.csnr,
  receivedDate: o.receivedDate,
  receivedFrom: o.receivedFrom,
  debitor: o.debitor,
  tp: o.tp,
  objekt: o.objekt,
  objektdaten: o.objektdaten,
  bauObjektNr: o.bauObjektNr,
  plz: o.plz,
  contactPerson: o.contactPerson,
  customerEmail: o.customerEmail,
  contactPersonTelNr: o.contactPersonTelNr,
  opmUser: o.opmUser,
  ofmUser: o.ofmUser,
  ktb: o.ktb,
  deliveryDate: o.deliveryDate,
  deleteFilesDate: o.deleteFilesDate,
  notes: o.notes,
  abteilung: { ...o.abteilung },
  aktuelle_abteilung: o.aktuelle_abteilung,
  angebot: { ...o.angebot },
  opm: { orderFollowUpDate: o.opm.orderFollowUpDate, status: o.opm.status, notes: o.opm.notes },
  ersatzteile: { ...o.ersatzteile },
  __v: o.__v,
});

/**
 * What the form checks before it saves: the fields as the API takes them, with the domain's cross-field rules
 * (the reason for 'Sonstiges', no follow-up before the offer date…) as errors at their fields.
 */
export const offerFormSchema = offerFieldsSchema.extend({ __v: z.number().int().min(0) }).superRefine((values, ctx) => {
  for (const issue of [...offerMinimumIssues(values), ...offerIssues(values)]) {
    ctx.addIssue({ code: 'custom', path: issue.path, message: issue.key });
  }
});

/** The body of POST (without __v; with the defect it was started from). */
export function toCreateBody(values: OfferValues, source: OfferSource | null): OfferCreate {
  const { __v, ...fields } = values;
  void __v;
  return offerCreateSchema.parse(source ? { ...fields, source } : fields);
}

/** The body of PUT (every field and the version read). */
export const toUpdateBody = (values: OfferValues): OfferUpdate => offerUpdateSchema.parse(values);

/** What the offer holds beyond the form (set by the server), for the live ampel. */
export interface OfferServerState {
  ktbInformedAt: string | null;
  takeOverRequestedAt: string | null;
  orderId: string | null;
}

export const serverStateOf = (o: Offer | null | undefined): OfferServerState => ({
  ktbInformedAt: o?.ktbInformedAt ?? null,
  takeOverRequestedAt: o?.takeOverRequestedAt ?? null,
  orderId: o?.opm.orderId ?? null,
});

const inputOf = (values: OfferValues, server: OfferServerState) =>
  ampelInputOf({
    ...values,
    ktbInformedAt: server.ktbInformedAt,
    takeOverRequestedAt: server.takeOverRequestedAt,
    opm: { ...values.opm, orderId: server.orderId },
  });

/** The offer's ampel as the server will compute it once the typed values are saved. */
export const liveAmpel = (values: OfferValues, server: OfferServerState, today = berlinToday()): OfferAmpel =>
  offerAmpel(inputOf(values, server), today);

/** 'Nachfassen fällig' for the typed values. */
export const liveFollowUpDue = (values: OfferValues, today = berlinToday()) => followUpDue(values, today);

/** Whether 'In Auftragsabwicklung übernehmen' is offered for the typed values. */
export const liveMayTakeOver = (values: OfferValues, server: OfferServerState) =>
  mayTakeOver({
    angebot: values.angebot,
    opm: { orderId: server.orderId, status: values.opm.status },
    takeOverRequestedAt: server.takeOverRequestedAt,
  });

/** The source defect from the address (?book&record&defect), when all three are there. */
export function sourceFromParams(params: URLSearchParams): OfferSource | null {
  const book = params.get('book');
  const record = params.get('record');
  const defect = params.get('defect');
  return book && record && defect ? { book, record, defect } : null;
}
