/**
 * How a checklist answer and the record's defects go together, in the record editor and in the form of a
 * record made offline alike (decision 064): an item marked 'Mangel' gets a defect of its own (a new one, see
 * `newDefect`) unless it has one; when the mark is taken back, that item's defects nobody has filled in yet go
 * again. A defect with a description or a photo, or one already saved, stays: taking a mark back never loses work.
 */
import type { CheckResult } from '../schemas/inspection';

/** A defect just opened and not yet filled in: not saved, no description, no photos. */
export const isUntouchedDefect = (d: { _id?: string; text: string; photos: readonly string[] }) =>
  !d._id && !d.text.trim() && d.photos.length === 0;

/**
 * The defects after an item's answer changed from `before` to `after`; `open` says that the item needs a new
 * defect of its own, which the caller adds (the editor also moves the focus into it).
 */
export function defectsAfterAnswer<
  D extends { _id?: string; item: string | null; text: string; photos: readonly string[] },
>(
  defects: readonly D[],
  item: string,
  before: CheckResult | null,
  after: CheckResult,
): { open: boolean; defects: readonly D[] } {
  if (after === 'defect') return { open: !defects.some((d) => d.item === item), defects };
  if (before !== 'defect') return { open: false, defects };
  const kept = defects.filter((d) => !(d.item === item && isUntouchedDefect(d)));
  return { open: false, defects: kept.length === defects.length ? defects : kept };
}
