/** Import and export of customer locations (CSV and XLSX) on a real database. */
import { Role } from '@pruefbuch/domain/roles';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { insertLocation } from '../../../test/factories';
import { member, tag } from '../../../test/fixtures/books';
import { multipart } from '../../../test/fixtures/documents';
import { createTestApp } from '../../../test/helper';

const t = await createTestApp();
const db = t.database.db;

async function world() {
  const tenant = await t.createTenant(`Import ${tag()}`);
  const office = await member(t, Role.PROJECT_ROLE, [tenant.id]);
  return { tenantId: tenant.id, office };
}

const CSV = [
  'ZNL;Filial-Nr.;SAP-Nr;Straße;Hausnr.;PLZ;Ort;Bemerkung',
  'Hamburg;4301;10004301;Mönckebergstraße;16;20095;Hamburg;Eingang Spitalerstraße',
  'Hamburg;4302;10004302;Ottenser Hauptstraße;10;22765;Hamburg;',
  ';;;;;;;',
  'Kassel;4201;;Obere Königsstraße;28;34117;Kassel;',
].join('\r\n');

const ADDRESS = {
  _id: crypto.randomUUID(),
  street: '',
  housenumber: '',
  zip: '',
  location: '',
  tel: '',
  email: '',
  homepage: '',
  country: 'DE',
};

const send = (
  w: Awaited<ReturnType<typeof world>>,
  url: string,
  content: Buffer | string,
  fields: Record<string, string> = {},
  name = 'filialen.csv',
) =>
  t.api({
    method: 'POST',
    url,
    token: w.office.token,
    tenant: w.tenantId,
    ...multipart(
      { customer: '1', ...fields },
      { name, content: Buffer.isBuffer(content) ? content : Buffer.from(content, 'utf8') },
    ),
  });

const list = async (w: Awaited<ReturnType<typeof world>>) =>
  (
    await t.api({ method: 'GET', url: '/customerlocation?size=100&sort=nr', token: w.office.token, tenant: w.tenantId })
  ).json();

