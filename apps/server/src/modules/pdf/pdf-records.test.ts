import { describe, expect, it } from 'vitest';
import {
  checklistOf,
  defect,
  FOOTER,
  insertRecord,
  keep,
  memberOf,
  pdfTenant,
  signatureDataUrl,
} from '../../../test/fixtures/pdf';
import { createTestApp } from '../../../test/helper';
import { pdfText } from '../../../test/pdf-reader';

const t = await createTestApp();

const get = (url: string, token: string, tenant: string) => t.api({ method: 'GET', url, token, tenant });

describe('GET books/{id}/exportPdfShrink', () => {
  it('is one page: installation, ampel, open defects of the latest inspection, the last five records', async () => {
    const { tenant, book } = await pdfTenant(t);
    const { token } = await memberOf(t, tenant.id);
    const dates = ['2020-01-10', '2020-06-10', '2021-01-10', '2021-06-10', '2022-01-10', '2022-06-10'];
    for (const when of dates) await insertRecord(t, tenant.id, book.id, { when, checklist: [] });
    await insertRecord(t, tenant.id, book.id, {
      when: '2023-01-10',
      who: 'Anna Sachverständige',
      defects: [
        defect('Notöffnung ohne Funktion', 'shutdown'),
        defect('Beschriftung verblasst', 'safe'),
        defect('Alter Mangel, behoben', 'repair', { resolved: true }),
      ],
      continuedOperation: false,
    });
    const res = await get(`/books/${book.id}/exportPdfShrink`, token, tenant.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('filename="pruefbuch-kurz_HN-4711_Kaufhof-Zeil_EG-Sud.pdf"');
    keep('shrink.pdf', res.rawPayload);
    const { pages, flat } = await pdfText(res.rawPayload);
    expect(pages).toHaveLength(1);
    for (const text of [
      'Prüfbuch – Kurzfassung',
      'Schiebetür Haupteingang',
      'Kaufhof Zeil',
      'HN-4711',
      'Rot – überfällig',
      'Offene Mängel',
      'Notöffnung ohne Funktion',
      'Beschriftung verblasst',
      'Prüfung vom 10.01.2023',
      'Anna Sachverständige',
      '2 Mängel',
      'Seite 1 von 1',
      FOOTER,
    ]) {
      expect(flat, text).toContain(text);
    }
    expect(flat).not.toContain('Alter Mangel, behoben');
    // The last five: 2023, 06/2022, 01/2022, 06/2021, 01/2021; not the two oldest.
    expect(flat).toContain('10.01.2021');
    expect(flat).not.toContain('10.06.2020');
    expect(flat).not.toContain('10.01.2020');
  });
});

describe('GET inspections/preInspectionPdf/{bookId}', () => {
  it('is the blank checklist of the book type with the open defects, defect lines and signature fields', async () => {
    const { tenant, book } = await pdfTenant(t);
    const { token } = await memberOf(t, tenant.id);
    await insertRecord(t, tenant.id, book.id, {
      when: '2024-05-02',
      defects: [defect('Riemen verschlissen', 'repair')],
    });
    const res = await get(`/inspections/preInspectionPdf/${book.id}`, token, tenant.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('filename="pruefvorlage_HN-4711_Kaufhof-Zeil_EG-Sud.pdf"');
    keep('pre-inspection.pdf', res.rawPayload);
    const { flat } = await pdfText(res.rawPayload);
    for (const text of [
      'Prüfvorlage',
      'Automatische Schiebetür (DIN 18650 / EN 16005)',
      'Sicherheitssensoren (Schließ- und Öffnungsbereich) nach EN 16005 wirksam',
      'Quetsch- und Scherstellen an Nebenschließkanten und Seitenteilen gesichert',
      'Kräfte und Geschwindigkeiten nach DIN 18650 gemessen und zulässig',
      'Offene Mängel aus der letzten Prüfung (Prüfung vom 02.05.2024)',
      'Riemen verschlissen',
      'Festgestellte Mängel',
      'B = Betrieb möglich',
      'Unterschrift Prüfer/in',
      'Unterschrift Betreiber/in',
      'Seite 1 von',
    ]) {
      expect(flat, text).toContain(text);
    }
  });
});

describe('GET books/{id}/gutachtenPdf/{gutachtenId}', () => {
  it('renders an expert report of the book and nothing else', async () => {
    const { tenant, book } = await pdfTenant(t);
    const other = await pdfTenant(t);
    const { token } = await memberOf(t, tenant.id);
    const report = await insertRecord(t, tenant.id, book.id, {
      when: '2024-04-15',
      kind: 'gutachten',
      who: 'Dipl.-Ing. Sachverständiger',
      checklist: [],
      text: 'Die Anlage entspricht DIN 18650.',
    });
    const inspection = await insertRecord(t, tenant.id, book.id, { when: '2024-04-16' });
    const res = await get(`/books/${book.id}/gutachtenPdf/${report.id}`, token, tenant.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain(
      'filename="gutachten_2024-04-15_HN-4711_Kaufhof-Zeil_EG-Sud.pdf"',
    );
    keep('gutachten.pdf', res.rawPayload);
    const { flat } = await pdfText(res.rawPayload);
    expect(flat).toContain('Prüfgutachten vom 15.04.2024');
    expect(flat).toContain('Dipl.-Ing. Sachverständiger');
    expect(flat).toContain('Die Anlage entspricht DIN 18650.');
    expect(flat).toContain('Seite 1 von');

    expect((await get(`/books/${book.id}/gutachtenPdf/${inspection.id}`, token, tenant.id)).statusCode).toBe(404);
    expect((await get(`/books/${other.book.id}/gutachtenPdf/${report.id}`, token, tenant.id)).statusCode).toBe(404);
    const stranger = await memberOf(t, other.tenant.id);
    expect((await get(`/books/${book.id}/gutachtenPdf/${report.id}`, stranger.token, other.tenant.id)).statusCode).toBe(
      404,
    );
  });
});

describe('POST inspections/preview', () => {
  it('renders an unsaved record as a draft, filling the book type’s checklist when none is sent', async () => {
    const { tenant, book } = await pdfTenant(t);
    const { token } = await memberOf(t, tenant.id);
    const res = await t.api({
      method: 'POST',
      url: '/inspections/preview',
      token,
      tenant: tenant.id,
      payload: {
        book: book.id,
        kind: 'wartung',
        when: '2025-01-20',
        who: 'Tina Technikerin',
        defects: [{ text: 'Führungsschiene verbogen', severity: 'repair' }],
        inspectorSignature: { name: 'Tina Technikerin', image: signatureDataUrl() },
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain(
      'filename="vorschau_2025-01-20_HN-4711_Kaufhof-Zeil_EG-Sud.pdf"',
    );
    keep('preview.pdf', res.rawPayload);
    const { flat } = await pdfText(res.rawPayload);
    for (const text of [
      'Wartungsbericht',
      'ENTWURF – nicht abgeschlossen',
      'Wartung vom 20.01.2025',
      'Tina Technikerin',
      'Führungsschiene verbogen',
      'Programmschalter und Verriegelung: alle Betriebsarten',
      'offen',
      'Keine Angabe zum Weiterbetrieb.',
    ]) {
      expect(flat, text).toContain(text);
    }
  });

  it('refuses a bad body with 400 and another tenant’s book with 404', async () => {
    const { tenant, book } = await pdfTenant(t);
    const other = await pdfTenant(t);
    const { token } = await memberOf(t, tenant.id);
    const bad = await t.api({
      method: 'POST',
      url: '/inspections/preview',
      token,
      tenant: tenant.id,
      payload: { book: book.id, kind: 'self', when: 'gestern' },
    });
    expect(bad.statusCode).toBe(400);
    const fields = (bad.json().details as { field: string }[]).map((d) => d.field);
    expect(fields).toEqual(expect.arrayContaining(['kind', 'when']));
    const foreign = await t.api({
      method: 'POST',
      url: '/inspections/preview',
      token,
      tenant: tenant.id,
      payload: { book: other.book.id, kind: 'inspection', when: '2025-01-20' },
    });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('checklists in the PDFs', () => {
  it('shows the labels stored with the record, not today’s texts', async () => {
    const { tenant, book } = await pdfTenant(t);
    const { token } = await memberOf(t, tenant.id);
    await insertRecord(t, tenant.id, book.id, {
      when: '2022-02-02',
      checklist: checklistOf([['door.forces', 'Kräfte gemessen (Text von damals)', 'ok', '148 N']]),
    });
    const res = await get(`/books/${book.id}/exportPdf`, token, tenant.id);
    const { flat } = await pdfText(res.rawPayload);
    expect(flat).toContain('Kräfte gemessen (Text von damals)');
    expect(flat).toContain('148 N');
  });
});

describe('text in the PDFs', () => {
  it('keeps special characters, umlauts and long remarks that run over several pages', async () => {
    const { tenant, book } = await pdfTenant(t);
    const { token } = await memberOf(t, tenant.id);
    const special = 'Kosten (netto) 150 € – Pfad C:\\Tür\\Sensor „dringend“ ‚bald‘ … 50 % • ß Ä Ö Ü';
    const long = Array.from({ length: 400 }, (_, i) => `Satz ${i + 1} der Bemerkung über die Türanlage.`).join(' ');
    await insertRecord(t, tenant.id, book.id, {
      when: '2024-08-08',
      text: `${long} ENDE-DER-BEMERKUNG`,
      defects: [defect(special, 'safe')],
    });
    const res = await get(`/books/${book.id}/exportPdf`, token, tenant.id);
    expect(res.statusCode).toBe(200);
    keep('long-text.pdf', res.rawPayload);
    const { pages, flat } = await pdfText(res.rawPayload);
    expect(flat).toContain(special);
    expect(flat).toContain('Satz 1 der Bemerkung');
    expect(flat).toContain('Satz 400 der Bemerkung über die Türanlage. ENDE-DER-BEMERKUNG');
    expect(pages.length).toBeGreaterThan(2);
    pages.forEach((page, i) => {
      expect(page.replace(/\s+/g, ' ')).toContain(`Seite ${i + 1} von ${pages.length}`);
    });
  });
});
