/**
 * The child entries of an account (userInspection, SPEC §4): adding copies the account's last name, dates the
 * birth ten years back and numbers the entry one above the highest (at least 1); removing matches by _id when
 * the entry has one, else by position number.
 */
import { defaultChildDob } from '@pruefbuch/domain/constants';

export interface ChildEntry {
  _id?: string;
  firstName: string;
  lastName: string;
  /** YYYY-MM-DD */
  dob: string;
  positionsNummer: number;
  properties: Record<string, unknown>;
}

export function nextPositionsNummer(entries: readonly Pick<ChildEntry, 'positionsNummer'>[]): number {
  const highest = entries.reduce(
    (max, e) => (Number.isFinite(e.positionsNummer) ? Math.max(max, e.positionsNummer) : max),
    0,
  );
  return Math.max(highest, 0) + 1;
}

export function newChildEntry(entries: readonly ChildEntry[], accountLastName: string, today = new Date()): ChildEntry {
  return {
    firstName: '',
    lastName: accountLastName,
    dob: defaultChildDob(today),
    positionsNummer: nextPositionsNummer(entries),
    properties: {},
  };
}

export function addChildEntry(
  entries: readonly ChildEntry[],
  accountLastName: string,
  today = new Date(),
): ChildEntry[] {
  return [...entries, newChildEntry(entries, accountLastName, today)];
}

export function removeChildEntry(
  entries: readonly ChildEntry[],
  target: Pick<ChildEntry, '_id' | 'positionsNummer'>,
): ChildEntry[] {
  if (target._id) return entries.filter((e) => e._id !== target._id);
  return entries.filter((e) => e.positionsNummer !== target.positionsNummer);
}