describe('POST customerlocation/import/preview and import', () => {
  it('guesses the columns, previews without writing, imports in one go, and updates on a second import instead of duplicating', async () => {
    const w = await world();
    const existing = await insertLocation(db, w.tenantId, {
      znl: 'Kassel',
      nr: '4201',
      bemerkungen: 'alt',
      address: {
        _id: crypto.randomUUID(),
        street: '',
        housenumber: '',
        zip: '',
        location: '',
        tel: '+49 561 1234',
        email: 'kassel@markt.example',
        homepage: '',
        country: 'DE',
      },
    });
    const preview = await send(w, '/customerlocation/import/preview', CSV);
    expect(preview.statusCode).toBe(200);
    const p = preview.json();
    expect(p.mapping).toMatchObject({
      znl: 0,
      nr: 1,
      sapNr: 2,
      street: 3,
      housenumber: 4,
      zip: 5,
      location: 6,
      bemerkungen: 7,
    });
    expect(p.rows.map((r: { line: number; action: string }) => [r.line, r.action])).toEqual([
      [2, 'create'],
      [3, 'create'],
      [5, 'update'],
    ]);
    expect(p.counts).toEqual({ create: 2, update: 1, unchanged: 0, error: 0 });
    expect(p.imported).toBe(false);
    expect((await list(w)).total).toBe(1);

    const done = await send(w, '/customerlocation/import', CSV);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ imported: true, counts: { create: 2, update: 1 } });
    const after = await list(w);
    expect(after.docs.map((d: { nr: string }) => d.nr)).toEqual(['4201', '4301', '4302']);
    const hh = after.docs.find((d: { nr: string }) => d.nr === '4301');
    expect(hh).toMatchObject({ znl: 'Hamburg', sapNr: '10004301', bemerkungen: 'Eingang Spitalerstraße' });
    expect(hh.address).toMatchObject({
      street: 'Mönckebergstraße',
      housenumber: '16',
      zip: '20095',
      location: 'Hamburg',
    });
    // The empty note cell keeps the stored note (decision 041); the file's address fills the empty one.
    expect(after.docs.find((d: { nr: string }) => d.nr === '4201')).toMatchObject({
      _id: existing.id,
      bemerkungen: 'alt',
      address: { street: 'Obere Königsstraße', housenumber: '28', tel: '+49 561 1234' },
    });

    const again = await send(w, '/customerlocation/import', CSV);
    expect(again.json().counts).toEqual({ create: 0, update: 0, unchanged: 3, error: 0 });
    expect((await list(w)).total).toBe(3);
  });

  it('reports rows with errors and writes nothing, unless told to skip them', async () => {
    const w = await world();
    const bad = ['Nr;PLZ;Bemerkung', '1;60311;ok', ';60312;ohne Nummer', '1;60313;doppelt', '2;6031;PLZ zu kurz'].join(
      '\n',
    );
    const preview = await send(w, '/customerlocation/import/preview', bad);
    expect(preview.statusCode, preview.body).toBe(200);
    const rows = preview.json().rows;
    expect(rows.map((r: { action: string }) => r.action)).toEqual(['create', 'error', 'error', 'error']);
    expect(rows[1].errors).toEqual([{ field: 'nr', key: 'validation.required' }]);
    expect(rows[2].errors).toEqual([{ field: 'nr', key: 'errors.IMPORT_DUPLICATE' }]);
    expect(rows[3].errors).toEqual([{ field: 'address.zip', key: 'validation.zip' }]);

    const refused = await send(w, '/customerlocation/import', bad);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('IMPORT_HAS_ERRORS');
    expect((await list(w)).total).toBe(0);

    const skipped = await send(w, '/customerlocation/import', bad, { skipInvalid: 'true' });
    expect(skipped.statusCode).toBe(200);
    expect((await list(w)).docs.map((d: { nr: string }) => d.nr)).toEqual(['1']);
  });

  it('takes the mapping the user chose, reads XLSX, and refuses what is no spreadsheet', async () => {
    const w = await world();
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Filialen');
    sheet.addRow(['Markt', 'Stadt', 'Postleitzahl']);
    sheet.addRow([4711, 'Fulda', 36037]);
    const xlsx = Buffer.from(await book.xlsx.writeBuffer());
    const mapping = JSON.stringify({ nr: 0, location: 1, zip: 2 });
    const res = await send(w, '/customerlocation/import', xlsx, { mapping }, 'filialen.xlsx');
    expect(res.statusCode, res.body).toBe(200);
    expect((await list(w)).docs[0]).toMatchObject({ nr: '4711', address: { location: 'Fulda', zip: '36037' } });

    const pdf = await send(w, '/customerlocation/import/preview', Buffer.from('%PDF-1.4\n\0\0binary'), {}, 'x.pdf');
    expect(pdf.statusCode).toBe(400);
    const whole = multipart({ customer: '1' }, { name: 'a.csv', content: Buffer.from(CSV) });
    const cut = await t.api({
      method: 'POST',
      url: '/customerlocation/import/preview',
      token: w.office.token,
      tenant: w.tenantId,
      headers: whole.headers,
      payload: whole.payload.subarray(0, whole.payload.length - 20),
    });
    expect(cut.statusCode).toBe(400);
    expect(cut.json().code).toBe('UPLOAD_INCOMPLETE');
    const nul = await send(w, '/customerlocation/import/preview', CSV, { mapping: '{"nr":0}\u0000' });
    expect(nul.statusCode).toBe(400);
    const badMapping = await send(w, '/customerlocation/import/preview', CSV, { mapping: '{"nr": "a"}' });
    expect(badMapping.statusCode).toBe(400);
    expect(badMapping.json().details[0].field).toBe('mapping');
    const branch = await member(t, Role.ROLE_FILIALE, [w.tenantId], { customerRole: 3 });
    const refused = await t.api({
      method: 'POST',
      url: '/customerlocation/import',
      token: branch.token,
      tenant: w.tenantId,
      ...multipart({ customer: '1' }, { name: 'a.csv', content: Buffer.from(CSV) }),
    });
    expect(refused.statusCode).toBe(403);
  });
});

