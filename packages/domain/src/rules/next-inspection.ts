/**
 * Next inspection date and ampel (SPEC §4), as pure functions shared by the server (which
 * stores the results on the book after every change) and the web (which previews them).
 *
 * Rule (docs/decisions/008-next-inspection-and-ampel.md):
 * - The last inspection is the latest `when` of the finalized inspection records (periodic
 *   inspection, maintenance, expert report) that are not acceptance reports.
 * - The next inspection is the last inspection plus the book's service interval, or, when the
 *   book has none (0), the interval of its book type. Without any finalized inspection the
 *   installation is due on its first service date (`firstservice`), else one interval after
 *   it was completed (`completedOn`); without those there is no date.
 * - For self-inspections the base is the later of the last finalized self-inspection and the
 *   last inspection, plus the self-inspection interval (book, else book type), with the same
 *   fallbacks.
 * - Ampel: no date → none (null); due in more than `orangeDays` (30) days → green; due within
 *   them (today included) → orange; overdue → red; overdue by more than `blackDays` (90) days,
 *   or an open defect of severity 'shutdown' → black.
 */
import type { Ampel as AmpelColour } from './book-status';
import { addInterval } from './service-intervals';

// The company's day, where the rules of a book's next date have always been found.
export { berlinMinutesOfDay, berlinToday, berlinWallClock } from './berlin-clock';

export interface AmpelThresholds {
  /** Days before the due date from which the ampel is orange. */
  orangeDays: number;
  /** Days after the due date from which the ampel is black. */
  blackDays: number;
}
export const DEFAULT_AMPEL_THRESHOLDS: AmpelThresholds = { orangeDays: 30, blackDays: 90 };

/** What the rule needs of an inspection record. */
export interface DatedRecord {
  kind: 'inspection' | 'wartung' | 'gutachten' | 'self';
  /** ISO date YYYY-MM-DD. */
  when: string;
  isAbnahmeGutachten: boolean;
  finalized: boolean;
}

export interface IntervalSource {
  serviceinterval: number;
  selfserviceinterval: number;
  firstservice: string | null;
  completedOn: string | null;
}

const latest = (dates: (string | null | undefined)[]): string | null =>
  dates.reduce<string | null>((max, d) => (d && (!max || d > max) ? d : max), null);

/** SPEC §4: the latest `when` among finalized inspections that are not acceptance reports. */
export function lastInspectionDate(records: readonly DatedRecord[]): string | null {
  return latest(records.filter((r) => r.finalized && r.kind !== 'self' && !r.isAbnahmeGutachten).map((r) => r.when));
}

/** SPEC §4: the later of the last finalized self-inspection and the last inspection. */
export function lastSelfInspectionBase(records: readonly DatedRecord[]): string | null {
  const lastSelf = latest(records.filter((r) => r.finalized && r.kind === 'self').map((r) => r.when));
  return latest([lastSelf, lastInspectionDate(records)]);
}

/** The interval that applies: the book's own, else its type's (0 = none). */
export const effectiveInterval = (bookValue: number, typeValue: number | null | undefined): number =>
  bookValue !== 0 ? bookValue : (typeValue ?? 0);

/**
 * The next due date from a base date and an interval (books/calculatedate). Without a base the
 * installation is due at its first service, else one interval after completion.
 */
export function calculateNextDate(
  base: string | null,
  interval: number,
  fallback: Pick<IntervalSource, 'firstservice' | 'completedOn'> = { firstservice: null, completedOn: null },
): string | null {
  if (interval === 0) return null;
  if (base) return addInterval(base, interval);
  if (fallback.firstservice) return fallback.firstservice;
  if (fallback.completedOn) return addInterval(fallback.completedOn, interval);
  return null;
}

/** Whole days from `from` to `to` (ISO dates), negative when `to` lies before `from`. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** The ampel of a due date seen on `today` (ISO dates). */
export function ampelFor(
  nextDate: string | null,
  today: string,
  thresholds: AmpelThresholds = DEFAULT_AMPEL_THRESHOLDS,
  shutDown = false,
): AmpelColour | null {
  if (shutDown) return 'black';
  if (!nextDate) return null;
  const daysLeft = daysBetween(today, nextDate);
  if (daysLeft > thresholds.orangeDays) return 'green';
  if (daysLeft >= 0) return 'orange';
  return -daysLeft > thresholds.blackDays ? 'black' : 'red';
}

export interface BookSchedule {
  nextInspectionDate: string | null;
  inspectionAmpel: AmpelColour | null;
  nextInspectionDateSelf: string | null;
  inspectionSelfAmpel: AmpelColour | null;
}

/** Both dates and both ampels of a book, from its records and intervals. */
export function bookSchedule(
  book: IntervalSource,
  type: { serviceinterval: number; selfserviceinterval: number } | null,
  records: readonly DatedRecord[],
  today: string,
  thresholds: AmpelThresholds = DEFAULT_AMPEL_THRESHOLDS,
  shutDown = false,
): BookSchedule {
  const next = calculateNextDate(
    lastInspectionDate(records),
    effectiveInterval(book.serviceinterval, type?.serviceinterval),
    book,
  );
  const nextSelf = calculateNextDate(
    lastSelfInspectionBase(records),
    effectiveInterval(book.selfserviceinterval, type?.selfserviceinterval),
    book,
  );
  return {
    nextInspectionDate: next,
    inspectionAmpel: ampelFor(next, today, thresholds, shutDown),
    nextInspectionDateSelf: nextSelf,
    inspectionSelfAmpel: ampelFor(nextSelf, today, thresholds, false),
  };
}
