import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { Role, type RoleNumber } from '@pruefbuch/domain/roles';
import type { ChecklistEntry, Defect } from '@pruefbuch/domain/schemas/inspection';
import { eq } from 'drizzle-orm';
import type { TestApp } from '../../../test/helper';
import { blobs, books, inspections, tenants } from '../../db/schema/index';
import { rgbaPng } from '../../platform/pdf/png';

/** A 48×36 JPEG photo (made once with pdftoppm; any real JPEG would do). */
export const JPEG_PHOTO = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAA0JCgsKCA0LCgsODg0PEyAVExISEyccHhcgLikxMC4pLSwzOko+MzZGNywtQFdBRkxOUlNSMj5aYVpQYEpRUk//2wBDAQ4ODhMREyYVFSZPNS01T09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT0//wAARCAAkADADASIAAhEBAxEB/8QAHwAAAQUBAQEBAQEAAAAAAAAAAAECAwQFBgcICQoL/8QAtRAAAgEDAwIEAwUFBAQAAAF9AQIDAAQRBRIhMUEGE1FhByJxFDKBkaEII0KxwRVS0fAkM2JyggkKFhcYGRolJicoKSo0NTY3ODk6Q0RFRkdISUpTVFVWV1hZWmNkZWZnaGlqc3R1dnd4eXqDhIWGh4iJipKTlJWWl5iZmqKjpKWmp6ipqrKztLW2t7i5usLDxMXGx8jJytLT1NXW19jZ2uHi4+Tl5ufo6erx8vP09fb3+Pn6/8QAHwEAAwEBAQEBAQEBAQAAAAAAAAECAwQFBgcICQoL/8QAtREAAgECBAQDBAcFBAQAAQJ3AAECAxEEBSExBhJBUQdhcRMiMoEIFEKRobHBCSMzUvAVYnLRChYkNOEl8RcYGRomJygpKjU2Nzg5OkNERUZHSElKU1RVVldYWVpjZGVmZ2hpanN0dXZ3eHl6goOEhYaHiImKkpOUlZaXmJmaoqOkpaanqKmqsrO0tba3uLm6wsPExcbHyMnK0tPU1dbX2Nna4uPk5ebn6Onq8vP09fb3+Pn6/9oADAMBAAIRAxEAPwDubq5htLdri4fZEmNzYJxk47fWs/8A4STR/wDn7/8AIb/4UeKP+Rfuv+Af+hivP6zq1XB2R6GCwVOvTcpN7noH/CSaP/z9/wDkN/8ACtC1uYbu3W4t33xPna2CM4OO/wBK8vrrrXVk0jwhbTlN8jFljTOMnc3X2oo1JVJcosbg6eHp88W9zqKK85/4S7WPO3+bFt/55+WNv+P612mg6smr2HnhNkinbImc4Pt7V1Spyirs8qNRSdkR+KP+Rfuv+Af+hivP69G162mu9Hnt7dN8r7dq5Azhge/0rjv+Eb1j/n0/8iJ/jXFXi3LRHu5bVpwpNSklr38kZVa+qWskvhDTblASkDSBwOwZjz+Yx+NN/wCEb1j/AJ9P/Iif412Gh2kltosNtdRgOAwZCQRyxP06Gqw3NCd2hZnUp1KKjGSevf1PLa7nwHayRWNxcuCEnYBAe4XPP5nH4Vrf8I7o/neb9gi3enO3/vnOK01UKoVQAoGAB0Fd1SqpKyPBhTcXdi0UUViahRRRQAUUUUAf/9k=',
  'base64',
);

/** A PNG of w×h pixels from a function giving each pixel's RGBA; alpha like a signature drawn on screen. */
export const png = rgbaPng;

/** A signature-like stroke: a dark sine wave on a transparent background. */
export const signaturePng = (w = 240, h = 80) =>
  png(w, h, (x, y) => (Math.abs(y - (h / 2 + Math.sin(x / 12) * (h / 4))) < 2 ? [20, 30, 90, 255] : [0, 0, 0, 0]));
export const signatureDataUrl = (w?: number, h?: number) =>
  `data:image/png;base64,${signaturePng(w, h).toString('base64')}`;

/** A 'photo' as PNG: a colour gradient. */
export const photoPng = (w = 160, h = 120) => png(w, h, (x, y) => [x % 256, y % 256, 160, 255]);

export const FOOTER = 'Türservice Müller GmbH · Geschäftsführer Jürgen Weiß · HRB 4711 Frankfurt am Main';

