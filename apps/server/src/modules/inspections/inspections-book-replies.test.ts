import type { Book, BookDto } from '@pruefbuch/domain/schemas/book';
import type { Inspection } from '@pruefbuch/domain/schemas/inspection';
import { describe, expect, it } from 'vitest';
import { call, draft, finalized, inspectionWorld, isoDay, PNG } from '../../../test/fixtures/inspections';
import { createTestApp } from '../../../test/helper';

/**
 * Decision 015: the book detail replies (GET books/{id}, GET books/dto/{id}) name a book's
 * records by id and never carry the records, their checklists or signatures; the book page
 * loads those on demand, a page at a time (GET inspections?book=). Decision 020: no list of
 * records carries a signature's drawing; GET inspections/{id} does.
 */
const t = await createTestApp();

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Nothing of a record's content in a reply: no signature image or name, no record fields. */
function expectNoRecordContent(body: string) {
  expect(body).not.toContain('data:image/');
  expect(body).not.toContain('Tobias Techniker');
  expect(body).not.toContain('Erika Betreiberin');
  for (const key of ['inspectorSignature', 'operatorAcknowledgement', 'checklist', 'defects']) {
    expect(body).not.toContain(`"${key}"`);
  }
}

describe('book detail replies', () => {
  it('list the record ids newest first, as the record calls do, without any record content', async () => {
    const w = await inspectionWorld(t);
    const api = call(t, w);
    const acknowledgement = { operatorAcknowledgement: { name: 'Erika Betreiberin', image: PNG } };
    const older = await finalized(t, w, { kind: 'inspection', when: isoDay(-30) }, acknowledgement);
    const newer = await draft(t, w, { kind: 'wartung', when: isoDay(-2) });
    const self = await finalized(t, w, { kind: 'self', when: isoDay(-5) });

    const staffRecords = (await api('GET', `/books/${w.book._id}/inspection`)).json() as Inspection[];
    const selfRecords = (await api('GET', `/books/${w.book._id}/selfinspection`)).json() as Inspection[];
    // The lists name who signed and when; the drawings come with the record alone.
    expect(staffRecords.map((r) => r._id)).toEqual([newer._id, older._id]);
    expect(staffRecords[1]?.inspectorSignature).toEqual({ name: 'Tobias Techniker', signedAt: expect.any(String) });
    expect(staffRecords[1]?.operatorAcknowledgement).toEqual({
      name: 'Erika Betreiberin',
      signedAt: expect.any(String),
    });
    expect(selfRecords.map((r) => r._id)).toEqual([self._id]);
    for (const url of [
      `/books/${w.book._id}/inspection`,
      `/books/${w.book._id}/selfinspection`,
      `/inspections?book=${w.book._id}`,
      `/selfinspections?book=${w.book._id}`,
    ]) {
      expect((await api('GET', url)).body, url).not.toContain('data:image/');
    }
    const one = (await api('GET', `/inspections/${older._id}`)).json() as Inspection;
    expect(one.inspectorSignature?.image).toBe(PNG);
    expect(one.operatorAcknowledgement?.image).toBe(PNG);

    const plain = await api('GET', `/books/${w.book._id}`);
    expect(plain.statusCode).toBe(200);
    const book = plain.json() as Book;
    expect(book.inspection).toEqual([newer._id, older._id]);
    expect(book.selfInspection).toEqual([self._id]);
    for (const id of [...book.inspection, ...book.selfInspection]) expect(id).toMatch(UUID);
    expectNoRecordContent(plain.body);

    const dto = await api('GET', `/books/dto/${w.book._id}`);
    expect(dto.statusCode).toBe(200);
    const d = dto.json() as BookDto;
    expect(d.book.inspection).toEqual([newer._id, older._id]);
    expect(d.book.selfInspection).toEqual([self._id]);
    expect(d.bookType?._id).toBe(w.book.bookType);
    // The book type brings its checklists (the lists a new record starts with), no record's.
    expectNoRecordContent(JSON.stringify({ ...d, bookType: null }));
    expect(JSON.stringify(d.bookType)).not.toMatch(/"result"|data:image\//);
  });

  it('keep records of other books and tenants out; a book of another tenant is a 404', async () => {
    const a = await inspectionWorld(t);
    const b = await inspectionWorld(t);
    await finalized(t, b, { kind: 'inspection', when: isoDay(-3) });
    const own = await call(t, a)('GET', `/books/${a.book._id}`);
    expect(own.json()).toMatchObject({ inspection: [], selfInspection: [], documents: [] });
    for (const url of [`/books/${b.book._id}`, `/books/dto/${b.book._id}`]) {
      expect((await call(t, a)('GET', url)).statusCode).toBe(404);
    }
  });

  it('are documented in the OpenAPI document as lists of ids', async () => {
    const doc = (await t.api({ method: 'GET', url: '/openapi.json' })).json();
    const reply = doc.paths['/books/{id}'].get.responses['200'].content['application/json'].schema;
    for (const key of ['inspection', 'selfInspection']) {
      expect(reply.properties[key]).toMatchObject({ type: 'array', items: { type: 'string' } });
      expect(reply.properties[key].description).toContain('GET books/{id}/');
    }
  });
});
