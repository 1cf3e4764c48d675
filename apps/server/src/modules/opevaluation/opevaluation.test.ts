import { Department, Role } from '@pruefbuch/domain/roles';
import type { OpEvaluationReply, OpEvaluationRow } from '@pruefbuch/domain/schemas/op-evaluation';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { orderValues } from '../../../test/factories';
import { type Member, member } from '../../../test/fixtures/books';
import { createTestApp, type TestApp } from '../../../test/helper';
import { insertOrderRows, type NewOrderRow } from '../orders/orders.store';

/**
 * The operations evaluation against a small fixture worked out by hand. Range Q1 2025. Orders of
 * tenant A (department 1 unless said otherwise); times are UTC, Berlin is one hour ahead in winter:
 *
 * | #  | created (Berlin) | betrag  | vergabe | akt_kw (Monday)     | installed (Berlin) | accepted   | billed     | kalk/benötigt |
 * |----|------------------|---------|---------|---------------------|--------------------|------------|------------|---------------|
 * | P1 | 2025-01-10       | 1000.00 | 900.00  | 2025-W05 (01-27)    | 2025-01-28 (W05)   | 2025-02-05 | 2025-02-20 | 600 / 720     |
 * | P2 | 2025-01-15       | 500.50  | –       | 2025-W04 (01-20)    | 2025-02-04 (W06) ᴸ | –          | –          | 300 / 240     |
 * | P3 | 2025-02-01 (¹)   | 200.00  | –       | 2025-W10 (03-03)    | – (week passed) ᴸ  | –          | –          |               |
 * | P4 | 2025-02-10       | 250.25  | 250.00  | 2025-W10 (03-03)    | 2025-03-04 (²)     | –          | 2025-03-20 | 100 / –       |
 * | P5 | 2024-12-20       | 777.00  | –       | 2025-W01 (2024-12-30)| 2025-01-08 (W02) ᴸ | –          | –          | 60 / 90       |
 * | P6 | 2025-03-05, OPM  | 100.00  | –       | –                   | –                  | –          | –          |               |
 * | P7 | 2025-04-02       | 50.00   | –       | 2025-W13 (03-24)    | – (week passed) ᴸ  | –          | –          |               |
 *
 * ᴸ late: P2 in January, P3 and P7 in March (the month of the planned week's Monday); P5's planned
 * week begins in December 2024, outside the range. (¹) 2025-01-31 23:30 UTC. (²) 2025-03-03 23:30 UTC.
 * Tenant B has an order of 5000.00 received and installed in January, never counted for A.
 */
const FROM = '2025-01-01';
const TO = '2025-03-31';

interface Fixture {
  createdAt: string;
  betrag?: number;
  vergabepreis?: number;
  aktKw?: string;
  installedAt?: string;
  acceptedAt?: string;
  billedAt?: string;
  kalk?: number;
  benoetigt?: number;
  department?: number;
}

/** The insert values of a fixture order (test/factories.ts orderValues: the defaults and these). */
function orderRow(tenantId: string, f: Fixture): NewOrderRow {
  const at = (v: string | undefined) => (v ? new Date(v) : null);
  return orderValues(
    tenantId,
    {
      objekt: 'Objekt',
      vkid: {
        betrag: f.betrag ?? null,
        vergabepreis: f.vergabepreis ?? null,
        akt_kw: f.aktKw ?? '',
        kalkulierte_min: f.kalk ?? null,
      },
      el: { benoetigte_min: f.benoetigt ?? null },
    },
    {
      aktuelleAbteilung: f.department ?? Department.NO_DEPARTMENT,
      status: f.billedAt
        ? 'VERRECHNET'
        : f.acceptedAt
          ? 'ZIVI_ERLEDIGT'
          : f.installedAt
            ? 'MONTAGE_ABGESCHLOSSEN'
            : 'AKT_KW',
      installedAt: at(f.installedAt),
      acceptedAt: at(f.acceptedAt),
      billedAt: at(f.billedAt),
      createdAt: new Date(f.createdAt),
      updatedAt: new Date(f.createdAt),
    },
  );
}

const row = (
  month: string,
  label: string,
  [received, installed, accepted, billed]: number[],
  [betragSum, vergabepreisSum]: number[],
  [minutesCnt, calculatedMin, bookedMin]: number[],
  late: number,
  installedNotBilled: number,
): OpEvaluationRow => ({
  month,
  label,
  received: received ?? 0,
  installed: installed ?? 0,
  accepted: accepted ?? 0,
  billed: billed ?? 0,
  betragSum: betragSum ?? 0,
  vergabepreisSum: vergabepreisSum ?? 0,
  minutesCnt: minutesCnt ?? 0,
  calculatedMin: calculatedMin ?? 0,
  bookedMin: bookedMin ?? 0,
  late,
  installedNotBilled,
});
const zero = (month: string, label: string) => row(month, label, [0, 0, 0, 0], [0, 0], [0, 0, 0], 0, 0);

