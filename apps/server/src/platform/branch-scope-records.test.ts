/**
 * Decision 038: branch users read only finalized records (and the self-inspection drafts of branch users), never a
 * staff draft, and no trace of an expert report unless their customer role may open expert reports
 * (control): not its id in a book, not its PDF through the blob routes.
 */
import { CustomerRole } from '@pruefbuch/domain/roles';
import type { Inspection } from '@pruefbuch/domain/schemas/inspection';
import type { PdfAsset } from '@pruefbuch/domain/schemas/pdf-asset';
import { describe, expect, it } from 'vitest';
import { branchMember } from '../../test/fixtures/books';
import { samples, uploader } from '../../test/fixtures/documents';
import { call, draft, finalized, inspectionWorld, isoDay } from '../../test/fixtures/inspections';
import { createTestApp } from '../../test/helper';

const t = await createTestApp();
const w = await inspectionWorld(t);
const api = call(t, w);

const staffDraft = await draft(t, w, { kind: 'inspection', text: 'Entwurf: Antrieb klemmt, noch nicht geprüft' });
const staffSelfDraft = await draft(t, w, { kind: 'self', text: 'Entwurf des Büros' });
const done = await finalized(t, w, { kind: 'inspection' });
const report = await finalized(t, w, { kind: 'gutachten' });
const uploaded = await uploader(t)({
  url: '/inspections/existingDoc',
  token: w.user.token,
  tenant: w.tenantId,
  fields: { book: w.book._id, when: isoDay(-10), who: 'Sachverständiger', text: 'Prüfgutachten' },
  file: { name: 'Gutachten.pdf', content: samples.pdf(), contentType: 'application/pdf' },
});
const uploadedReport = uploaded.json() as Inspection & { report: string };
const uploadedBlob = /^blobs\/([0-9a-f-]{36})\//.exec(uploadedReport.report)?.[1] ?? '';
const assets = (await api('GET', `/pdfassets/book?book=${w.book._id}`)).json() as PdfAsset[];
const archivedBlob = assets.find((a) => a.inspection === report._id)?.blob ?? '';
const inspectionBlob = assets.find((a) => a.inspection === done._id)?.blob ?? '';

const branch = async (customerRole: number) =>
  (await branchMember(t, w.tenantId, [w.book._id], { customerRole, customer: 1 })).token;
const tokens = {
  default: await branch(CustomerRole.ROLE_DEFAULT),
  regional: await branch(CustomerRole.ROLE_REGIONAL_MANAGER),
  control: await branch(CustomerRole.ROLE_CONTROL),
};
const ROLES = ['default', 'regional', 'control'] as const;
const get = (url: string, token: string) => api('GET', url, undefined, token);