describe('re-import (decision 041)', () => {
  it('does no damage: a combined street column is split, a repeated number not doubled, an empty cell keeps the stored value unless the user clears', async () => {
    const w = await world();
    const stored = await insertLocation(db, w.tenantId, {
      znl: 'Rhein-Main',
      nr: '4101',
      customer: 1,
      bemerkungen: 'Schlüssel beim Pförtner',
      address: {
        _id: crypto.randomUUID(),
        street: 'Zeil',
        housenumber: '85',
        zip: '60313',
        location: 'Frankfurt am Main',
        tel: '069 1234',
        email: '',
        homepage: '',
        country: 'DE',
      },
    });
    // The street column repeats the number of the number column: nothing to change.
    const same = 'ZNL;Nr;Straße;Hausnr.;PLZ;Bemerkung\nRhein-Main;4101;Zeil 85;85;60313;';
    const p1 = (await send(w, '/customerlocation/import/preview', same)).json();
    expect(p1.rows[0]).toMatchObject({ action: 'unchanged', changes: [] });

    // A combined street column without a number column; the note cell is empty.
    const moved = 'ZNL;Nr;Straße;PLZ;Bemerkung\nRhein-Main;4101;Zeil 87a;60313;';
    const p2 = (await send(w, '/customerlocation/import/preview', moved)).json();
    expect(p2.rows[0]).toMatchObject({
      action: 'update',
      changes: [{ field: 'housenumber', old: '85', new: '87a' }],
    });
    const done = await send(w, '/customerlocation/import', moved);
    expect(done.statusCode, done.body).toBe(200);
    const [kept] = (await list(w)).docs;
    expect(kept).toMatchObject({ _id: stored.id, bemerkungen: 'Schlüssel beim Pförtner' });
    expect(kept.address).toMatchObject({ street: 'Zeil', housenumber: '87a', tel: '069 1234' });

    // Clearing empty cells is the user's choice.
    const p3 = (await send(w, '/customerlocation/import/preview', moved, { clearEmpty: 'true' })).json();
    expect(p3.rows[0].changes).toEqual([{ field: 'bemerkungen', old: 'Schlüssel beim Pförtner', new: '' }]);
    await send(w, '/customerlocation/import', moved, { clearEmpty: 'true' });
    expect((await list(w)).docs[0]).toMatchObject({ bemerkungen: '' });
  });

  it('checks the ZIP code by the country of the row (a country column, else the stored country, else Germany)', async () => {
    const w = await world();
    await insertLocation(db, w.tenantId, { nr: '10', znl: '', customer: 1, address: { ...ADDRESS, zip: '123' } });
    await insertLocation(db, w.tenantId, {
      nr: '9',
      znl: '',
      customer: 1,
      address: {
        _id: crypto.randomUUID(),
        street: '',
        housenumber: '',
        zip: '1010',
        location: 'Wien',
        tel: '',
        email: '',
        homepage: '',
        country: 'AT',
      },
    });
    const csv = [
      'Nr;PLZ;Land',
      '1;6031;DE',
      '2;1010;Österreich',
      '3;1012 AB;NL',
      '4;60311;',
      '5;6031;',
      '6;00-950;PL',
      '7;60311;Atlantis',
      '8;SW1A 1AA;GB',
      '9;1020;',
      '10;123;',
    ].join('\n');
    const p = (await send(w, '/customerlocation/import/preview', csv)).json();
    expect(p.mapping.country).toBe(2);
    expect(
      p.rows.map((r: { nr: string; action: string; errors: { field: string; key: string }[] }) => [
        r.nr,
        r.action,
        r.errors,
      ]),
    ).toEqual([
      ['1', 'error', [{ field: 'address.zip', key: 'validation.zip' }]],
      ['2', 'create', []],
      ['3', 'create', []],
      ['4', 'create', []],
      ['5', 'error', [{ field: 'address.zip', key: 'validation.zip' }]],
      ['6', 'create', []],
      ['7', 'error', [{ field: 'address.country', key: 'validation.country' }]],
      ['8', 'create', []],
      ['9', 'update', []],
      // The odd code the branch already has is not checked again.
      ['10', 'unchanged', []],
    ]);
    await send(w, '/customerlocation/import', csv, { skipInvalid: 'true' });
    const docs = (await list(w)).docs;
    expect(docs.find((d: { nr: string }) => d.nr === '2').address).toMatchObject({ zip: '1010', country: 'AT' });
    expect(docs.find((d: { nr: string }) => d.nr === '4').address).toMatchObject({ country: 'DE' });
    expect(docs.find((d: { nr: string }) => d.nr === '9').address).toMatchObject({ zip: '1020', country: 'AT' });
  });
});

describe('GET customerlocation/export', () => {
  it('exports the filtered list as CSV for German Excel and as XLSX', async () => {
    const w = await world();
    await insertLocation(db, w.tenantId, { znl: 'Süd', nr: '1', bemerkungen: 'Tür; klemmt "manchmal"' });
    await insertLocation(db, w.tenantId, { znl: 'Nord', nr: '2', ruhend: true });
    const csv = await t.api({
      method: 'GET',
      url: '/customerlocation/export?format=csv',
      token: w.office.token,
      tenant: w.tenantId,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain('.csv');
    const text = csv.body;
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const lines = text.slice(1).trim().split('\r\n');
    expect(lines[0]).toContain('ZNL;Nr.;SAP-Nr.;Straße');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain('"Tür; klemmt ""manchmal"""');
    expect(lines[2]).toContain('Ruhend');

    const filtered = await t.api({
      method: 'GET',
      url: '/customerlocation/export?format=csv&ampel=grey',
      token: w.office.token,
      tenant: w.tenantId,
    });
    expect(filtered.body.trim().split('\r\n')).toHaveLength(2);

    const xlsx = await t.api({
      method: 'GET',
      url: '/customerlocation/export',
      token: w.office.token,
      tenant: w.tenantId,
    });
    expect(xlsx.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet?.rowCount).toBe(3);
    expect(sheet?.getRow(1).getCell(1).value).toBe('ZNL');
    const en = await t.api({
      method: 'GET',
      url: '/customerlocation/export?format=csv',
      token: w.office.token,
      tenant: w.tenantId,
      headers: { 'accept-language': 'en' },
    });
    expect(en.body).toContain('Branch office');
  });
});
