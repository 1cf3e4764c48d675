/**
 * Qualifications of the inspecting staff (decision 055). A staff user holds qualifications of the
 * kinds below, each valid from a day until a day (or without end). A book type names the kind its
 * records need; only a user holding that kind, valid on the record's date, may sign and finalize an
 * inspection, maintenance or expert report of the type. Self-inspections are the operator's and need
 * none.
 *
 * | kind          | what it covers                               | norms                    |
 * | ------------- | -------------------------------------------- | ------------------------ |
 * | automaticDoor | powered pedestrian doors (sliding, swing, …) | DIN 18650 / ASR A1.7     |
 * | rwa           | smoke and heat extraction systems            | DIN 18232-2              |
 * | holdOpen      | hold-open systems on fire doors              | DIN 14677                |
 * | fireDoor      | fire and smoke protection doors              | DIN 4102-5 / DIN EN 16034 |
 *
 * The labels live in the locales (users.qualifications.kinds.<kind>); the norms are the same in
 * every language and are part of the label.
 */
import type { Installation, RecordKind } from './checklists';

export const QUALIFICATION_KINDS = ['automaticDoor', 'rwa', 'holdOpen', 'fireDoor'] as const;
export type QualificationKind = (typeof QUALIFICATION_KINDS)[number];

export const isQualificationKind = (v: unknown): v is QualificationKind =>
  typeof v === 'string' && (QUALIFICATION_KINDS as readonly string[]).includes(v);

export const QUALIFICATION_NORMS: Record<QualificationKind, string> = {
  automaticDoor: 'DIN 18650 / ASR A1.7',
  rwa: 'DIN 18232-2',
  holdOpen: 'DIN 14677',
  fireDoor: 'DIN 4102-5 / DIN EN 16034',
};

export const qualificationLabelKey = (kind: QualificationKind) => `users.qualifications.kinds.${kind}`;

/**
 * The kind a new book type proposes from its kind of installation (rules/checklists
 * `installationOf`); the admin may pick another or none. Gates and general installations propose
 * none: their inspection is not tied to one of these qualifications.
 *
 * | installation | proposed kind |
 * | ------------ | ------------- |
 * | sliding      | automaticDoor |
 * | swing        | automaticDoor |
 * | revolving    | automaticDoor |
 * | door         | automaticDoor |
 * | rwa          | rwa           |
 * | holdOpen     | holdOpen      |
 * | gate         | –             |
 * | general      | –             |
 */
export const QUALIFICATION_OF_INSTALLATION: Record<Installation, QualificationKind | null> = {
  sliding: 'automaticDoor',
  swing: 'automaticDoor',
  revolving: 'automaticDoor',
  door: 'automaticDoor',
  rwa: 'rwa',
  holdOpen: 'holdOpen',
  gate: null,
  general: null,
};

/**
 * The kind a record needs from who signs and finalizes it:
 *
 * | record kind | type names a kind | needed           |
 * | ----------- | ----------------- | ---------------- |
 * | inspection  | yes               | the type's kind  |
 * | wartung     | yes               | the type's kind  |
 * | gutachten   | yes               | the type's kind  |
 * | self        | yes               | none (operator)  |
 * | any         | no (or no type)   | none             |
 */
export function requiredQualification(
  kind: RecordKind,
  typeQualification: QualificationKind | null | undefined,
): QualificationKind | null {
  if (kind === 'self') return null;
  return typeQualification ?? null;
}

/** Days before the end of a qualification from which it counts as expiring (the matrix warns). */
export const EXPIRY_WARNING_DAYS = 60;
/** Reminder mails go out this many days before the last valid day, each once per qualification and end. */
export const REMINDER_DAYS = [60, 14] as const;
export type ReminderThreshold = (typeof REMINDER_DAYS)[number];

export interface QualificationPeriod {
  /** First valid day, YYYY-MM-DD. */
  validFrom: string;
  /** Last valid day, YYYY-MM-DD; null: without end. */
  validUntil: string | null;
}

export type QualificationState = 'notYet' | 'valid' | 'expiring' | 'expired';

const DAY_MS = 86_400_000;
/** Whole days from `from` to `to` (YYYY-MM-DD, UTC dates, no time of day). */
export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/**
 * A qualification on a day:
 *
 * | day                                        | state    |
 * | ------------------------------------------ | -------- |
 * | before validFrom                           | notYet   |
 * | after validUntil                           | expired  |
 * | validUntil within EXPIRY_WARNING_DAYS      | expiring |
 * | otherwise (also without end)               | valid    |
 *
 * The first and the last day are valid days.
 */
export function qualificationState(q: QualificationPeriod, day: string): QualificationState {
  if (day < q.validFrom) return 'notYet';
  if (q.validUntil === null) return 'valid';
  if (day > q.validUntil) return 'expired';
  return daysBetween(day, q.validUntil) < EXPIRY_WARNING_DAYS ? 'expiring' : 'valid';
}

/** Whether it may be used on `day`: from its first to its last valid day. */
export const validOn = (q: QualificationPeriod, day: string) => {
  const state = qualificationState(q, day);
  return state === 'valid' || state === 'expiring';
};

/** Whether one of `held` is of `kind` and valid on `day`; nothing needed is always held. */
export const holdsOn = (
  held: readonly (QualificationPeriod & { kind: string })[],
  kind: QualificationKind | null,
  day: string,
) => kind === null || held.some((q) => q.kind === kind && validOn(q, day));

/** The last day of a qualification for comparing: one without end lasts longest. */
const endOf = (q: QualificationPeriod) => q.validUntil ?? '9999-12-31';

/**
 * The one of `held` that lasts longest (the matrix's cell, the editor's 'valid until'): without end
 * before any end, else the latest last day; the first of equals; undefined for none.
 */
export function lastingLongest<T extends QualificationPeriod>(held: readonly T[]): T | undefined {
  let best: T | undefined;
  for (const q of held) if (!best || endOf(q) > endOf(best)) best = q;
  return best;
}

/**
 * The reminder due on `today` for a qualification ending on `validUntil`: the smallest threshold
 * that has been reached while the qualification is still valid, so a reminder missed on its day
 * (no server ran) goes out the next run, and a qualification recorded 10 days before its end gets
 * the 14-day reminder only.
 *
 * | days to the last valid day | reminder |
 * | -------------------------- | -------- |
 * | no end                     | –        |
 * | over 60                    | –        |
 * | 15 to 60                   | 60       |
 * | 0 to 14                    | 14       |
 * | below 0 (expired)          | –        |
 */
export function reminderDue(validUntil: string | null, today: string): ReminderThreshold | null {
  if (validUntil === null) return null;
  const left = daysBetween(today, validUntil);
  if (left < 0) return null;
  const reached = REMINDER_DAYS.filter((d) => left <= d);
  return reached.length ? (reached[reached.length - 1] ?? null) : null;
}
