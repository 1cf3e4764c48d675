import { Role } from '@pruefbuch/domain/roles';
import { NORM_CHECKLISTS, normChecklist } from '@pruefbuch/domain/rules/checklists';
import { selfInspectionText } from '@pruefbuch/domain/rules/self-inspection';
import { inspectionSchema } from '@pruefbuch/domain/schemas/inspection';
import { describe, expect, it } from 'vitest';
import { auditRowsOf, branchMember, createBook, fieldsOf, insertBlob, member } from '../../../test/fixtures/books';
import {
  call,
  complete,
  draft,
  FOREIGN,
  inspectionWorld,
  isoDay,
  PNG,
  signature,
} from '../../../test/fixtures/inspections';
import { createTestApp } from '../../../test/helper';

const t = await createTestApp();

describe('POST inspections', () => {
  it("creates a draft with the book type's checklist, German labels and defect ids", async () => {
    const w = await inspectionWorld(t);
    const res = await call(t, w)('POST', '/inspections', {
      book: w.book._id,
      kind: 'wartung',
      when: isoDay(-2),
      who: 'Tobias Techniker',
      where: 'EG, Eingang',
      defects: [{ text: 'Riemen rissig', severity: 'repair', item: 'door.drive' }],
    });
    expect(res.statusCode).toBe(201);
    const r = res.json();
    expect(inspectionSchema.safeParse(r).success).toBe(true);
    expect(r).toMatchObject({
      book: w.book._id,
      tenant: w.tenantId,
      kind: 'wartung',
      when: isoDay(-2),
      finalized: false,
      finalizedAt: null,
      corrects: null,
      correctedBy: null,
      report: null,
      checklistName: 'sliding',
      createdBy: w.user.id,
      __v: 0,
    });
    expect(r.checklist.map((c: { item: string }) => c.item)).toEqual([...NORM_CHECKLISTS.sliding.specialist]);
    expect(r.checklist.find((c: { item: string }) => c.item === 'door.drive')).toEqual({
      item: 'door.drive',
      label: 'Antrieb, Riemen und Getriebe: Funktion, Geräusch, Verschleiß',
      result: null,
      note: '',
    });
    expect(r.defects[0]).toMatchObject({ text: 'Riemen rissig', severity: 'repair', resolved: false, photos: [] });
    expect(r.defects[0]._id).toMatch(/^[0-9a-f-]{36}$/);
    const read = await call(t, w)('GET', `/inspections/${r._id}`);
    expect(read.json()).toEqual(r);
    const book = (await call(t, w)('GET', `/books/${w.book._id}`)).json();
    expect(book.inspection).toEqual([r._id]);
    expect(book.selfInspection).toEqual([]);
  });

  it('keeps a checklist that is sent, with server labels; an own item needs a label', async () => {
    const w = await inspectionWorld(t);
    const post = (checklist: unknown) =>
      call(t, w)('POST', '/inspections', { book: w.book._id, kind: 'inspection', when: isoDay(-1), checklist });
    const ok = await post([
      { item: 'door.forces', label: 'vom Client', result: 'ok' },
      { item: 'eigen.pruefpunkt', label: 'Beschilderung Parkhaus', result: 'na', note: 'n. v.' },
    ]);
    expect(ok.statusCode).toBe(201);
    expect(ok.json().checklist).toEqual([
      {
        item: 'door.forces',
        label: 'Kräfte und Geschwindigkeiten nach DIN 18650 gemessen und zulässig',
        result: 'ok',
        note: '',
      },
      { item: 'eigen.pruefpunkt', label: 'Beschilderung Parkhaus', result: 'na', note: 'n. v.' },
    ]);
    expect(fieldsOf(await post([{ item: 'eigen.x' }]))).toEqual(['checklist.0.label']);
    expect(fieldsOf(await post([{ item: 'door.drive' }, { item: 'door.drive' }]))).toEqual(['checklist.1.item']);
    expect(fieldsOf(await post([{ item: 'door.drive', result: 'gut' }]))).toEqual(['checklist.0.result']);
  });

  it.each([
    ['when', { when: '01.02.2026' }],
    ['when', { when: undefined }],
    ['kind', { kind: 'self' }],
    ['kind', { kind: 'pruefung' }],
    ['book', { book: 'abc' }],
    ['defects.0.severity', { defects: [{ text: 'x', severity: 'critical' }] }],
    ['defects.0.text', { defects: [{ text: '', severity: 'safe' }] }],
    ['inspectorSignature.image', { inspectorSignature: { name: 'A', image: 'data:image/jpeg;base64,AAAA' } }],
    ['inspectorSignature.name', { inspectorSignature: { name: '', image: PNG } }],
    ['continuedOperation', { continuedOperation: 'ja' }],
    ['isAbnahmeGutachten', { isAbnahmeGutachten: 1 }],
    ['misc', { misc: [] }],
  ])('refuses a bad %s with 400', async (field, fields) => {
    const w = await inspectionWorld(t);
    const res = await call(t, w)('POST', '/inspections', {
      book: w.book._id,
      kind: 'inspection',
      when: isoDay(-1),
      ...fields,
    });
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toContain(field);
  });

  it("answers another tenant's or an unknown book with 404", async () => {
    const w = await inspectionWorld(t);
    const other = await inspectionWorld(t);
    for (const book of [other.book._id, FOREIGN]) {
      const res = await call(t, w)('POST', '/inspections', { book, kind: 'inspection', when: isoDay(-1) });
      expect(res.statusCode).toBe(404);
    }
  });

  it("takes photos of the tenant's uploads only", async () => {
    const w = await inspectionWorld(t);
    const other = await inspectionWorld(t);
    const mine = await insertBlob(t, w.tenantId, w.book._id);
    const foreign = await insertBlob(t, other.tenantId, other.book._id);
    const post = (photos: string[]) =>
      call(t, w)('POST', '/inspections', {
        book: w.book._id,
        kind: 'inspection',
        when: isoDay(-1),
        defects: [{ text: 'Glas gesprungen', severity: 'safe', photos }],
      });
    expect((await post([mine.id])).json().defects[0].photos).toEqual([mine.id]);
    expect(fieldsOf(await post([foreign.id]))).toEqual(['defects.0.photos']);
    expect(fieldsOf(await post([FOREIGN]))).toEqual(['defects.0.photos']);
  });

  it('lets staff who write books write inspections, and not branch users', async () => {
    const w = await inspectionWorld(t);
    for (const role of [Role.ROLE_SERVICE_TECHNIKER, Role.ROLE_LAGER, Role.ACCEPTOR_ROLE]) {
      const m = await member(t, role, [w.tenantId]);
      const r = await draft(t, w, {}, m.token);
      expect(r.createdBy).toBe(m.id);
    }
    const branch = await branchMember(t, w.tenantId, [w.book._id]);
    const res = await call(t, w)(
      'POST',
      '/inspections',
      { book: w.book._id, kind: 'inspection', when: isoDay(-1) },
      branch.token,
    );
    expect(res.statusCode).toBe(403);
  });
});

