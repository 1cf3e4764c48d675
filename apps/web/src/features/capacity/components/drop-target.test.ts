import type { WorkArea } from '@pruefbuch/domain/schemas/capacity';
import { describe, expect, it } from 'vitest';
import { acceptsDrop } from './drop-target';

const today = '2026-11-26';

describe('acceptsDrop (decision 027)', () => {
  it.each([
    ['the same area, a later day', '2026-11-27', 'antrieb', 'antrieb', true, true],
    ['the same area, today', '2026-11-26', 'antrieb', 'antrieb', true, true],
    ['the same area, yesterday', '2026-11-25', 'antrieb', 'antrieb', true, false],
    ['another area, a later day', '2026-11-27', 'sonstiges', 'antrieb', true, false],
    ['another area, today', '2026-11-26', 'verglasen', 'antrieb', true, false],
    ['no drag yet, a later day', '2026-11-27', 'versand', undefined, true, true],
    ['no drag yet, a past day', '2026-11-20', 'versand', undefined, true, false],
    ['a user who may not plan', '2026-11-27', 'antrieb', 'antrieb', false, false],
  ] as [string, string, WorkArea, WorkArea | undefined, boolean, boolean][])(
    '%s',
    (_name, date, area, dragged, mayPlan, accepts) => {
      expect(acceptsDrop({ date, area }, dragged, today, mayPlan)).toBe(accepts);
    },
  );
});
