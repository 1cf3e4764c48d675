import { describe, expect, it } from 'vitest';
import { type AreaMinutes, NO_MINUTES } from '../schemas/capacity';
import { type ConflictSlot, conflictsOfSlot, planConflicts } from './plan-conflicts';

const slot = (id: string, date: string, area: ConflictSlot['area'], minutes = 60, finished = false): ConflictSlot => ({
  id,
  date,
  area,
  minutes,
  finished,
});
/** A plan in step order, Monday to Tuesday, with an installation the Friday after. */
const plan = [
  slot('p', '2026-12-07', 'profilbearbeitung'),
  slot('a', '2026-12-07', 'antrieb'),
  slot('g', '2026-12-07', 'verglasen'),
  slot('v', '2026-12-08', 'versand'),
];
const required: AreaMinutes = { ...NO_MINUTES, profilbearbeitung: 60, antrieb: 60, verglasen: 60, versand: 60 };
const everyDay = () => 480;
const input = (over: Partial<Parameters<typeof planConflicts>[0]> = {}) => ({
  installation: '2026-12-11',
  slots: plan,
  required,
  available: everyDay,
  ...over,
});

describe('plan conflicts (decision 050)', () => {
  it('finds none in a plan that fits the order, and none without slots', () => {
    expect(planConflicts(input())).toEqual([]);
    expect(planConflicts(input({ slots: [] }))).toEqual([]);
  });

  it('afterInstallation: open slots on or after the installation date; finished ones are history', () => {
    expect(planConflicts(input({ installation: '2026-12-08' }))).toEqual([
      { kind: 'afterInstallation', slotIds: ['v'] },
    ]);
    const done = plan.map((s) => ({ ...s, finished: true }));
    expect(planConflicts(input({ installation: '2026-12-07', slots: done }))).toEqual([]);
    expect(planConflicts(input({ installation: null }))).toEqual([]);
  });

  it('outOfStepOrder: shipping before the day after glazing, glazing before the drive', () => {
    const sameDay = plan.map((s) => (s.id === 'v' ? { ...s, date: '2026-12-07' } : s));
    expect(planConflicts(input({ slots: sameDay }))).toEqual([{ kind: 'outOfStepOrder', slotIds: ['v'] }]);
    const glazingFirst = plan.map((s) => (s.id === 'g' ? { ...s, date: '2026-12-04' } : s));
    expect(planConflicts(input({ slots: glazingFirst }))).toEqual([{ kind: 'outOfStepOrder', slotIds: ['g'] }]);
    // A step without slots passes its bound on: shipping after the drive still waits a day.
    const noGlazing = plan.filter((s) => s.id !== 'g').map((s) => (s.id === 'v' ? { ...s, date: '2026-12-07' } : s));
    expect(
      planConflicts(input({ slots: noGlazing, required: { ...required, verglasen: 0 } })).map((c) => c.kind),
    ).toEqual(['outOfStepOrder']);
  });

  it('noCapacity: an open slot on a day its area has no time (a holiday or absence entered later)', () => {
    const away = (date: string, area: string) => (date === '2026-12-08' && area === 'versand' ? 0 : 480);
    expect(planConflicts(input({ available: away }))).toEqual([{ kind: 'noCapacity', slotIds: ['v'] }]);
    const shipped = plan.map((s) => (s.id === 'v' ? { ...s, finished: true } : s));
    expect(planConflicts(input({ available: away, slots: shipped }))).toEqual([]);
  });

  it('configChanged: what is planned no longer matches the required time, by 15 minutes in an area', () => {
    expect(planConflicts(input({ required: { ...required, antrieb: 74 } }))).toEqual([]);
    expect(planConflicts(input({ required: { ...required, antrieb: 75 } }))).toEqual([
      { kind: 'configChanged', slotIds: ['p', 'a', 'g', 'v'] },
    ]);
    expect(planConflicts(input({ required: { ...required, sonstiges: 30 } }))[0]?.kind).toBe('configChanged');
  });

  it('lists several kinds in the table’s order, and tells a slot its own', () => {
    const conflicts = planConflicts(
      input({ installation: '2026-12-08', required: { ...required, versand: 120 }, available: () => 0 }),
    );
    expect(conflicts.map((c) => c.kind)).toEqual(['afterInstallation', 'noCapacity', 'configChanged']);
    expect(conflictsOfSlot(conflicts, 'v')).toEqual(['afterInstallation', 'noCapacity', 'configChanged']);
    expect(conflictsOfSlot(conflicts, 'p')).toEqual(['noCapacity', 'configChanged']);
  });
});
