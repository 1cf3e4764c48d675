import { describe, expect, it } from 'vitest';
import type { DefectSeverity, InspectionKind } from '../schemas/inspection';
import { FINALIZE_KEYS, type FinalizableRecord, finalizeBlockers } from './finalize';

const TODAY = '2026-11-29';
const PNG = 'data:image/png;base64,iVBORw0KGgo=';
const defect = (severity: DefectSeverity, resolved = false) => ({ severity, resolved });

/** A record every rule lets through. */
const ready = (kind: InspectionKind = 'inspection'): FinalizableRecord => ({
  kind,
  when: TODAY,
  checklist: [{ result: 'ok' }, { result: 'defect' }, { result: 'na' }],
  defects: [defect('safe')],
  continuedOperation: true,
  inspectorSignature: { name: 'Jonas Weber', image: PNG },
});

const codesOf = (record: FinalizableRecord) => finalizeBlockers(record, TODAY).map((b) => `${b.code}@${b.field}`);

describe('what finalizing needs (decision 065)', () => {
  it.each([
    ['ready inspection', ready(), []],
    ['ready maintenance', ready('wartung'), []],
    ['ready self-inspection', ready('self'), []],
    ['ready expert report', ready('gutachten'), []],
    ['dated today', { ...ready(), when: TODAY }, []],
    ['dated tomorrow', { ...ready(), when: '2026-11-30' }, ['VALIDATION@when']],
    ['no date yet (the form asks on saving)', { ...ready(), when: null }, []],
    [
      'the fourth item open',
      { ...ready(), checklist: [{ result: 'ok' }, { result: 'ok' }, { result: 'ok' }, { result: null }] },
      ['CHECKLIST_INCOMPLETE@checklist.3.result'],
    ],
    ['an inspection without checklist', { ...ready(), checklist: [] }, ['CHECKLIST_INCOMPLETE@checklist']],
    ['a self-inspection without checklist', { ...ready('self'), checklist: [] }, ['CHECKLIST_INCOMPLETE@checklist']],
    ['an expert report without checklist', { ...ready('gutachten'), checklist: [] }, []],
    [
      'an inspection without statement',
      { ...ready(), continuedOperation: null },
      ['CONTINUED_OPERATION_REQUIRED@continuedOperation'],
    ],
    [
      'a maintenance without statement',
      { ...ready('wartung'), continuedOperation: null },
      ['CONTINUED_OPERATION_REQUIRED@continuedOperation'],
    ],
    ['a self-inspection without statement', { ...ready('self'), continuedOperation: null }, []],
    ['an expert report without statement', { ...ready('gutachten'), continuedOperation: null }, []],
    [
      "'yes' beside an open shut-down defect",
      { ...ready(), defects: [defect('shutdown')] },
      ['CONTINUED_OPERATION_CONFLICT@continuedOperation'],
    ],
    [
      "an expert report's 'yes' beside an open repair defect",
      { ...ready('gutachten'), defects: [defect('safe'), defect('repair')] },
      ['CONTINUED_OPERATION_CONFLICT@continuedOperation'],
    ],
    [
      "'no' beside an open shut-down defect",
      { ...ready(), continuedOperation: false, defects: [defect('shutdown')] },
      [],
    ],
    ["'yes' beside a resolved shut-down defect", { ...ready(), defects: [defect('shutdown', true)] }, []],
    ['no signature', { ...ready(), inspectorSignature: null }, ['SIGNATURE_REQUIRED@inspectorSignature']],
    [
      'a name without drawing',
      { ...ready(), inspectorSignature: { name: 'Jonas Weber', image: null } },
      ['SIGNATURE_REQUIRED@inspectorSignature'],
    ],
    [
      'a drawing without name',
      { ...ready(), inspectorSignature: { name: '  ', image: PNG } },
      ['SIGNATURE_REQUIRED@inspectorSignature'],
    ],
  ] as const)('%s → %j', (_, record, expected) => {
    expect(codesOf(record as FinalizableRecord)).toEqual(expected);
  });

  it('names only texts of FINALIZE_KEYS', () => {
    const everything: FinalizableRecord = {
      kind: 'inspection',
      when: '2026-12-24',
      checklist: [],
      defects: [defect('shutdown')],
      continuedOperation: true,
      inspectorSignature: null,
    };
    const keys = [
      ...finalizeBlockers(everything, TODAY),
      ...finalizeBlockers({ ...everything, continuedOperation: null }, TODAY),
    ].map((b) => b.key);
    expect(new Set(keys)).toEqual(new Set(FINALIZE_KEYS));
  });

  it('names everything still missing, in the order of the form', () => {
    const fresh: FinalizableRecord = {
      kind: 'wartung',
      when: '2026-12-02',
      checklist: [{ result: 'ok' }, { result: null }],
      defects: [],
      continuedOperation: null,
      inspectorSignature: null,
    };
    expect(finalizeBlockers(fresh, TODAY)).toEqual([
      { code: 'VALIDATION', field: 'when', key: 'validation.notInFuture' },
      { code: 'CHECKLIST_INCOMPLETE', field: 'checklist.1.result', key: 'errors.CHECKLIST_INCOMPLETE' },
      { code: 'CONTINUED_OPERATION_REQUIRED', field: 'continuedOperation', key: 'errors.CONTINUED_OPERATION_REQUIRED' },
      { code: 'SIGNATURE_REQUIRED', field: 'inspectorSignature', key: 'errors.SIGNATURE_REQUIRED' },
    ]);
  });
});
