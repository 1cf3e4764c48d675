import { describe, expect, it } from 'vitest';
import type { DefectSeverity } from '../schemas/inspection';
import { contradictsContinuedOperation, defectsAgainstOperation } from './continued-operation';

const d = (severity: DefectSeverity, resolved = false) => ({ severity, resolved });

describe('continued operation against open defects', () => {
  it.each([
    ['no defects, Ja', true, [], false],
    ['no defects, Nein', false, [], false],
    ['no defects, not stated', null, [], false],
    ['safe defect, Ja', true, [d('safe')], false],
    ['repair defect, Ja', true, [d('repair')], true],
    ['shutdown defect, Ja', true, [d('shutdown')], true],
    ['repair defect, Nein', false, [d('repair')], false],
    ['shutdown defect, Nein', false, [d('shutdown')], false],
    ['shutdown defect, not stated', null, [d('shutdown')], false],
    ['resolved shutdown defect, Ja', true, [d('shutdown', true)], false],
    ['resolved repair and open safe defect, Ja', true, [d('repair', true), d('safe')], false],
    ['safe and open repair defect, Ja', true, [d('safe'), d('repair')], true],
  ] as const)('%s → conflict %s', (_, continuedOperation, defects, conflict) => {
    expect(contradictsContinuedOperation({ continuedOperation, defects })).toBe(conflict);
  });

  it('names the open repair and shut-down defects by index', () => {
    expect(defectsAgainstOperation({ defects: [d('safe'), d('shutdown'), d('repair', true), d('repair')] })).toEqual([
      1, 3,
    ]);
  });

  it('treats a defect without the resolved flag as open', () => {
    expect(contradictsContinuedOperation({ continuedOperation: true, defects: [{ severity: 'repair' }] })).toBe(true);
  });
});