/** A tenant with footer text and address, and a sliding door book with nameplate data. */
export async function pdfTenant(t: TestApp, overrides: Partial<typeof books.$inferInsert> = {}) {
  const tenant = await t.createTenant(`Türservice Müller ${Math.random().toString(36).slice(2, 8)}`);
  await t.database.db
    .update(tenants)
    .set({
      fusszeileText: FOOTER,
      addressName: 'Türservice Müller GmbH',
      address: {
        _id: 'a1',
        street: 'Hauptstraße',
        housenumber: '5',
        zip: '60311',
        location: 'Frankfurt am Main',
        tel: '',
        email: '',
        homepage: '',
        country: 'DE',
      },
    })
    .where(eq(tenants.id, tenant.id));
  const [book] = await t.database.db
    .insert(books)
    .values({
      tenantId: tenant.id,
      title: 'Schiebetür Haupteingang',
      typ: 'Automatische Schiebetür',
      bookTypeId: '0b7c1a10-0001-4000-8000-000000000001',
      object: 'Kaufhof Zeil',
      objectnutzung: 'Warenhaus',
      objectaddress: {
        _id: 'o1',
        street: 'Zeil',
        housenumber: '116',
        zip: '60313',
        location: 'Frankfurt am Main',
        tel: '',
        email: '',
        homepage: '',
        country: 'DE',
      },
      site: 'EG Süd',
      manufacturer: 'Glas Bock',
      manufacturerNo: 'HN-4711',
      glasbocknr: 'SN 2024/0815',
      controller: 'Galeria Betriebs GmbH',
      contactName: 'Frau Schulz',
      contactTel: '069 123456',
      serviceinterval: 12,
      selfserviceinterval: 1,
      nextInspectionDate: '2025-03-12',
      inspectionAmpel: 'red',
      misc: { baujahr: '2019', antriebsspannung: '230 V', norm: 'DIN 18650' },
      ...overrides,
    })
    .returning();
  if (!book) throw new Error('no book');
  return { tenant, book };
}

export async function memberOf(t: TestApp, tenantId: string, role: RoleNumber = Role.STANDARD_ROLE) {
  const user = await t.createUser({ role, tenantIds: [tenantId] });
  const session = await t.login(user.email);
  return { user, token: session.token };
}

/** Stores bytes as a blob of the tenant (as POST blobs would), returning its id. */
export async function storeBlob(
  t: TestApp,
  tenantId: string,
  bookId: string | null,
  bytes: Buffer,
  meta: { contentType: string; fileName: string; type?: string },
) {
  const stored = await t.app.deps.files.put(Readable.from([bytes]));
  const [row] = await t.database.db
    .insert(blobs)
    .values({ tenantId, bookId, sha256: stored.sha256, size: stored.size, type: 'defect-photo', ...meta })
    .returning();
  if (!row) throw new Error('no blob');
  return row.id;
}

export const checklistOf = (entries: [string, string, ChecklistEntry['result'], string?][]): ChecklistEntry[] =>
  entries.map(([item, label, result, note]) => ({ item, label, result, note: note ?? '' }));

type RecordInsert = typeof inspections.$inferInsert;

/** A record straight into the database (finalized unless finalizedAt: null), with a signature. */
export async function insertRecord(
  t: TestApp,
  tenantId: string,
  bookId: string,
  values: Partial<RecordInsert> & { when: string },
) {
  const [row] = await t.database.db
    .insert(inspections)
    .values({
      tenantId,
      bookId,
      kind: 'inspection',
      who: 'Max Prüfer',
      where: 'vor Ort',
      checklistName: 'door',
      continuedOperation: true,
      inspectorSignature: { name: 'Max Prüfer', image: signatureDataUrl(), signedAt: `${values.when}T10:00:00.000Z` },
      finalizedAt: new Date(`${values.when}T12:00:00Z`),
      ...values,
    })
    .returning();
  if (!row) throw new Error('no record');
  return row;
}

export const defect = (text: string, severity: Defect['severity'], extra: Partial<Defect> = {}): Defect => ({
  _id: Math.random().toString(36).slice(2),
  text,
  severity,
  item: null,
  photos: [],
  resolved: false,
  ...extra,
});

/** PDF_OUT=/tmp/pdfs keeps the PDFs of a test run, to look at them. */
export function keep(name: string, bytes: Buffer) {
  const dir = process.env.PDF_OUT;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, name), bytes);
}
