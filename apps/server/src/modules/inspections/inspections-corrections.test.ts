import { addInterval } from '@pruefbuch/domain/rules/service-intervals';
import { describe, expect, it } from 'vitest';
import { createBook } from '../../../test/fixtures/books';
import {
  bookOf,
  call,
  complete,
  draft,
  FOREIGN,
  finalized,
  inspectionWorld,
  isoDay,
} from '../../../test/fixtures/inspections';
import { createTestApp } from '../../../test/helper';

const t = await createTestApp();

describe('corrections', () => {
  it('start as a copy of the corrected record without its signature; the corrected one names its correction', async () => {
    const w = await inspectionWorld(t);
    const original = await finalized(t, w, {
      kind: 'wartung',
      when: isoDay(-10),
      who: 'Tobias Techniker',
      text: 'Wartung nach Herstellervorgabe.',
      defects: [{ text: 'Sensor verschmutzt', severity: 'safe' }],
    });
    const res = await call(t, w)('POST', '/inspections', {
      book: w.book._id,
      kind: 'wartung',
      when: isoDay(-10),
      corrects: original._id,
      text: 'Wartung nach Herstellervorgabe; Akku getauscht.',
      akkutausch: true,
    });
    expect(res.statusCode).toBe(201);
    const c = res.json();
    expect(c).toMatchObject({
      corrects: original._id,
      who: 'Tobias Techniker',
      text: 'Wartung nach Herstellervorgabe; Akku getauscht.',
      akkutausch: true,
      checklist: original.checklist,
      continuedOperation: true,
      inspectorSignature: null,
      finalized: false,
    });
    expect(c.defects.map((d: { text: string }) => d.text)).toEqual(['Sensor verschmutzt']);
    // The same defect: it keeps its id in the correction.
    expect(c.defects[0]._id).toBe(original.defects[0]?._id);
    expect((await call(t, w)('GET', `/inspections/${original._id}`)).json().correctedBy).toBe(c._id);
  });

  it('must name a finalized record of the same book and family that nothing corrects yet', async () => {
    const w = await inspectionWorld(t);
    const other = await inspectionWorld(t);
    const second = await createBook(t, w.user.token, w.tenantId, { title: 'Zweite Tür' });
    const open = await draft(t, w);
    const done = await finalized(t, w, { when: isoDay(-4) });
    const self = await finalized(t, w, { kind: 'self', when: isoDay(-4) });
    const foreign = await finalized(t, other, { when: isoDay(-4) });
    const correct = (corrects: string, fields: Record<string, unknown> = {}) =>
      call(t, w)('POST', '/inspections', {
        book: w.book._id,
        kind: 'inspection',
        when: isoDay(-4),
        corrects,
        ...fields,
      });
    const notFinal = await correct(open._id);
    expect(notFinal.statusCode).toBe(409);
    expect(notFinal.json().code).toBe('NOT_FINALIZED');
    expect((await correct(foreign._id)).statusCode).toBe(404);
    expect((await correct(FOREIGN)).statusCode).toBe(404);
    expect((await correct('abc')).statusCode).toBe(400);
    const otherBook = await correct(done._id, { book: second._id });
    expect(otherBook.statusCode).toBe(400);
    expect(otherBook.json().details[0].field).toBe('corrects');
    expect((await correct(self._id)).json().details[0].field).toBe('corrects');
    expect((await correct(done._id)).statusCode).toBe(201);
    const twice = await correct(done._id);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('ALREADY_CORRECTED');
    const selfCorrection = await call(t, w)('POST', '/selfinspections', {
      book: w.book._id,
      when: isoDay(-4),
      corrects: self._id,
    });
    expect(selfCorrection.statusCode).toBe(201);
  });

  it('allow one correction even when two are sent at once', async () => {
    const w = await inspectionWorld(t);
    const done = await finalized(t, w, { when: isoDay(-4) });
    const post = () =>
      call(t, w)('POST', '/inspections', {
        book: w.book._id,
        kind: 'inspection',
        when: isoDay(-4),
        corrects: done._id,
      });
    const codes = (await Promise.all([post(), post(), post()])).map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 409, 409]);
  });

  it('replace the corrected record in the schedule once finalized', async () => {
    const w = await inspectionWorld(t);
    const wrong = await finalized(t, w, { when: isoDay(-2) });
    expect((await bookOf(t, w)).nextInspectionDate).toBe(addInterval(isoDay(-2), 12));
    const c = await draft(t, w, { corrects: wrong._id, when: isoDay(-200) });
    // A draft correction changes nothing yet.
    expect((await bookOf(t, w)).nextInspectionDate).toBe(addInterval(isoDay(-2), 12));
    const put = await call(t, w)('PUT', `/inspections/${c._id}`, complete(c));
    const fin = await call(t, w)('POST', `/inspections/${c._id}/finalize`, { __v: put.json().__v });
    expect(fin.statusCode).toBe(200);
    const book = await bookOf(t, w);
    expect(book.nextInspectionDate).toBe(addInterval(isoDay(-200), 12));
    expect(book.inspection).toEqual([wrong._id, c._id]);
    // Both stay in the book; the corrected one stays read-only.
    const edit = await call(t, w)('PUT', `/inspections/${wrong._id}`, { __v: wrong.__v, who: 'x' });
    expect(edit.json().code).toBe('FINALIZED');
  });

  it('lift a shut-down found by the corrected record', async () => {
    const w = await inspectionWorld(t);
    const wrong = await finalized(
      t,
      w,
      { when: isoDay(-2), defects: [{ text: 'Falsch erfasst', severity: 'shutdown' }] },
      { continuedOperation: false },
    );
    expect(await bookOf(t, w)).toMatchObject({ shutDown: true, inspectionAmpel: 'black', status: 6 });
    const c = await draft(t, w, { corrects: wrong._id, when: isoDay(-2), defects: [] });
    const put = await call(t, w)('PUT', `/inspections/${c._id}`, complete(c));
    await call(t, w)('POST', `/inspections/${c._id}/finalize`, { __v: put.json().__v });
    expect(await bookOf(t, w)).toMatchObject({ shutDown: false, inspectionAmpel: 'green', status: 4 });
  });
});
