import { Role } from '@pruefbuch/domain/roles';
import { describe, expect, it } from 'vitest';
import {
  checklistOf,
  defect,
  FOOTER,
  insertRecord,
  JPEG_PHOTO,
  keep,
  memberOf,
  pdfTenant,
  photoPng,
  signatureDataUrl,
  storeBlob,
} from '../../../test/fixtures/pdf';
import { createTestApp } from '../../../test/helper';
import { pdfImages, pdfText } from '../../../test/pdf-reader';

const t = await createTestApp();

async function get(url: string, token: string, tenant: string) {
  return t.api({ method: 'GET', url, token, tenant });
}

/** A book with a correction pair, a self-inspection, an expert report, photos and a draft. */
async function richBook() {
  const { tenant, book } = await pdfTenant(t);
  const { token } = await memberOf(t, tenant.id);
  const photo = await storeBlob(t, tenant.id, book.id, photoPng(), { contentType: 'image/png', fileName: 'tür.png' });
  const jpeg = await storeBlob(t, tenant.id, book.id, JPEG_PHOTO, { contentType: 'image/jpeg', fileName: 'a.jpg' });
  const heic = await storeBlob(t, tenant.id, book.id, Buffer.from('....ftypheic....'), {
    contentType: 'image/heic',
    fileName: 'IMG_0001.HEIC',
  });
  const first = await insertRecord(t, tenant.id, book.id, {
    when: '2023-03-01',
    checklist: checklistOf([
      ['door.sensors', 'Bewegungsmelder / Impulsgeber: Erfassungsbereich und Funktion', 'ok'],
      ['door.safetySensors', 'Sicherheitssensoren (Schließ- und Öffnungsbereich) wirksam', 'defect', 'Sensor links'],
      ['door.glazing', 'Verglasung und Markierungen ohne Beschädigung', 'na'],
    ]),
    defects: [
      defect('Sicherheitssensor links reagiert verzögert', 'repair', {
        item: 'door.safetySensors',
        photos: [photo, jpeg, heic],
      }),
    ],
    text: 'Anlage insgesamt in gutem Zustand.',
    operatorAcknowledgement: { name: 'Erika Betreiber', image: signatureDataUrl(200, 60), signedAt: '2023-03-01' },
  });
  await insertRecord(t, tenant.id, book.id, {
    when: '2023-03-05',
    correctsId: first.id,
    checklist: first.checklist,
    defects: [defect('Sicherheitssensor links defekt, Tür stillgelegt', 'shutdown')],
    continuedOperation: false,
  });
  await insertRecord(t, tenant.id, book.id, {
    when: '2023-09-10',
    kind: 'self',
    checklistName: 'self',
    who: 'Hausmeister Krause',
    continuedOperation: null,
    checklist: checklistOf([['self.emergencyPower', 'Notstromversorgung geprüft', 'ok']]),
  });
  await insertRecord(t, tenant.id, book.id, {
    when: '2024-02-20',
    kind: 'gutachten',
    isAbnahmeGutachten: true,
    checklist: [],
    text: 'Abnahme nach Umbau ohne Beanstandung.',
  });
  await insertRecord(t, tenant.id, book.id, {
    when: '2024-06-01',
    finalizedAt: null,
    text: 'Entwurf, der nie im PDF erscheinen darf',
  });
  return { tenant, book, token };
}

