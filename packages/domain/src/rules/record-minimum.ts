/**
 * What an order, an offer and their rows need before they are saved (decision 028). SPEC names their fields
 * but none as required; an entirely empty order or offer could be saved and was then listed as 'Auftrag'
 * with nothing to find it by, and an empty extra-effort row billed nothing.
 *
 * A record needs one field a person recognises it by; which one depends on how it started (an order taken
 * over from an offer has its object, one typed from a customer's order form perhaps only the AB number).
 * A row needs what makes it a row: a delivery says what is delivered, an extra effort when it happened and
 * something to bill.
 */
import type { OfferFields } from '../schemas/offer';
import type { Delivery, MawEntry, OrderFields } from '../schemas/order';

export interface RecordIssue {
  path: (string | number)[];
  key: 'validation.order.identity' | 'validation.offer.identity' | 'validation.required' | 'validation.order.mawEmpty';
}

const filled = (value: string | null | undefined) => !!value?.trim();

/** One of these fields (paths) must have text; the issue stands at the first (the field the form shows first). */
export const IDENTITY_RULES = {
  order: { fields: ['objekt', 'kunde', 'abnr', 'csnr'], key: 'validation.order.identity' },
  offer: { fields: ['objekt', 'debitor', 'csnr', 'angebot.offerNr'], key: 'validation.offer.identity' },
} as const;

/** The text at a path such as 'angebot.offerNr'. */
const textAt = (record: object, path: string): string | undefined => {
  let value: unknown = record;
  for (const part of path.split('.')) value = (value as Record<string, unknown> | undefined)?.[part];
  return typeof value === 'string' ? value : undefined;
};

function identityIssues(kind: keyof typeof IDENTITY_RULES, record: object): RecordIssue[] {
  const rule = IDENTITY_RULES[kind];
  return rule.fields.some((f) => filled(textAt(record, f))) ? [] : [{ path: [rule.fields[0]], key: rule.key }];
}

/** What every row of a list needs: the field the issue stands at, and the test. */
export const ROW_RULES = {
  logistik: [{ field: 'bezeichnung', key: 'validation.required', ok: (d: Delivery) => filled(d.bezeichnung) }],
  maw: [
    { field: 'datum', key: 'validation.required', ok: (m: MawEntry) => !!m.datum },
    {
      field: 'stunden',
      key: 'validation.order.mawEmpty',
      ok: (m: MawEntry) => m.stunden > 0 || m.anfahrt || m.versand,
    },
  ],
} as const;

function rowIssues<R>(list: 'logistik' | 'maw', rows: readonly R[]): RecordIssue[] {
  const rules = ROW_RULES[list] as readonly { field: string; key: RecordIssue['key']; ok: (row: R) => boolean }[];
  return rows.flatMap((row, index) =>
    rules.filter((rule) => !rule.ok(row)).map((rule) => ({ path: [list, index, rule.field], key: rule.key })),
  );
}

/** The order as it will be saved: recognisable, and every delivery and extra-effort row complete. */
export function orderMinimumIssues(
  o: Pick<OrderFields, 'objekt' | 'kunde' | 'abnr' | 'csnr' | 'logistik' | 'maw'>,
): RecordIssue[] {
  return [...identityIssues('order', o), ...rowIssues('logistik', o.logistik), ...rowIssues('maw', o.maw)];
}

/** The offer as it will be saved: recognisable. */
export function offerMinimumIssues(o: Pick<OfferFields, 'objekt' | 'debitor' | 'csnr' | 'angebot'>): RecordIssue[] {
  return identityIssues('offer', o);
}
