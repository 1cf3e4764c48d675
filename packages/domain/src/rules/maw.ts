/**
 * What extra effort costs (SPEC §3 maw list, §9 defaults; issue 14): hours at the cost list's internal
 * or external hourly rate, plus the travel flat rate and the shipping cost where the entry says so.
 * Amounts in EUR, rounded to the cent.
 */
import type { MawRates } from '../schemas/capacity';
import type { MawEntry } from '../schemas/order';

const cents = (v: number) => Math.round(v * 100) / 100;

export function mawAmountOf(entry: Pick<MawEntry, 'art' | 'stunden' | 'anfahrt' | 'versand'>, rates: MawRates): number {
  const hourly = entry.art === 'int' ? rates.intMaw : rates.extMaw;
  return cents(
    entry.stunden * hourly + (entry.anfahrt ? rates.travelFlatRate : 0) + (entry.versand ? rates.versandCost : 0),
  );
}

/** The sum of all entries, and of those not yet billed. */
export function mawTotalsOf(entries: readonly MawEntry[], rates: MawRates): { total: number; open: number } {
  let total = 0;
  let open = 0;
  for (const e of entries) {
    const amount = mawAmountOf(e, rates);
    total += amount;
    if (!e.verrechnet) open += amount;
  }
  return { total: cents(total), open: cents(open) };
}
