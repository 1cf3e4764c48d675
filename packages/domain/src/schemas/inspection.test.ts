import { describe, expect, it } from 'vitest';
import { defectSchema, NEW_DEFECT_SEVERITY, newDefect } from './inspection';

describe('a new defect', () => {
  it('is rated operate only after repair until the inspector rates it, never safe', () => {
    expect(NEW_DEFECT_SEVERITY).toBe('repair');
    expect(newDefect().severity).toBe('repair');
  });

  it('belongs to the checklist item it was marked on, or to none', () => {
    expect(newDefect('rwa.documents').item).toBe('rwa.documents');
    expect(newDefect().item).toBeNull();
  });

  it('starts open, without photos, and asks for its description before it is saved', () => {
    const defect = newDefect('rwa.documents');
    expect(defect).toMatchObject({ photos: [], resolved: false, text: '' });
    const parsed = defectSchema.safeParse(defect);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.path.join('.'))).toEqual(['text']);
    expect(defectSchema.safeParse({ ...defect, text: 'Riss im Glas' }).success).toBe(true);
  });

  it('is a new object each time, so one form never shares another defect’s photos', () => {
    const a = newDefect();
    a.photos.push('p1');
    expect(newDefect().photos).toEqual([]);
  });
});