describe('GET books/{id}/exportPdf', () => {
  it('streams the whole book in German: object, nameplate, schedule, every finalized record oldest first', async () => {
    const { tenant, book, token } = await richBook();
    const res = await get(`/books/${book.id}/exportPdf`, token, tenant.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain("filename*=UTF-8''HN-4711_Kaufhof-Zeil_EG-S%C3%BCd.pdf");
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="HN-4711_Kaufhof-Zeil_EG-Sud.pdf"/);
    keep('book.pdf', res.rawPayload);

    const { pages, flat } = await pdfText(res.rawPayload);
    expect(pages.length).toBeGreaterThan(1);
    pages.forEach((page, i) => {
      expect(page.replace(/\s+/g, ' ')).toContain(`Seite ${i + 1} von ${pages.length}`);
      expect(page.replace(/\s+/g, ' ')).toContain(FOOTER);
      expect(page).toContain('Hauptstraße 5, 60311 Frankfurt am Main');
      expect(page).toContain(tenant.name);
    });
    for (const text of [
      'Prüfbuch',
      'Schiebetür Haupteingang',
      'Herstellernummer HN-4711',
      'Seriennummer SN 2024/0815',
      'Baujahr 2019',
      'Antriebsspannung 230 V',
      'Galeria Betriebs GmbH',
      'Zeil 116, 60313 Frankfurt am Main',
      'Jährlich',
      'Rot – überfällig',
      '12.03.2025',
      'Bewegungsmelder / Impulsgeber',
      'i. O.',
      'Mangel',
      'entfällt',
      'Sensor links',
      'Sicherheitssensor links reagiert verzögert',
      'Betrieb erst nach Instandsetzung',
      'Stilllegung',
      'Foto „IMG_0001.HEIC“ (image/heic) kann nicht in das PDF eingebettet werden.',
      'Anlage insgesamt in gutem Zustand.',
      'Die Anlage kann weiter betrieben werden.',
      'Die Anlage darf bis zur Beseitigung der Mängel nicht weiter betrieben werden.',
      'Erika Betreiber',
      'Max Prüfer',
      'unterschrieben am 01.03.2023',
      'korrigiert durch Prüfung vom 05.03.2023',
      'Korrektur von Prüfung vom 01.03.2023',
      'Eigenprüfung vom 10.09.2023',
      'Abnahmegutachten vom 20.02.2024',
      'Abnahme nach Umbau ohne Beanstandung.',
    ]) {
      expect(flat, text).toContain(text);
    }
    expect(flat).not.toContain('Entwurf, der nie im PDF erscheinen darf');
    const order = [
      'Prüfung vom 01.03.2023',
      'Prüfung vom 05.03.2023',
      'Eigenprüfung vom 10.09.2023',
      'Abnahmegutachten vom 20.02.2024',
    ];
    const at = order.map((s) => flat.indexOf(s));
    expect(at.every((i) => i >= 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);

    // The PNG and JPEG photos and the signatures are painted; the HEIC is not.
    const images = (await pdfImages(res.rawPayload)).flat();
    expect(images.some((img) => img.width === 160 && img.height === 120)).toBe(true);
    expect(images.some((img) => img.width === 48 && img.height === 36)).toBe(true);
    expect(images.some((img) => img.width === 240 && img.height === 80)).toBe(true);
  });

  it('names the file pruefbuch.pdf when the book has no manufacturer number, object or site', async () => {
    const { tenant, book } = await pdfTenant(t, { manufacturerNo: '', object: '', site: '' });
    const { token } = await memberOf(t, tenant.id);
    const res = await get(`/books/${book.id}/exportPdf`, token, tenant.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="pruefbuch.pdf"');
    const { flat } = await pdfText(res.rawPayload);
    expect(flat).toContain('Noch keine abgeschlossenen Einträge.');
    expect(flat).toContain('Seite 1 von 1');
  });

  it('answers 404 for another tenant’s book, 401 without a token; production reads it (decision 017)', async () => {
    const { book } = await richBook();
    const other = await pdfTenant(t);
    const { token } = await memberOf(t, other.tenant.id);
    for (const url of [
      `/books/${book.id}/exportPdf`,
      `/books/${book.id}/exportPdfShrink`,
      `/inspections/preInspectionPdf/${book.id}`,
    ]) {
      const res = await get(url, token, other.tenant.id);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toContain('application/json');
    }
    const worker = await memberOf(t, other.tenant.id, Role.ROLE_FERTIGUNG);
    expect((await get(`/books/${other.book.id}/exportPdf`, worker.token, other.tenant.id)).statusCode).toBe(200);
    expect((await t.api({ method: 'GET', url: `/books/${other.book.id}/exportPdf` })).statusCode).toBe(401);
    expect((await get('/books/not-a-uuid/exportPdf', token, other.tenant.id)).statusCode).toBe(400);
  });
});
