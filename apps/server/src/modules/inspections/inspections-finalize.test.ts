import { Role } from '@pruefbuch/domain/roles';
import { addInterval } from '@pruefbuch/domain/rules/service-intervals';
import { describe, expect, it } from 'vitest';
import { auditRowsOf, branchMember } from '../../../test/fixtures/books';
import { bookOf, call, complete, draft, finalized, inspectionWorld, isoDay } from '../../../test/fixtures/inspections';
import { createTestApp } from '../../../test/helper';

const t = await createTestApp();

describe('POST inspections/{id}/finalize: what a record needs', () => {
  it('refuses without signature, with an open checklist item, without continued operation, dated in the future', async () => {
    const w = await inspectionWorld(t);
    const r = await draft(t, w);
    const finalize = async (fields: Record<string, unknown>) => {
      const current = (await call(t, w)('GET', `/inspections/${r._id}`)).json();
      const put = await call(t, w)('PUT', `/inspections/${r._id}`, { ...fields, __v: current.__v });
      expect(put.statusCode).toBe(200);
      return call(t, w)('POST', `/inspections/${r._id}/finalize`, { __v: put.json().__v });
    };
    // A blank draft's refusal names every missing part at its field, in the order of the form (rules/finalize).
    const blank = await call(t, w)('POST', `/inspections/${r._id}/finalize`, { __v: r.__v });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().code).toBe('CHECKLIST_INCOMPLETE');
    expect(blank.json().details.map((d: { field: string }) => d.field)).toEqual([
      'checklist.0.result',
      'continuedOperation',
      'inspectorSignature',
    ]);
    const full = complete(r);
    const noSignature = await finalize({ ...full, inspectorSignature: null });
    expect(noSignature.statusCode).toBe(400);
    expect(noSignature.json()).toMatchObject({
      code: 'SIGNATURE_REQUIRED',
      details: [{ field: 'inspectorSignature' }],
    });
    expect(noSignature.json().message).toBe('Zum Abschließen wird die Unterschrift des Prüfers benötigt.');
    const open = full.checklist.map((c, i) => (i === 3 ? { ...c, result: null } : c));
    const incomplete = await finalize({ ...full, checklist: open });
    expect(incomplete.json()).toMatchObject({
      code: 'CHECKLIST_INCOMPLETE',
      details: [{ field: 'checklist.3.result' }],
    });
    expect((await finalize({ ...full, checklist: [] })).json().code).toBe('CHECKLIST_INCOMPLETE');
    const noStatement = await finalize({ ...full, continuedOperation: null });
    expect(noStatement.statusCode).toBe(400);
    expect(noStatement.json().code).toBe('CONTINUED_OPERATION_REQUIRED');
    const future = await finalize({ ...full, when: isoDay(3) });
    expect(future.statusCode).toBe(400);
    expect(future.json().details[0]).toMatchObject({ field: 'when', key: 'validation.notInFuture' });
    const read = (await call(t, w)('GET', `/inspections/${r._id}`)).json();
    expect(read.finalized).toBe(false);
    const ok = await finalize({ ...full, when: isoDay(-1) });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ finalized: true, finalizedBy: w.user.abbreviation });
    expect(Date.parse(ok.json().finalizedAt)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('needs no continued-operation statement of a self-inspection or an expert report', async () => {
    const w = await inspectionWorld(t);
    expect((await finalized(t, w, { kind: 'self' }, { continuedOperation: null })).finalized).toBe(true);
    expect((await finalized(t, w, { kind: 'gutachten' }, { continuedOperation: null })).finalized).toBe(true);
  });

  it("refuses 'may stay in operation: yes' beside an open repair or shut-down defect, naming the field", async () => {
    const w = await inspectionWorld(t);
    const r = await draft(t, w, { kind: 'wartung' });
    const attempt = async (fields: Record<string, unknown>, lang = 'de') => {
      const current = (await call(t, w)('GET', `/inspections/${r._id}`)).json();
      const put = await call(t, w)('PUT', `/inspections/${r._id}`, { ...complete(r), ...fields, __v: current.__v });
      expect(put.statusCode).toBe(200);
      return t.api({
        method: 'POST',
        url: `/inspections/${r._id}/finalize`,
        token: w.user.token,
        tenant: w.tenantId,
        headers: { 'accept-language': lang },
        payload: { __v: put.json().__v },
      });
    };
    const shutdown = { text: 'Fluchtweg öffnet nicht', severity: 'shutdown', item: 'door.escapeRoute' };
    const repair = { text: 'Riemen rissig', severity: 'repair', item: 'door.drive' };
    for (const [defect, lang] of [
      [shutdown, 'de'],
      [repair, 'en'],
    ] as const) {
      const res = await attempt({ defects: [defect], continuedOperation: true }, lang);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'CONTINUED_OPERATION_CONFLICT',
        details: [{ field: 'continuedOperation', key: 'errors.CONTINUED_OPERATION_CONFLICT' }],
      });
      expect(res.json().message).toContain(lang === 'de' ? 'Stilllegen' : 'Shut down');
    }
    expect((await call(t, w)('GET', `/inspections/${r._id}`)).json().finalized).toBe(false);
    // A fixed shut-down defect and a safe one do not stand in the way.
    const resolved = await attempt({
      defects: [
        { ...shutdown, resolved: true },
        { text: 'Kratzer', severity: 'safe' },
      ],
      continuedOperation: true,
    });
    expect(resolved.statusCode).toBe(200);
    expect(resolved.json()).toMatchObject({ finalized: true, continuedOperation: true });
  });

  it("finalizes with an open shut-down defect once the statement is 'no', and with a fixed one at 'yes'", async () => {
    const w = await inspectionWorld(t);
    const shutdown = { text: 'Fluchtweg öffnet nicht', severity: 'shutdown' };
    const no = await finalized(t, w, { defects: [shutdown] }, { continuedOperation: false });
    expect(no).toMatchObject({ finalized: true, continuedOperation: false });
    const fixed = await finalized(t, w, { defects: [{ ...shutdown, resolved: true }] }, { continuedOperation: true });
    expect(fixed).toMatchObject({ finalized: true, continuedOperation: true });
    // The refusal holds for expert reports too, where the statement is optional.
    const g = await draft(t, w, { kind: 'gutachten', defects: [{ text: 'Antrieb defekt', severity: 'repair' }] });
    const put = await call(t, w)('PUT', `/inspections/${g._id}`, complete(g, { continuedOperation: true }));
    const res = await call(t, w)('POST', `/inspections/${g._id}/finalize`, { __v: put.json().__v });
    expect(res.json().code).toBe('CONTINUED_OPERATION_CONFLICT');
  });

  it('answers a stale __v with 409 CONFLICT', async () => {
    const w = await inspectionWorld(t);
    const r = await draft(t, w);
    const put = await call(t, w)('PUT', `/inspections/${r._id}`, complete(r));
    expect(put.json().__v).toBe(1);
    const stale = await call(t, w)('POST', `/inspections/${r._id}/finalize`, { __v: 0 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('CONFLICT');
    expect((await call(t, w)('POST', `/inspections/${r._id}/finalize`, {})).statusCode).toBe(400);
  });
});

