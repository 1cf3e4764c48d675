import { NORM_CHECKLISTS } from '@pruefbuch/domain/rules/checklists';
import {
  type Inspection,
  inspectionCreateSchema,
  inspectionUpdateSchema,
  selfInspectionCreateSchema,
} from '@pruefbuch/domain/schemas/inspection';
import { describe, expect, it } from 'vitest';
import {
  checklistProgress,
  emptyInspectionValues,
  finalizeBlockersOf,
  type InspectionValues,
  inspectionFormSchema,
  markOpenItemsOk,
  recordStatus,
  recordToValues,
  reportFormSchema,
  severityRank,
  toCreateBody,
  toUpdateBody,
  worstSeverity,
} from './inspection-form';

const PNG = 'data:image/png;base64,iVBORw0KGgo=';
const BOOK = '00000000-0000-4000-8000-000000000001';
const RWA = { type: 'RWA', component: 'DIN 18232-2' };

const fresh = (kind: 'inspection' | 'wartung' | 'gutachten' | 'self' = 'inspection') =>
  emptyInspectionValues({ kind, bookType: RWA, today: '2026-03-31', userName: 'Erika Muster', defaultText: 'x' });

/** A fully filled record: every item answered, operation stated, signed. */
function complete(kind: 'inspection' | 'self' = 'inspection'): InspectionValues {
  const v = fresh(kind);
  return {
    ...v,
    checklist: markOpenItemsOk(v.checklist),
    continuedOperation: 'yes',
    inspectorSignature: { name: 'Erika Muster', image: PNG },
  };
}

const record = (overrides: Partial<Inspection> = {}): Inspection => ({
  _id: '00000000-0000-4000-8000-0000000000aa',
  book: BOOK,
  tenant: '00000000-0000-4000-8000-0000000000bb',
  kind: 'inspection',
  when: '2026-02-01',
  where: 'Keller',
  who: 'Max Prüfer',
  isAbnahmeGutachten: false,
  akkutausch: true,
  text: 'Alles gut',
  misc: {},
  checklistName: 'rwa',
  checklist: [{ item: 'rwa.documents', label: 'Unterlagen', result: 'ok', note: '' }],
  defects: [{ _id: 'd1', text: 'Riss', severity: 'repair', item: 'rwa.documents', photos: ['p1'], resolved: false }],
  continuedOperation: true,
  inspectorSignature: { name: 'Max Prüfer', image: PNG, signedAt: '2026-02-01T10:00:00Z' },
  operatorAcknowledgement: null,
  report: null,
  corrects: null,
  correctedBy: null,
  finalized: true,
  finalizedAt: '2026-02-01T10:00:00Z',
  finalizedBy: 'MP',
  createdBy: null,
  __v: 3,
  createdAt: '2026-02-01T09:00:00Z',
  updatedAt: '2026-02-01T10:00:00Z',
  ...overrides,
});

describe('a new record', () => {
  it('gets the checklist of its book type, unanswered', () => {
    const v = fresh();
    expect(v.checklist.map((c) => c.item)).toEqual(NORM_CHECKLISTS.rwa.specialist);
    expect(v.checklist.every((c) => c.result === null)).toBe(true);
    expect(v.when).toBe('2026-03-31');
    expect(v.who).toBe('Erika Muster');
    expect(v.inspectorSignature).toEqual({ name: 'Erika Muster', image: null });
  });

  it('a self-inspection gets the operator list and its default text', () => {
    const v = fresh('self');
    expect(v.checklist.map((c) => c.item)).toEqual(NORM_CHECKLISTS.rwa.operator);
    expect(v.text).toBe('x');
    expect(v.who).toBe('');
  });

  it('gets the lists an admin gave its book type, own items with their texts', () => {
    const own = [
      { item: 'custom.roof', label: 'Dachzugang gesichert' },
      { item: 'rwa.triggerTest', label: '' },
    ];
    const v = emptyInspectionValues({
      kind: 'self',
      bookType: { ...RWA, checklist: [], selfChecklist: own },
      today: '2026-03-31',
      userName: 'Erika Muster',
    });
    expect(v.checklist).toEqual([
      { item: 'custom.roof', label: 'Dachzugang gesichert', result: null, note: '' },
      { item: 'rwa.triggerTest', label: '', result: null, note: '' },
    ]);
  });
});