describe('POST selfinspections', () => {
  it('starts with the default self-check text and the operator checklist; branch users may write it', async () => {
    const w = await inspectionWorld(t);
    const branch = await branchMember(t, w.tenantId, [w.book._id]);
    const res = await call(t, w)(
      'POST',
      '/selfinspections',
      { book: w.book._id, when: isoDay(-1), who: 'Frieda Filiale', where: 'ignoriert', isAbnahmeGutachten: true },
      branch.token,
    );
    expect(res.statusCode).toBe(201);
    const r = res.json();
    expect(r).toMatchObject({
      kind: 'self',
      text: selfInspectionText(normChecklist('sliding', 'operator')),
      where: '',
      isAbnahmeGutachten: false,
      checklistName: 'slidingSelf',
    });
    // A sliding door's operator checks the door, not a storage height (decision 021).
    expect(r.text).toContain('Tür öffnet bei Annäherung');
    expect(r.text).not.toContain('Lagerhöhe');
    expect(r.checklist.map((c: { item: string }) => c.item)).toEqual([...NORM_CHECKLISTS.sliding.operator]);
    expect((await draft(t, w, { kind: 'self', text: 'Alles geprüft.' })).text).toBe('Alles geprüft.');
    const book = (await call(t, w)('GET', `/books/${w.book._id}`)).json();
    expect(book.selfInspection).toHaveLength(2);
    expect(book.inspection).toEqual([]);
  });
});

