/**
 * Server-side limits of SPEC §2 for the customer roles of branch users (role 8): expert reports
 * for control only, QR resolution for regional manager and control, and the open-inspection
 * lists for the office roles only.
 */
import { CustomerRole, Role } from '@pruefbuch/domain/roles';
import type { Inspection } from '@pruefbuch/domain/schemas/inspection';
import type { PdfAsset } from '@pruefbuch/domain/schemas/pdf-asset';
import { describe, expect, it } from 'vitest';
import { branchMember, member } from '../../../test/fixtures/books';
import { call, finalized, inspectionWorld } from '../../../test/fixtures/inspections';
import { createTestApp } from '../../../test/helper';

const t = await createTestApp();
const w = await inspectionWorld(t);
const report = await finalized(t, w, { kind: 'gutachten' });
const inspection = await finalized(t, w, { kind: 'inspection' });
const branch = async (customerRole: number) =>
  (await branchMember(t, w.tenantId, [w.book._id], { customerRole, customer: 1 })).token;
const tokens = {
  default: await branch(CustomerRole.ROLE_DEFAULT),
  regional: await branch(CustomerRole.ROLE_REGIONAL_MANAGER),
  control: await branch(CustomerRole.ROLE_CONTROL),
};
const get = (url: string, token: string) => call(t, w)('GET', url, undefined, token);

describe('expert reports: of the customer roles only control', () => {
  it.each([
    ['default', false],
    ['regional', false],
    ['control', true],
  ] as const)('%s sees expert reports: %s', async (who, sees) => {
    const token = tokens[who];
    const list = await get(`/books/${w.book._id}/inspection`, token);
    expect(list.statusCode).toBe(200);
    const kinds = (list.json() as Inspection[]).map((r) => r.kind);
    expect(kinds).toContain('inspection');
    expect(kinds.includes('gutachten')).toBe(sees);

    const page = await get(`/inspections?book=${w.book._id}`, token);
    expect((page.json().docs as Inspection[]).some((r) => r.kind === 'gutachten')).toBe(sees);

    expect((await get(`/inspections/${report._id}`, token)).statusCode).toBe(sees ? 200 : 404);
    expect((await get(`/inspections/${inspection._id}`, token)).statusCode).toBe(200);

    const pdf = await get(`/books/${w.book._id}/gutachtenPdf/${report._id}`, token);
    expect(pdf.statusCode).toBe(sees ? 200 : 403);

    // The archived PDF of the expert report is not among the book's assets, nor downloadable.
    const assets = await get(`/pdfassets/book?book=${w.book._id}`, token);
    expect(assets.statusCode).toBe(200);
    const own = (assets.json() as PdfAsset[]).filter((a) => a.inspection === report._id);
    expect(own.length > 0).toBe(sees);
  });

  it('staff keep every record, and the archived expert report PDF stays hidden from branch defaults', async () => {
    const assets = (await get(`/pdfassets/book?book=${w.book._id}`, w.user.token)).json() as PdfAsset[];
    const archived = assets.find((a) => a.inspection === report._id);
    expect(archived).toBeDefined();
    const url = `/inspections/inspectionPdf/${archived?.blob}`;
    expect((await get(url, w.user.token)).statusCode).toBe(200);
    expect((await get(url, tokens.control)).statusCode).toBe(200);
    expect((await get(url, tokens.default)).statusCode).toBe(404);
  });
});

describe('QR resolution: regional manager and control', () => {
  it.each([
    ['default', 403],
    ['regional', 404],
    ['control', 404],
  ] as const)('%s resolving an unknown code gets %i', async (who, status) => {
    const res = await get('/qr/UNBEKANNT1', tokens[who]);
    expect(res.statusCode).toBe(status);
  });
});

describe('open-inspection lists: the office roles of SPEC §2', () => {
  it('refuses service technicians, warehouse and branch users, admits the office', async () => {
    for (const role of [Role.ROLE_SERVICE_TECHNIKER, Role.ROLE_LAGER, Role.ROLE_FERTIGUNG]) {
      const { token } = await member(t, role, [w.tenantId]);
      expect((await get('/books/allMyOpenInspection', token)).statusCode, `role ${role}`).toBe(403);
      expect((await get(`/books/allOpenInspection/${w.tenantId}`, token)).statusCode, `role ${role}`).toBe(403);
    }
    expect((await get('/books/allMyOpenInspection', tokens.control)).statusCode).toBe(403);
    const office = await member(t, Role.PROJECT_ROLE, [w.tenantId]);
    expect((await get('/books/allMyOpenInspection', office.token)).statusCode).toBe(200);
  });

  it('keeps the daily list for service technicians', async () => {
    const tech = await member(t, Role.ROLE_SERVICE_TECHNIKER, [w.tenantId]);
    const res = await get(`/lists/allDailyInspectionUser/${tech.id}`, tech.token);
    expect(res.statusCode).toBe(200);
  });
});