describe('a finalized record is read-only', () => {
  it('refuses PUT, DELETE and a second finalize with 409 FINALIZED, on every path', async () => {
    const w = await inspectionWorld(t);
    const r = await finalized(t, w);
    const s = await finalized(t, w, { kind: 'self' });
    const attempts = [
      call(t, w)('PUT', `/inspections/${r._id}`, { __v: r.__v, who: 'Nachträglich' }),
      call(t, w)('DELETE', `/inspections/${r._id}`),
      call(t, w)('DELETE', `/books/${w.book._id}/inspection/${r._id}`),
      call(t, w)('POST', `/inspections/${r._id}/finalize`, { __v: r.__v }),
      call(t, w)('PUT', `/selfinspections/${s._id}`, { __v: s.__v, text: 'anders' }),
      call(t, w)('DELETE', `/selfinspections/${s._id}`),
      call(t, w)('DELETE', `/books/${w.book._id}/selfinspection/${s._id}`),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('FINALIZED');
    }
    expect((await call(t, w)('GET', `/inspections/${r._id}`)).json()).toEqual(r);
  });
});

describe('finalize recomputes the schedule of the book', () => {
  it('moves the next inspection date and the ampel, sets status inspected and writes the protocol', async () => {
    const w = await inspectionWorld(t);
    expect(await bookOf(t, w)).toMatchObject({ nextInspectionDate: null, inspectionAmpel: null, status: 1 });
    const when = isoDay(-340);
    await finalized(t, w, { kind: 'wartung', when });
    const next = addInterval(when, 12);
    const book = await bookOf(t, w);
    expect(book).toMatchObject({ nextInspectionDate: next, inspectionAmpel: 'orange', status: 4, shutDown: false });
    // The self-inspection is due a month after the last inspection (the later of the two).
    expect(book).toMatchObject({ nextInspectionDateSelf: addInterval(when, 1), inspectionSelfAmpel: 'black' });
    await finalized(t, w, { kind: 'inspection', when: isoDay(-2) });
    expect(await bookOf(t, w)).toMatchObject({
      nextInspectionDate: addInterval(isoDay(-2), 12),
      inspectionAmpel: 'green',
    });
    const fields = (await auditRowsOf(t, w.book._id)).map((a) => a.field);
    expect(fields).toEqual(
      expect.arrayContaining(['wartung.finalized', 'nextInspectionDate', 'inspectionAmpel', 'status']),
    );
  });

  it('does not move the date for an acceptance report, but approves the book', async () => {
    const w = await inspectionWorld(t);
    await finalized(t, w, { kind: 'inspection', when: isoDay(-100) });
    const before = await bookOf(t, w);
    await finalized(t, w, { kind: 'gutachten', when: isoDay(-1), isAbnahmeGutachten: true });
    const after = await bookOf(t, w);
    expect(after.nextInspectionDate).toBe(before.nextInspectionDate);
    expect(after.status).toBe(3);
    expect(after.__v).toBeGreaterThan(before.__v);
  });

  it('turns the ampel black and the book to failure for an open shut-down defect, until a record clears it', async () => {
    const w = await inspectionWorld(t);
    await finalized(
      t,
      w,
      {
        when: isoDay(-5),
        defects: [{ text: 'Fluchtweg-Funktion ohne Wirkung', severity: 'shutdown', item: 'door.escapeRoute' }],
      },
      { continuedOperation: false },
    );
    expect(await bookOf(t, w)).toMatchObject({ shutDown: true, inspectionAmpel: 'black', status: 6 });
    const reason = (await call(t, w)('GET', `/books/${w.book._id}/shutdown`)).json();
    expect(reason).toMatchObject({
      shutDown: true,
      record: { kind: 'inspection', when: isoDay(-5) },
      defects: [{ text: 'Fluchtweg-Funktion ohne Wirkung', severity: 'shutdown', item: 'door.escapeRoute' }],
    });
    // A self-inspection neither shuts down nor clears an expert's finding.
    await finalized(t, w, { kind: 'self', when: isoDay(-1) });
    expect(await bookOf(t, w)).toMatchObject({ shutDown: true, inspectionAmpel: 'black', status: 6 });
    await finalized(t, w, {
      kind: 'wartung',
      when: isoDay(-1),
      defects: [{ text: 'Fluchtweg-Funktion ohne Wirkung', severity: 'shutdown', resolved: true }],
    });
    expect(await bookOf(t, w)).toMatchObject({ shutDown: false, inspectionAmpel: 'green', status: 4 });
    expect((await call(t, w)('GET', `/books/${w.book._id}/shutdown`)).json()).toEqual({
      shutDown: false,
      record: null,
      defects: [],
    });
  });

  it('names an expert report that shut the book down only to those who may read expert reports', async () => {
    const w = await inspectionWorld(t);
    await finalized(
      t,
      w,
      { kind: 'gutachten', when: isoDay(-2), defects: [{ text: 'Brandschutz fehlt', severity: 'shutdown' }] },
      { continuedOperation: false },
    );
    const staff = (await call(t, w)('GET', `/books/${w.book._id}/shutdown`)).json();
    expect(staff).toMatchObject({
      shutDown: true,
      record: { kind: 'gutachten' },
      defects: [{ text: 'Brandschutz fehlt' }],
    });
    const branch = await branchMember(t, w.tenantId, [w.book._id]);
    const hidden = await call(t, w)('GET', `/books/${w.book._id}/shutdown`, undefined, branch.token);
    expect(hidden.json()).toEqual({ shutDown: true, record: null, defects: [] });
    const other = await inspectionWorld(t);
    expect((await call(t, other)('GET', `/books/${w.book._id}/shutdown`)).statusCode).toBe(404);
  });

  it('sets failure for an open repair defect, without shutting down', async () => {
    const w = await inspectionWorld(t);
    await finalized(t, w, { when: isoDay(-3), defects: [{ text: 'Riemen rissig', severity: 'repair' }] });
    expect(await bookOf(t, w)).toMatchObject({ shutDown: false, inspectionAmpel: 'green', status: 6 });
  });

  it('moves only the self-inspection date for a self-inspection, and keeps the status', async () => {
    const w = await inspectionWorld(t);
    const branch = await branchMember(t, w.tenantId, [w.book._id]);
    const r = await draft(t, w, { kind: 'self', when: isoDay(-3) }, branch.token);
    const put = await call(t, w)('PUT', `/selfinspections/${r._id}`, complete(r), branch.token);
    const fin = await call(t, w)('POST', `/selfinspections/${r._id}/finalize`, { __v: put.json().__v }, branch.token);
    expect(fin.statusCode).toBe(200);
    expect(await bookOf(t, w)).toMatchObject({
      nextInspectionDate: null,
      nextInspectionDateSelf: addInterval(isoDay(-3), 1),
      inspectionSelfAmpel: 'orange',
      status: 1,
    });
  });
});

describe('a change of the book recomputes the schedule', () => {
  it('follows the interval, first service and type of the book', async () => {
    const w = await inspectionWorld(t, Role.STANDARD_ROLE, { serviceinterval: 0, firstservice: isoDay(10) });
    // Interval 0 on the book: the type's yearly interval applies; without records the first service is due.
    expect(await bookOf(t, w)).toMatchObject({ nextInspectionDate: isoDay(10), inspectionAmpel: 'orange' });
    await finalized(t, w, { when: isoDay(-20) });
    expect((await bookOf(t, w)).nextInspectionDate).toBe(addInterval(isoDay(-20), 12));
    const current = await bookOf(t, w);
    const put = await call(t, w)('PUT', `/books/${w.book._id}`, { __v: current.__v, serviceinterval: 1 });
    expect(put.json()).toMatchObject({ nextInspectionDate: addInterval(isoDay(-20), 1), inspectionAmpel: 'orange' });
    const none = await call(t, w)('PUT', `/books/${w.book._id}`, {
      __v: put.json().__v,
      bookType: null,
      serviceinterval: 0,
    });
    expect(none.json()).toMatchObject({ nextInspectionDate: null, inspectionAmpel: null });
  });
});