describe('GET inspections, selfinspections and a book’s records', () => {
  it('lists the records of a book, newest first, by family; paged with filters', async () => {
    const w = await inspectionWorld(t);
    const older = await draft(t, w, { kind: 'wartung', when: isoDay(-30) });
    const newer = await draft(t, w, { kind: 'gutachten', when: isoDay(-3) });
    const self = await draft(t, w, { kind: 'self', when: isoDay(-2) });
    const ids = (res: { json: () => { _id: string }[] }) => res.json().map((r) => r._id);
    expect(ids(await call(t, w)('GET', `/books/${w.book._id}/inspection`))).toEqual([newer._id, older._id]);
    expect(ids(await call(t, w)('GET', `/books/${w.book._id}/selfinspection`))).toEqual([self._id]);
    const page = await call(t, w)('GET', `/inspections?book=${w.book._id}&size=2`);
    expect(page.json()).toMatchObject({ total: 3, page: 1, size: 2, pages: 2 });
    expect(page.json().docs.map((r: { _id: string }) => r._id)).toEqual([self._id, newer._id]);
    const wartung = await call(t, w)('GET', `/inspections?book=${w.book._id}&kind=wartung`);
    expect(wartung.json().docs.map((r: { _id: string }) => r._id)).toEqual([older._id]);
    expect((await call(t, w)('GET', `/inspections?book=${w.book._id}&finalized=true`)).json().total).toBe(0);
    const selfList = await call(t, w)('GET', `/selfinspections?book=${w.book._id}`);
    expect(selfList.json().docs.map((r: { _id: string }) => r._id)).toEqual([self._id]);
    expect((await call(t, w)('GET', `/selfinspections/${newer._id}`)).statusCode).toBe(404);
    expect((await call(t, w)('GET', `/selfinspections/${self._id}`)).statusCode).toBe(200);
  });

  it('answers unknown and foreign ids with 404, malformed with 400', async () => {
    const w = await inspectionWorld(t);
    const other = await inspectionWorld(t);
    const foreign = await draft(t, other);
    const get = call(t, w);
    for (const url of [
      `/inspections/${foreign._id}`,
      `/inspections/${FOREIGN}`,
      `/books/${other.book._id}/inspection`,
      `/books/${FOREIGN}/selfinspection`,
      `/inspections?book=${other.book._id}`,
    ]) {
      expect((await get('GET', url)).statusCode, url).toBe(404);
    }
    for (const url of ['/inspections/abc', '/books/abc/inspection', '/inspections?kind=x', '/inspections?size=500']) {
      expect((await get('GET', url)).statusCode, url).toBe(400);
    }
    const noTenant = await t.api({ method: 'GET', url: `/inspections/${foreign._id}`, token: w.user.token });
    expect(noTenant.statusCode).toBe(400);
    const wrongTenant = await t.api({
      method: 'GET',
      url: `/inspections/${foreign._id}`,
      token: w.user.token,
      tenant: other.tenantId,
    });
    expect(wrongTenant.statusCode).toBe(403);
  });
});