const JAN = row('2025-01', 'Januar 2025', [2, 2, 0, 0], [1500.5, 900], [2, 660, 810], 1, 1);
const FEB = row('2025-02', 'Februar 2025', [2, 1, 1, 1], [450.25, 250], [1, 300, 240], 0, 1);
const MAR = row('2025-03', 'März 2025', [1, 1, 0, 1], [100, 0], [0, 0, 0], 2, 0);
const TOTAL = row('total', 'Gesamt', [5, 4, 1, 2], [2050.75, 1150], [3, 960, 1050], 3, 2);

describe('operations evaluation', () => {
  let t: TestApp;
  let tenantA: string;
  let tenantB: string;
  let analyst: Member;
  let analystB: Member;

  const get = (query: string, who: Member = analyst, tenant = tenantA, lang?: string) =>
    t.api({
      method: 'GET',
      url: `/orders/getOpevaluation/all?${query}`,
      token: who.token,
      tenant,
      ...(lang ? { headers: { 'accept-language': lang } } : {}),
    });
  const json = async (query = `from=${FROM}&to=${TO}`) => {
    const res = await get(query);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as OpEvaluationReply;
  };

  beforeAll(async () => {
    t = await createTestApp();
    tenantA = (await t.createTenant('Service Rhein-Main')).id;
    tenantB = (await t.createTenant('Service Nord')).id;
    analyst = await member(t, Role.STANDARD_ROLE, [tenantA], { auswertung: true });
    analystB = await member(t, Role.STANDARD_ROLE, [tenantB], { auswertung: true });
    const a = (f: Fixture) => orderRow(tenantA, f);
    await insertOrderRows(t.database.db, [
      a({
        createdAt: '2025-01-10T09:00:00Z',
        betrag: 1000,
        vergabepreis: 900,
        aktKw: '2025-W05',
        installedAt: '2025-01-28T10:00:00Z',
        acceptedAt: '2025-02-05T10:00:00Z',
        billedAt: '2025-02-20T10:00:00Z',
        kalk: 600,
        benoetigt: 720,
      }),
      a({
        createdAt: '2025-01-15T09:00:00Z',
        betrag: 500.5,
        aktKw: '2025-W04',
        installedAt: '2025-02-04T10:00:00Z',
        kalk: 300,
        benoetigt: 240,
      }),
      a({ createdAt: '2025-01-31T23:30:00Z', betrag: 200, aktKw: '2025-W10' }),
      a({
        createdAt: '2025-02-10T09:00:00Z',
        betrag: 250.25,
        vergabepreis: 250,
        aktKw: '2025-W10',
        installedAt: '2025-03-03T23:30:00Z',
        billedAt: '2025-03-20T10:00:00Z',
        kalk: 100,
      }),
      a({
        createdAt: '2024-12-20T09:00:00Z',
        betrag: 777,
        aktKw: '2025-W01',
        installedAt: '2025-01-08T10:00:00Z',
        kalk: 60,
        benoetigt: 90,
      }),
      a({ createdAt: '2025-03-05T09:00:00Z', betrag: 100, department: Department.OPM }),
      a({ createdAt: '2025-04-02T09:00:00Z', betrag: 50, aktKw: '2025-W13' }),
      orderRow(tenantB, {
        createdAt: '2025-01-10T09:00:00Z',
        betrag: 5000,
        aktKw: '2025-W02',
        installedAt: '2025-01-20T10:00:00Z',
        kalk: 10,
        benoetigt: 10,
      }),
    ]);
  });

  it('answers a row per month of the range, each figure in the month of its own date, and the total', async () => {
    const reply = await json();
    expect([reply.from, reply.to, reply.department]).toEqual([FROM, TO, null]);
    expect(reply.rows).toEqual([JAN, FEB, MAR]);
    expect(reply.total).toEqual(TOTAL);
  });

  it('counts the months without orders with zeros', async () => {
    const reply = await json('from=2025-03-15&to=2025-05-10');
    expect(reply.rows).toEqual([
      // From 15 March: P4's bill and P7's planned week (Monday 24 March) only.
      row('2025-03', 'März 2025', [0, 0, 0, 1], [0, 0], [0, 0, 0], 1, 0),
      row('2025-04', 'April 2025', [1, 0, 0, 0], [50, 0], [0, 0, 0], 0, 0),
      zero('2025-05', 'Mai 2025'),
    ]);
  });

  it('cuts at the days of the range, in Berlin time', async () => {
    // 2025-02-01 only: P3 was created at 00:30 Berlin on that day.
    const reply = await json('from=2025-02-01&to=2025-02-01');
    expect(reply.total).toEqual(row('total', 'Gesamt', [1, 0, 0, 0], [200, 0], [0, 0, 0], 0, 0));
    // Up to 2025-03-03: P4 was installed at 00:30 on 4 March in Berlin, so not yet.
    const upTo = await json('from=2025-03-01&to=2025-03-03');
    expect(upTo.total.installed).toBe(0);
    expect((await json('from=2025-03-04&to=2025-03-04')).total.installed).toBe(1);
  });

  it('of one department: the orders whose current department it is', async () => {
    const opm = await json(`from=${FROM}&to=${TO}&department=${Department.OPM}`);
    expect(opm.department).toBe(Department.OPM);
    expect(opm.rows).toEqual([
      zero('2025-01', 'Januar 2025'),
      zero('2025-02', 'Februar 2025'),
      row('2025-03', 'März 2025', [1, 0, 0, 0], [100, 0], [0, 0, 0], 0, 0),
    ]);
    const rest = await json(`from=${FROM}&to=${TO}&department=${Department.NO_DEPARTMENT}`);
    expect(rest.total).toEqual(row('total', 'Gesamt', [4, 4, 1, 2], [1950.75, 1150], [3, 960, 1050], 3, 2));
  });

  it('counts the orders of the tenant of the header only', async () => {
    const res = await get(`from=${FROM}&to=${TO}`, analystB, tenantB);
    expect(res.statusCode).toBe(200);
    const b = res.json() as OpEvaluationReply;
    expect(b.total).toEqual(row('total', 'Gesamt', [1, 1, 0, 0], [5000, 0], [1, 10, 10], 1, 1));
    // Not a member of tenant B: no figures of B.
    expect((await get(`from=${FROM}&to=${TO}`, analyst, tenantB)).statusCode).toBe(403);
  });

  it('labels in the language of the request', async () => {
    const res = await get(`from=${FROM}&to=${TO}`, analyst, tenantA, 'en');
    const reply = res.json() as OpEvaluationReply;
    expect(reply.rows.map((r) => r.label)).toEqual(['January 2025', 'February 2025', 'March 2025']);
    expect(reply.total.label).toBe('Total');
  });

  it('rejects bad input with the field and the reason', async () => {
    const cases: [string, string][] = [
      ['to=2025-01-01', 'from'],
      ['from=2025-02-30&to=2025-03-01', 'from'],
      ['from=2025-03-01&to=2025-02-01', 'to'],
      ['from=2020-01-01&to=2025-01-02', 'to'],
      [`from=${FROM}&to=${TO}&department=9`, 'department'],
      [`from=${FROM}&to=${TO}&department=x`, 'department'],
      [`from=${FROM}&to=${TO}&format=pdf`, 'format'],
    ];
    for (const [query, field] of cases) {
      const res = await get(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.body, query).toContain(field);
    }
    expect((await json('from=2020-01-01&to=2025-01-01')).rows).toHaveLength(61);
  });

  it('needs the evaluation flag and one of the evaluation roles', async () => {
    const noFlag = await member(t, Role.STANDARD_ROLE, [tenantA]);
    const noFlagAdmin = await member(t, Role.ADMIN_ROLE, []);
    const warehouse = await member(t, Role.ROLE_LAGER, [tenantA], { auswertung: true });
    const flaggedAdmin = await member(t, Role.ADMIN_ROLE, [], { auswertung: true });
    for (const who of [noFlag, noFlagAdmin, warehouse]) {
      expect((await get(`from=${FROM}&to=${TO}`, who)).statusCode).toBe(403);
    }
    expect((await get(`from=${FROM}&to=${TO}`, flaggedAdmin)).statusCode).toBe(200);
    expect((await t.api({ method: 'GET', url: `/orders/getOpevaluation/all?from=${FROM}&to=${TO}` })).statusCode).toBe(
      401,
    );
  });

  it('exports CSV in the language of the request, money in EUR', async () => {
    const res = await get(`from=${FROM}&to=${TO}&format=csv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(String(res.headers['content-disposition'])).toContain(
      'Auswertung_Auftragsabwicklung-2025-01-01-2025-03-31.csv',
    );
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Monat;Eingegangen;Montiert;Abgenommen;Verrechnet;Auftragsbetrag;Vergabepreis;Aufträge mit Minuten;Kalkulierte Minuten;Benötigte Minuten;Verspätet;Montiert, nicht verrechnet',
    );
    const nb = '\u00a0';
    expect(lines[1]).toBe(`Januar 2025;2;2;0;0;1.500,50${nb}€;900,00${nb}€;2;660;810;1;1`);
    expect(lines[4]).toBe(`Gesamt;5;4;1;2;2.050,75${nb}€;1.150,00${nb}€;3;960;1050;3;2`);
    expect(lines).toHaveLength(5);
  });

  it('exports XLSX: numbers stay numbers, money shown in EUR', async () => {
    const res = await get(`from=${FROM}&to=${TO}&format=xlsx`, analyst, tenantA, 'en');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(String(res.headers['content-disposition'])).toContain(
      'Order_processing_evaluation-2025-01-01-2025-03-31.xlsx',
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    if (!sheet) throw new Error('no sheet');
    expect(sheet.name).toBe('Order processing evaluation');
    const values = (r: number) => (sheet.getRow(r).values as unknown[]).slice(1);
    expect(values(1)[0]).toBe('Month');
    expect(values(3)).toEqual(['February 2025', 2, 1, 1, 1, 450.25, 250, 1, 300, 240, 0, 1]);
    expect(values(5)).toEqual(['Total', 5, 4, 1, 2, 2050.75, 1150, 3, 960, 1050, 3, 2]);
    expect(sheet.getCell('F2').numFmt).toContain('€');
  });
});
