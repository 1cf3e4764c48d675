/**
 * The one CSV writer (decision 035): what German Excel opens, and no text cell that a spreadsheet
 * would run as a formula, in every CSV export of the API; XLSX exports keep such text as text.
 */

import { Customer, Role } from '@pruefbuch/domain/roles';
import { FORMULA_STARTS } from '@pruefbuch/domain/rules/csv-cell';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { insertOffer } from '../../test/factories';
import { member, tag } from '../../test/fixtures/books';
import { createTestApp } from '../../test/helper';
import { csvFile, figure } from './csv';

const t = await createTestApp();

const HOSTILE = ['=HYPERLINK("http://x","y")', "=cmd|' /C calc'!A0", '+1+1', '@SUM(1)', '\t=1+1', '-2+3', '\r=1'];

/** The cells of a CSV file as a spreadsheet reads them (BOM off, semicolons, quotes undone). */
function cellsOf(body: Buffer | string): string[][] {
  const text = Buffer.isBuffer(body) ? body.toString('utf8') : body;
  expect(text.startsWith('\uFEFF')).toBe(true);
  const parsed = Papa.parse<string[]>(text.slice(1), { delimiter: ';', skipEmptyLines: true });
  expect(parsed.errors).toEqual([]);
  return parsed.data;
}

/** No cell starts a formula; a leading minus only on a figure the product wrote ('-4', '-1.234,50 €'). */
function expectNoFormula(cells: string[][]) {
  for (const cell of cells.flat()) {
    if (/^-[\d.,]+(\u00a0(€|%))?$/.test(cell)) continue;
    expect((FORMULA_STARTS as readonly string[]).includes(cell.charAt(0)), JSON.stringify(cell)).toBe(false);
  }
}

describe('csvFile', () => {
  it('writes what German Excel opens: BOM, semicolons, CRLF, quotes where needed', () => {
    const file = csvFile(
      'x.csv',
      ['Name', 'Betrag'],
      [
        ['Müller; Söhne', figure('1.234,50 €')],
        ['Sagte "Hallo"\r\nzwei', 3],
      ],
    );
    expect(file).toMatchObject({ contentType: 'text/csv; charset=utf-8', fileName: 'x.csv' });
    expect(file.body.toString('utf8')).toBe(
      '\uFEFFName;Betrag\r\n"Müller; Söhne";1.234,50 €\r\n"Sagte ""Hallo""\r\nzwei";3\r\n',
    );
  });

  it('neutralises text cells and headers, never figures or numbers', () => {
    const file = csvFile(
      'x.csv',
      ['=Kopf'],
      [...HOSTILE.map((h) => [h]), [figure('-1.234,50\u00a0€')], [-4, null], ['Zeil 85']],
    );
    const cells = cellsOf(file.body);
    expect(cells.map((r) => r[0])).toEqual([
      "'=Kopf",
      ...HOSTILE.map((h) => `'${h}`),
      '-1.234,50\u00a0€',
      '-4',
      'Zeil 85',
    ]);
    expectNoFormula(cells);
  });
});

describe('every CSV export of the API', () => {
  it('customerlocation/export: a hostile branch comes out as text in CSV and XLSX', async () => {
    const tenant = await t.createTenant(`Export ${tag()}`);
    const office = await member(t, Role.PROJECT_ROLE, [tenant.id]);
    const as = { token: office.token, tenant: tenant.id };
    for (const [i, h] of HOSTILE.entries()) {
      const res = await t.api({
        method: 'POST',
        url: '/customerlocation',
        ...as,
        payload: {
          znl: h,
          nr: `${i}${h}`.slice(0, 20),
          sapNr: h,
          // A country without a ZIP rule takes free text of up to 10 characters (rules/zip-codes.ts).
          address: { street: h, housenumber: '', zip: h.slice(0, 10), location: h, country: 'GB' },
          bemerkungen: h,
          customer: Customer.RETAIL_CUSTOMER,
        },
      });
      expect(res.statusCode, res.body).toBe(201);
    }

    const csv = await t.api({ method: 'GET', url: '/customerlocation/export?format=csv', ...as });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const cells = cellsOf(csv.rawPayload);
    expect(cells).toHaveLength(HOSTILE.length + 1);
    expectNoFormula(cells);
    // The text is all there, behind its quote (the schema trims the tab and CR starts away).
    const znl = cells.slice(1).map((r) => r[0]);
    for (const h of HOSTILE) expect(znl).toContain(`'${h.trim()}`);

    // XLSX: exceljs writes a string as a string cell; nothing becomes a formula.
    const xlsx = await t.api({ method: 'GET', url: '/customerlocation/export?format=xlsx', ...as });
    expect(xlsx.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    if (!sheet) throw new Error('no sheet');
    const cellsOfColumn = HOSTILE.map((_, i) => sheet.getCell(i + 2, 1));
    expect(cellsOfColumn.map((c) => c.value)).toContain('=HYPERLINK("http://x","y")');
    for (const c of cellsOfColumn) {
      expect(c.type).toBe(ExcelJS.ValueType.String);
      expect(c.formula).toBeUndefined();
    }
  });

  it('offer evaluation (every view) and operations evaluation: a hostile KTB name comes out as text', async () => {
    const tenant = await t.createTenant(`Auswertung ${tag()}`);
    const analyst = await member(t, Role.STANDARD_ROLE, [tenant.id], { auswertung: true });
    const ktb = await t.createUser({
      firstName: '=HYPERLINK("http://x","y")',
      lastName: '',
      abbreviation: '',
      tenantIds: [tenant.id],
    });
    await insertOffer(t.database.db, tenant.id, {
      ofmUser: analyst.id,
      ktb: ktb.id,
      receivedDate: '2025-01-02',
      angebot: { offerDate: '2025-01-10', offerSum: 1000 },
    });
    const get = (url: string) => t.api({ method: 'GET', url, token: analyst.token, tenant: tenant.id });
    const range = 'from=2025-01-01&to=2025-03-31&format=csv';
    for (const view of ['erfolgsquote', 'angebotszeiten', 'ktbauswertung', 'gespraechsresultat', 'erhaltenueber']) {
      const res = await get(`/offer/evaluation/${view}?${range}`);
      expect(res.statusCode, `${view}: ${res.body}`).toBe(200);
      const cells = cellsOf(res.rawPayload);
      expectNoFormula(cells);
      if (view === 'ktbauswertung') expect(cells[1]?.[0]).toBe(`'=HYPERLINK("http://x","y")`);
    }
    const op = await get(`/orders/getOpevaluation/all?${range}`);
    expect(op.statusCode, op.body).toBe(200);
    expectNoFormula(cellsOf(op.rawPayload));
  });
});