describe('checklist', () => {
  it('counts progress and defects', () => {
    const v = fresh();
    const list = v.checklist.map((c, i) => (i === 0 ? { ...c, result: 'defect' as const } : c));
    expect(checklistProgress(list)).toEqual({
      answered: 1,
      total: NORM_CHECKLISTS.rwa.specialist.length,
      defects: 1,
      complete: false,
    });
  });

  it("'Alle in Ordnung' fills only the open items", () => {
    const v = fresh();
    const list = v.checklist.map((c, i) => (i === 0 ? { ...c, result: 'defect' as const } : c));
    const done = markOpenItemsOk(list);
    expect(done[0]?.result).toBe('defect');
    expect(done.slice(1).every((c) => c.result === 'ok')).toBe(true);
    expect(checklistProgress(done).complete).toBe(true);
  });
});

describe('finalize blockers of the form (the domain rule, rules/finalize)', () => {
  const TODAY = '2026-03-31';
  const codes = (kind: 'inspection' | 'wartung' | 'gutachten' | 'self', v: InspectionValues) =>
    finalizeBlockersOf(kind, v, TODAY).map((b) => b.code);

  it('a complete inspection has none', () => {
    expect(codes('inspection', complete())).toEqual([]);
  });

  it('names every missing part of a new record, at its field', () => {
    expect(finalizeBlockersOf('inspection', fresh(), TODAY).map((b) => b.field)).toEqual([
      'checklist.0.result',
      'continuedOperation',
      'inspectorSignature',
    ]);
  });

  it("reads the control's 'yes' and 'no' as the statement", () => {
    const shutdown = {
      key: 'd',
      text: 'Mangel',
      severity: 'shutdown' as const,
      item: null,
      photos: [],
      resolved: false,
    };
    const v = { ...complete(), defects: [shutdown] };
    expect(codes('inspection', v)).toEqual(['CONTINUED_OPERATION_CONFLICT']);
    expect(codes('inspection', { ...v, continuedOperation: 'no' })).toEqual([]);
    expect(codes('wartung', { ...v, continuedOperation: null })).toEqual(['CONTINUED_OPERATION_REQUIRED']);
    expect(codes('self', { ...complete('self'), continuedOperation: null })).toEqual([]);
  });

  it("reads the form's signature: a drawing without a name, or a name without a drawing, is none", () => {
    const v = complete();
    expect(codes('inspection', { ...v, inspectorSignature: { name: ' ', image: PNG } })).toEqual([
      'SIGNATURE_REQUIRED',
    ]);
    expect(codes('inspection', { ...v, inspectorSignature: { name: 'Erika Muster', image: null } })).toEqual([
      'SIGNATURE_REQUIRED',
    ]);
  });

  it('a date after today blocks, and the form says so in words of its own', () => {
    const [blocker] = finalizeBlockersOf('inspection', { ...complete(), when: '2026-04-01' }, TODAY);
    expect(blocker).toEqual({ code: 'VALIDATION', field: 'when', key: 'validation.notInFuture' });
  });
});

describe('severity', () => {
  it('orders safe < repair < shutdown', () => {
    expect(severityRank('safe')).toBeLessThan(severityRank('repair'));
    expect(severityRank('repair')).toBeLessThan(severityRank('shutdown'));
  });

  it.each([
    [[], null],
    [[{ severity: 'safe' }], 'safe'],
    [[{ severity: 'repair' }, { severity: 'safe' }], 'repair'],
    [[{ severity: 'safe' }, { severity: 'shutdown' }, { severity: 'repair' }], 'shutdown'],
    [[{ severity: 'shutdown', resolved: true }, { severity: 'safe' }], 'safe'],
  ] as const)('worst of %j is %s', (defects, worst) => {
    expect(worstSeverity(defects)).toBe(worst);
  });
});

