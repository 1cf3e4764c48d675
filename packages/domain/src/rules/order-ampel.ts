/**
 * The ampels of an order (SPEC §3 vkid.ampel, el.ampel, gesamt_ampel; the rules are not given: decision 023).
 * Each is the first row of its table that holds; `today` is the company's day (YYYY-MM-DD).
 *
 * Sales (vkid), while the order is not installed:
 * | row | colour | when                                                                       |
 * |-----|--------|----------------------------------------------------------------------------|
 * | 1   | null   | installed or further (MONTAGE_ABGESCHLOSSEN and after): nothing to plan     |
 * | 2   | red    | the planned installation date has passed                                  |
 * | 3   | red    | the goods arrive after the planned installation date                      |
 * | 4   | orange | no planned installation date or no sales week yet                         |
 * | 5   | orange | the planned installation is within 14 days and the goods date is missing  |
 * | 6   | green  | otherwise                                                                 |
 *
 * Operations (el), from AKT_KW_VKID until installed:
 * | 1   | null   | CREATED, or installed or further                                           |
 * | 2   | red    | the operations' week is before the current week                            |
 * | 3   | orange | no operations' week yet, or it differs from the sales week                 |
 * | 4   | orange | the operations' week is the current one and no installation date is set   |
 * | 5   | green  | otherwise                                                                 |
 *
 * Overall (gesamt): red when a delivery is overdue (planned date passed, not delivered) or either
 * ampel is red; else the worse of the two; green when both are null and the order is not billed yet
 * (null once billed).
 */
import { weekOf } from './calendar-week';
import { type OrderStatus, statusRank } from './order-status';

export type OrderAmpel = 'green' | 'orange' | 'red' | null;

export interface OrderAmpelInput {
  status: OrderStatus;
  vkid: { geplante_montage_date: string | null; warenbtermin_date: string | null; akt_kw: string };
  el: { akt_kw: string; montagedatum: string | null };
  logistik: { geplantAm: string | null; geliefertAm: string | null }[];
}

/** Days the goods date may be missing before a planned installation (sales row 5). */
export const GOODS_WARNING_DAYS = 14;

const installed = (s: OrderStatus) => statusRank(s) >= statusRank('MONTAGE_ABGESCHLOSSEN');
const daysUntil = (today: string, day: string) =>
  Math.round((Date.parse(`${day}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);

export function vkidAmpel(o: OrderAmpelInput, today: string): OrderAmpel {
  if (installed(o.status)) return null;
  const planned = o.vkid.geplante_montage_date;
  if (planned && planned < today) return 'red';
  if (planned && o.vkid.warenbtermin_date && o.vkid.warenbtermin_date > planned) return 'red';
  if (!planned || !o.vkid.akt_kw) return 'orange';
  if (!o.vkid.warenbtermin_date && daysUntil(today, planned) <= GOODS_WARNING_DAYS) return 'orange';
  return 'green';
}

export function elAmpel(o: OrderAmpelInput, today: string): OrderAmpel {
  if (o.status === 'CREATED' || installed(o.status)) return null;
  const current = weekOf(today);
  if (o.el.akt_kw && o.el.akt_kw < current) return 'red';
  if (!o.el.akt_kw || (o.vkid.akt_kw && o.el.akt_kw !== o.vkid.akt_kw)) return 'orange';
  if (o.el.akt_kw === current && !o.el.montagedatum) return 'orange';
  return 'green';
}

const RANK = { green: 1, orange: 2, red: 3 } as const;

export function overallAmpel(o: OrderAmpelInput, today: string): OrderAmpel {
  if (o.status === 'VERRECHNET') return null;
  const overdue = o.logistik.some((d) => d.geplantAm !== null && d.geplantAm < today && !d.geliefertAm);
  if (overdue) return 'red';
  const parts = [vkidAmpel(o, today), elAmpel(o, today)].filter((a): a is 'green' | 'orange' | 'red' => a !== null);
  if (parts.length === 0) return 'green';
  return parts.reduce((worst, a) => (RANK[a] > RANK[worst] ? a : worst));
}

/** All three at once, as the server stores them. */
export const orderAmpels = (o: OrderAmpelInput, today: string) => ({
  vkid: vkidAmpel(o, today),
  el: elAmpel(o, today),
  gesamt: overallAmpel(o, today),
});
