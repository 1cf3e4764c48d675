import { describe, expect, it } from 'vitest';
import { type CheckResult, newDefect } from '../schemas/inspection';
import { defectsAfterAnswer, isUntouchedDefect } from './checklist-defects';

describe('a defect opened by a checklist item', () => {
  it('counts as untouched only while unsaved, without description and photos', () => {
    const opened = { text: '', photos: [] as string[] };
    expect(isUntouchedDefect(opened)).toBe(true);
    expect(isUntouchedDefect({ ...opened, text: '  ' })).toBe(true);
    expect(isUntouchedDefect({ ...opened, text: 'Riss' })).toBe(false);
    expect(isUntouchedDefect({ ...opened, photos: ['p1'] })).toBe(false);
    expect(isUntouchedDefect({ ...opened, _id: 'd1' })).toBe(false);
  });
});

describe('the defects after an item’s answer changed', () => {
  const ITEM = 'rwa.documents';
  const untouched = newDefect(ITEM);
  const written = { ...newDefect(ITEM), text: 'Riss im Glas' };
  const withPhoto = { ...newDefect(ITEM), photos: ['p1'] };
  const saved = { ...newDefect(ITEM), _id: 'd1' };
  const otherItem = newDefect('rwa.signs');
  const unlinked = newDefect();

  // before → after, the defects before, whether a new one is opened, which stay.
  const rows: [CheckResult | null, CheckResult, object[], boolean, object[]][] = [
    [null, 'defect', [], true, []],
    ['ok', 'defect', [otherItem, unlinked], true, [otherItem, unlinked]],
    ['ok', 'defect', [written], false, [written]],
    ['defect', 'defect', [untouched], false, [untouched]],
    ['defect', 'ok', [untouched, otherItem], false, [otherItem]],
    ['defect', 'na', [untouched, unlinked], false, [unlinked]],
    ['defect', 'ok', [written], false, [written]],
    ['defect', 'ok', [withPhoto], false, [withPhoto]],
    ['defect', 'ok', [saved], false, [saved]],
    ['ok', 'na', [untouched], false, [untouched]],
    [null, 'ok', [untouched], false, [untouched]],
  ];
  it.each(rows)('%s → %s', (before, after, defects, open, kept) => {
    const next = defectsAfterAnswer(defects as (typeof untouched)[], ITEM, before, after);
    expect(next.open).toBe(open);
    expect(next.defects).toEqual(kept);
  });
});