describe('branch users get no staff drafts', () => {
  it('the world has what the tests need', () => {
    expect(uploaded.statusCode).toBe(201);
    expect(uploadedBlob).not.toBe('');
    expect(archivedBlob).not.toBe('');
    expect(inspectionBlob).not.toBe('');
  });

  it.each(ROLES)('%s: a staff draft is a 404 by id and absent from every list', async (who) => {
    const token = tokens[who];
    expect((await get(`/inspections/${staffDraft._id}`, token)).statusCode).toBe(404);
    expect((await get(`/inspections/${staffSelfDraft._id}`, token)).statusCode).toBe(404);
    expect((await get(`/selfinspections/${staffSelfDraft._id}`, token)).statusCode).toBe(404);
    expect((await get(`/inspections/${done._id}`, token)).statusCode).toBe(200);

    const ids = async (url: string) => {
      const res = await get(url, token);
      expect(res.statusCode, url).toBe(200);
      const body = res.json();
      return ((Array.isArray(body) ? body : body.docs) as Inspection[]).map((r) => r._id);
    };
    for (const url of [
      `/books/${w.book._id}/inspection`,
      `/books/${w.book._id}/selfinspection`,
      `/inspections?book=${w.book._id}`,
      `/inspections?book=${w.book._id}&finalized=false`,
      `/selfinspections?book=${w.book._id}`,
    ]) {
      const found = await ids(url);
      expect(found, url).not.toContain(staffDraft._id);
      expect(found, url).not.toContain(staffSelfDraft._id);
    }
    expect(await ids(`/books/${w.book._id}/inspection`)).toContain(done._id);

    for (const url of [`/books/${w.book._id}`, `/books/dto/${w.book._id}`]) {
      const body = (await get(url, token)).json();
      const book = url.includes('/dto/') ? body.book : body;
      expect(book.inspection, url).toContain(done._id);
      expect(book.inspection, url).not.toContain(staffDraft._id);
      expect(book.selfInspection, url).not.toContain(staffSelfDraft._id);
    }
  });

  it("a branch's own self-inspection draft stays with the branch users of the book", async () => {
    const own = await draft(t, w, { kind: 'self', text: 'Sichtprüfung läuft' }, tokens.regional);
    expect((await get(`/selfinspections/${own._id}`, tokens.regional)).statusCode).toBe(200);
    const edit = await api('PUT', `/selfinspections/${own._id}`, { __v: own.__v, text: 'weiter' }, tokens.default);
    expect(edit.statusCode).toBe(200);
    const book = (await get(`/books/${w.book._id}`, tokens.regional)).json();
    expect(book.selfInspection).toContain(own._id);
    expect((await get(`/selfinspections?book=${w.book._id}`, tokens.default)).json().docs).toEqual(
      expect.arrayContaining([expect.objectContaining({ _id: own._id })]),
    );
    // Nor may a branch user change or delete a staff draft of the book.
    const foreign = await api('PUT', `/selfinspections/${staffSelfDraft._id}`, { __v: 0, text: 'x' }, tokens.regional);
    expect(foreign.statusCode).toBe(404);
    const removal = `/books/${w.book._id}/selfinspection/${staffSelfDraft._id}`;
    expect((await api('DELETE', removal, undefined, tokens.regional)).statusCode).toBe(404);
    expect((await get(`/selfinspections/${staffSelfDraft._id}`, w.user.token)).statusCode).toBe(200);
  });

  it('staff still see every draft', async () => {
    expect((await get(`/inspections/${staffDraft._id}`, w.user.token)).json().text).toContain('Antrieb klemmt');
    const book = (await get(`/books/${w.book._id}`, w.user.token)).json();
    expect(book.inspection).toEqual(expect.arrayContaining([staffDraft._id, done._id, report._id]));
  });
});

describe('expert reports: no ids and no PDFs for branch users who may not open them', () => {
  it.each([
    ['default', false],
    ['regional', false],
    ['control', true],
  ] as const)('%s sees expert reports: %s', async (who, sees) => {
    const token = tokens[who];
    for (const url of [`/books/${w.book._id}`, `/books/dto/${w.book._id}`]) {
      const body = (await get(url, token)).json();
      const ids = (url.includes('/dto/') ? body.book : body).inspection as string[];
      expect(ids, url).toContain(done._id);
      expect(ids.includes(report._id), url).toBe(sees);
      expect(ids.includes(uploadedReport._id), url).toBe(sees);
    }
    for (const blob of [uploadedBlob, archivedBlob]) {
      for (const url of [`/blobs/${blob}`, `/blobs/${blob}/document`, `/blobs/${blob}/document/download`]) {
        expect((await get(url, token)).statusCode, url).toBe(sees ? 200 : 404);
      }
    }
    // The archived PDF of an inspection stays theirs.
    expect((await get(`/blobs/${inspectionBlob}/document`, token)).statusCode).toBe(200);
  });

  it('control gets no draft of an expert report as PDF', async () => {
    const reportDraft = await draft(t, w, { kind: 'gutachten' });
    const url = `/books/${w.book._id}/gutachtenPdf/${reportDraft._id}`;
    expect((await get(url, tokens.control)).statusCode).toBe(404);
    expect((await get(url, w.user.token)).statusCode).toBe(200);
  });
});