describe('PUT inspections/{id}', () => {
  it('changes only the fields sent, keeps defect ids, bumps __v and writes the protocol', async () => {
    const w = await inspectionWorld(t);
    const r = await draft(t, w, { defects: [{ text: 'Sensor verschmutzt', severity: 'safe' }], text: 'Erstbefund' });
    const defect = r.defects[0];
    const res = await call(t, w)('PUT', `/inspections/${r._id}`, {
      __v: 0,
      who: 'Sabine Schmidt',
      defects: [
        { ...defect, resolved: true },
        { text: 'Riemen rissig', severity: 'repair' },
      ],
      inspectorSignature: signature('Sabine Schmidt'),
    });
    expect(res.statusCode).toBe(200);
    const u = res.json();
    expect(u).toMatchObject({ who: 'Sabine Schmidt', text: 'Erstbefund', __v: 1, checklist: r.checklist });
    expect(u.defects[0]).toMatchObject({ _id: defect?._id, resolved: true });
    expect(u.defects[1]._id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Date.parse(u.inspectorSignature.signedAt)).toBeGreaterThan(Date.now() - 60_000);
    const protocol = (await auditRowsOf(t, w.book._id)).map((a) => a.field);
    expect(protocol).toEqual(expect.arrayContaining(['inspection', 'inspection.who', 'inspection.defects']));
    const shown = await t.api({
      method: 'GET',
      url: `/auditlogs/book?bookId=${w.book._id}`,
      token: w.user.token,
      tenant: w.tenantId,
    });
    expect(shown.json().some((e: { field: string; newValue: string }) => e.field === 'inspection.who')).toBe(true);
  });

  it('keeps a defect linked to the checklist item marked as a defect, through save and finalize', async () => {
    const w = await inspectionWorld(t);
    const r = await draft(t, w, { kind: 'wartung' });
    // As the editor sends it: item 'door.sensors' marked 'defect' opened a defect linked to it.
    const checklist = r.checklist.map((c) => ({ ...c, result: c.item === 'door.sensors' ? 'defect' : 'ok' }));
    const defects = [{ text: 'Bewegungsmelder reagiert spät', severity: 'safe', item: 'door.sensors' }];
    const put = await call(t, w)('PUT', `/inspections/${r._id}`, { ...complete(r), checklist, defects });
    expect(put.statusCode).toBe(200);
    expect(put.json().defects).toEqual([
      expect.objectContaining({ item: 'door.sensors', text: 'Bewegungsmelder reagiert spät', severity: 'safe' }),
    ]);
    const done = await call(t, w)('POST', `/inspections/${r._id}/finalize`, { __v: put.json().__v });
    expect(done.statusCode).toBe(200);
    const read = (await call(t, w)('GET', `/inspections/${r._id}`)).json();
    expect(read.checklist.find((c: { item: string }) => c.item === 'door.sensors').result).toBe('defect');
    expect(read.defects[0]).toMatchObject({ item: 'door.sensors', _id: put.json().defects[0]._id });
  });

  it('refuses a defect linked to an item the checklist does not have, on create and on update', async () => {
    const w = await inspectionWorld(t);
    const created = await call(t, w)('POST', '/inspections', {
      book: w.book._id,
      kind: 'inspection',
      when: isoDay(-1),
      defects: [{ text: 'Lamelle klemmt', severity: 'repair', item: 'rwa.flaps' }],
    });
    expect(created.statusCode).toBe(400);
    expect(created.json().details).toEqual([expect.objectContaining({ field: 'defects.0.item' })]);
    const r = await draft(t, w, { defects: [{ text: 'Riemen rissig', severity: 'repair', item: 'door.drive' }] });
    // Dropping the item from the checklist while a defect is linked to it is refused as well.
    const without = r.checklist.filter((c) => c.item !== 'door.drive');
    const put = await call(t, w)('PUT', `/inspections/${r._id}`, { __v: r.__v, checklist: without });
    expect(put.statusCode).toBe(400);
    expect(put.json().details[0].field).toBe('defects.0.item');
    const unlinked = await call(t, w)('PUT', `/inspections/${r._id}`, {
      __v: r.__v,
      defects: [{ ...r.defects[0], item: null }],
    });
    expect(unlinked.statusCode).toBe(200);
  });

  it('answers a stale __v with 409 CONFLICT and changes nothing', async () => {
    const w = await inspectionWorld(t);
    const r = await draft(t, w);
    expect((await call(t, w)('PUT', `/inspections/${r._id}`, { __v: 0, who: 'A' })).statusCode).toBe(200);
    const stale = await call(t, w)('PUT', `/inspections/${r._id}`, { __v: 0, who: 'B' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('CONFLICT');
    expect((await call(t, w)('GET', `/inspections/${r._id}`)).json()).toMatchObject({ who: 'A', __v: 1 });
    expect(fieldsOf(await call(t, w)('PUT', `/inspections/${r._id}`, { who: 'C' }))).toEqual(['__v']);
  });

  it('keeps the families apart: a self-inspection is not written through inspections/* and vice versa', async () => {
    const w = await inspectionWorld(t);
    const self = await draft(t, w, { kind: 'self' });
    const staff = await draft(t, w);
    expect((await call(t, w)('PUT', `/inspections/${self._id}`, { __v: 0, who: 'x' })).statusCode).toBe(404);
    expect((await call(t, w)('PUT', `/selfinspections/${staff._id}`, { __v: 0, who: 'x' })).statusCode).toBe(404);
    expect((await call(t, w)('DELETE', `/selfinspections/${staff._id}`)).statusCode).toBe(404);
    const branch = await branchMember(t, w.tenantId, [w.book._id]);
    const put = (url: string) => call(t, w)('PUT', url, { __v: 0, who: 'Filiale' }, branch.token);
    expect((await put(`/inspections/${staff._id}`)).statusCode).toBe(403);
    // A self-inspection draft that staff started is not the branch's (decision 038); its own is.
    expect((await put(`/selfinspections/${self._id}`)).statusCode).toBe(404);
    const own = await draft(t, w, { kind: 'self' }, branch.token);
    expect((await put(`/selfinspections/${own._id}`)).statusCode).toBe(200);
  });
});

describe('DELETE inspections/{id}', () => {
  it('removes a draft, through either path; the book no longer lists it', async () => {
    const w = await inspectionWorld(t);
    const a = await draft(t, w);
    const b = await draft(t, w, { kind: 'self' });
    expect((await call(t, w)('DELETE', `/inspections/${a._id}`)).statusCode).toBe(204);
    expect((await call(t, w)('DELETE', `/books/${w.book._id}/selfinspection/${b._id}`)).statusCode).toBe(204);
    expect((await call(t, w)('GET', `/inspections/${a._id}`)).statusCode).toBe(404);
    const book = (await call(t, w)('GET', `/books/${w.book._id}`)).json();
    expect([...book.inspection, ...book.selfInspection]).toEqual([]);
    expect((await call(t, w)('DELETE', `/inspections/${a._id}`)).statusCode).toBe(404);
  });

  it("answers another book's or tenant's record with 404", async () => {
    const w = await inspectionWorld(t);
    const second = await createBook(t, w.user.token, w.tenantId, { title: 'Zweite Tür' });
    const r = await draft(t, w);
    expect((await call(t, w)('DELETE', `/books/${second._id}/inspection/${r._id}`)).statusCode).toBe(404);
    const other = await inspectionWorld(t);
    expect((await call(t, other)('DELETE', `/inspections/${r._id}`)).statusCode).toBe(404);
    expect((await call(t, w)('DELETE', `/books/${w.book._id}/inspection/abc`)).statusCode).toBe(400);
    expect((await call(t, w)('GET', `/inspections/${r._id}`)).statusCode).toBe(200);
  });
});