describe('bodies sent to the API', () => {
  it('a new inspection passes the domain schema of POST inspections', () => {
    const body = toCreateBody('inspection', BOOK, complete(), null);
    const parsed = inspectionCreateSchema.parse(body);
    expect(parsed.kind).toBe('inspection');
    expect(parsed.continuedOperation).toBe(true);
    expect(parsed.inspectorSignature?.image).toBe(PNG);
    expect(parsed.operatorAcknowledgement).toBeNull();
  });

  it('a new self-inspection leaves out the staff-only fields', () => {
    const body = toCreateBody('self', BOOK, complete('self'), null);
    expect(body).not.toHaveProperty('where');
    expect(body).not.toHaveProperty('kind');
    expect(selfInspectionCreateSchema.safeParse(body).success).toBe(true);
  });

  it('an unsigned draft sends no signature but keeps everything else', () => {
    const body = toUpdateBody('inspection', { ...fresh(), __v: 4 });
    expect(body.inspectorSignature).toBeNull();
    expect(body.continuedOperation).toBeNull();
    expect(body.__v).toBe(4);
    expect(inspectionUpdateSchema.safeParse(body).success).toBe(true);
  });

  it('the operator acknowledgement is sent only when switched on and named', () => {
    const v = complete();
    const off = toUpdateBody('inspection', { ...v, operatorAcknowledgement: { name: 'Betreiber', image: null } });
    expect(off.operatorAcknowledgement).toBeNull();
    const on = toUpdateBody('inspection', {
      ...v,
      withOperatorAcknowledgement: true,
      operatorAcknowledgement: { name: ' Betreiber ', image: null },
    });
    expect(on.operatorAcknowledgement).toEqual({ name: 'Betreiber', image: null });
  });

  it('a stored signature keeps its time; a new drawing does not claim one', () => {
    const v = recordToValues(record({ finalized: false }), { userName: 'X' });
    expect(toUpdateBody('inspection', v).inspectorSignature?.signedAt).toBe('2026-02-01T10:00:00Z');
    const redrawn = { ...v, inspectorSignature: { name: 'Max Prüfer', image: PNG } };
    expect(toUpdateBody('inspection', redrawn).inspectorSignature).not.toHaveProperty('signedAt');
  });
});

describe('records and corrections', () => {
  it('a saved record round-trips into the same body', () => {
    const v = recordToValues(record({ finalized: false }), { userName: 'X' });
    const body = toUpdateBody('inspection', v);
    expect(body.defects).toEqual([
      { _id: 'd1', text: 'Riss', severity: 'repair', item: 'rwa.documents', photos: ['p1'], resolved: false },
    ]);
    expect(body.continuedOperation).toBe(true);
    expect(body.akkutausch).toBe(true);
    expect(body.__v).toBe(3);
  });

  it('a correction copies the content without ids and signatures', () => {
    const v = recordToValues(record(), { userName: 'Erika', copy: true });
    expect(v.defects[0]).not.toHaveProperty('_id');
    expect(v.defects[0]?.photos).toEqual(['p1']);
    expect(v.inspectorSignature).toEqual({ name: 'Max Prüfer', image: null });
    expect(v.__v).toBe(0);
    expect(v.text).toBe('Alles gut');
  });

  it.each([
    [{ finalized: false, correctedBy: null }, 'draft'],
    [{ finalized: true, correctedBy: null }, 'final'],
    [{ finalized: true, correctedBy: 'x' }, 'corrected'],
  ] as const)('status of %j is %s', (r, status) => {
    expect(recordStatus(r)).toBe(status);
  });
});

describe('form schemas', () => {
  const issues = (kind: 'inspection', v: InspectionValues) => {
    const result = inspectionFormSchema(kind).safeParse(v);
    return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}:${i.message}`);
  };

  it('a draft needs a date and a text for every defect', () => {
    const v = {
      ...fresh(),
      when: null,
      defects: [{ key: 'a', text: '', severity: 'safe' as const, item: null, photos: [], resolved: false }],
    };
    expect(issues('inspection', v)).toEqual(['when:validation.required', 'defects.0.text:validation.required']);
  });

  it('an acknowledgement switched on needs the operator name', () => {
    expect(issues('inspection', { ...fresh(), withOperatorAcknowledgement: true })).toEqual([
      'operatorAcknowledgement.name:validation.required',
    ]);
  });

  it('an unfinished draft may be saved', () => {
    expect(issues('inspection', fresh())).toEqual([]);
  });

  it('the report upload needs a PDF and a date', () => {
    const result = reportFormSchema.safeParse({
      when: null,
      who: '',
      where: '',
      text: '',
      isAbnahmeGutachten: true,
      file: null,
    });
    expect(result.success).toBe(false);
    const paths = result.success ? [] : result.error.issues.map((i) => i.path.join('.'));
    expect(paths).toEqual(['when', 'file']);
    const ok = reportFormSchema.safeParse({
      when: '2026-01-02',
      who: 'Sachverständiger',
      where: '',
      text: '',
      isAbnahmeGutachten: true,
      file: new File(['%PDF-1.4'], 'a.pdf', { type: 'application/pdf' }),
    });
    expect(ok.success).toBe(true);
  });
});
