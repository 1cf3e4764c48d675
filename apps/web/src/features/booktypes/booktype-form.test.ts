import { describe, expect, it } from 'vitest';
import { BOOKTYPE_FORM_SCHEMAS } from './booktype-form';

const rows = (...labels: string[]) => labels.map((label, i) => ({ item: `custom-${i}`, label }));
const issuesOf = (checklist: { item: string; label: string }[]) => {
  const res = BOOKTYPE_FORM_SCHEMAS.create.shape.checklist.safeParse(checklist);
  return res.success ? [] : res.error.issues.map((i) => [i.path.join('.'), i.message]);
};

describe('a book type checklist while editing', () => {
  it('marks a text given twice at the text field the user sees', () => {
    expect(issuesOf(rows('Antrieb prüfen', 'Sensoren prüfen', ' antrieb prüfen'))).toEqual([
      ['2.label', 'validation.duplicate'],
    ]);
  });

  it('accepts different texts and asks for a text where there is none', () => {
    expect(issuesOf(rows('Antrieb prüfen', 'Sensoren prüfen'))).toEqual([]);
    expect(issuesOf(rows('Antrieb prüfen', ''))).toEqual([['1.label', 'validation.required']]);
  });
});
