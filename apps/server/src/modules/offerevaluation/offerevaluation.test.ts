import { Department, Role } from '@pruefbuch/domain/roles';
import type { TalkResult } from '@pruefbuch/domain/rules/offer-ampel';
import type { EvaluationReply, EvaluationRow, ReceivedVia, TimesReply } from '@pruefbuch/domain/schemas/offer';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { offerValues } from '../../../test/factories';
import { fieldsOf, type Member, member } from '../../../test/fixtures/books';
import { createTestApp, type TestApp } from '../../../test/helper';
import type { offers } from '../../db/schema/index';
import { insertOfferRows } from '../offers/offers.store';

/**
 * The offer evaluation against a small fixture whose figures are worked out by hand below. The range
 * is Q1 2025 (2025-01-01 … 2025-03-31). Offers of tenant A:
 *
 * | #   | received   | offer date | sum     | talk result (status)          | order sum | KTB  | via        | result at (Berlin) | dept |
 * |-----|------------|------------|---------|-------------------------------|-----------|------|------------|--------------------|------|
 * | O1  | 2025-01-02 | 2025-01-10 | 1000.00 | beauftragt (commissioned)     | 900.00    | Anna | techniker  | 2025-01-20         | 5    |
 * | O2  | 2025-01-05 | 2025-01-15 | 500.00  | preis zu hoch (cancelled)     |           | Anna | kunde      | 2025-02-01 (¹)     | 5    |
 * | O3  | 2025-01-20 | 2025-02-03 | 250.50  | – (waiting)                   |           | –    | ktb        |                    | 5    |
 * | O4  | 2025-02-01 | 2025-02-10 | 1200.00 | material beauftragt (comm.)   | – (²)     | Carl | techniker  | 2025-02-20         | 5    |
 * | O5  | 2025-02-10 | 2025-02-12 | –       | sonstiges (waiting)           |           | Carl | –          | 2025-02-14         | 5    |
 * | O6  | 2025-03-01 | –          | –       | –                             |           | –    | kunde      |                    | 5    |
 * | O7  | 2025-01-03 | 2025-01-12 | 300.00  | beauftragt (commissioned)     | 333.33    | Anna | techniker  | 2025-01-13         | 3    |
 * | O8  | 2025-01-04 | 2025-01-11 | 9999.00 | beauftragt — inactive, never counted                                        | 5    |
 * | O9  | 2024-12-20 | 2024-12-31 | 777.00  | before the range, never counted                                              | 5    |
 * | O10 | 2024-12-28 | 2025-01-08 | 100.00  | wird nicht realisiert (canc.) |           | Carl | einsatzltg | 2025-03-05         | 5    |
 * | O12 | 2025-03-30 | 2025-04-02 | 50.00   | – (waiting)                   |           | –    | kunde      |                    | 5    |
 *
 * (¹) recorded 2025-01-31 23:30 UTC, which is 00:30 on 1 February in Berlin.
 * (²) no order sum: the offer sum counts as the order sum.
 * Tenant B has one commissioned offer of 5000.00 in January (O11), never counted for A.
 */

const FROM = '2025-01-01';
const TO = '2025-03-31';

interface Fixture {
  receivedDate: string | null;
  offerDate: string | null;
  offerSum?: number | null;
  talkResult?: TalkResult | null;
  talkResultAt?: string | null;
  orderSum?: number | null;
  ktb?: string | null;
  receivedVia?: ReceivedVia | null;
  aktuelle_abteilung?: number;
  active?: boolean;
}

/** An offer row as the offers module would write it (the factory derives ampel, rank, status and type). */
function offerRow(tenantId: string, ofmUser: string, f: Fixture): typeof offers.$inferInsert {
  return offerValues(
    tenantId,
    {
      ofmUser,
      receivedDate: f.receivedDate,
      receivedVia: f.receivedVia ?? null,
      ktb: f.ktb ?? null,
      abteilung: { autSchieber: true, autDreher: false, bau: false, umbau: false, export: false, ersatzteile: false },
      aktuelle_abteilung: f.aktuelle_abteilung ?? Department.OFM,
      angebot: {
        offerNr: f.offerDate ? 'A-1' : '',
        offerDate: f.offerDate,
        offerSum: f.offerSum ?? null,
        talkResult: f.talkResult ?? null,
      },
      ersatzteile: { orderSum: f.orderSum ?? null },
    },
    { talkResultAt: f.talkResultAt ? new Date(f.talkResultAt) : null, active: f.active ?? true },
  );
}

/** A row as the test expects it, written out in full. */
const row = (
  month: string,
  label: string,
  offerCnt: number,
  offerSum: number,
  averageValue: number,
  orderCnt: number,
  orderSum: number,
  [cancelledCnt, cancelledPct]: [number, number],
  [commissionedCnt, commissionedPct]: [number, number],
  [waitingCnt, waitingPct]: [number, number],
): EvaluationRow => ({
  month,
  label,
  offerCnt,
  offerSum,
  averageValue,
  orderCnt,
  orderSum,
  cancelledCnt,
  cancelledPct,
  commissionedCnt,
  commissionedPct,
  waitingCnt,
  waitingPct,
});
const zero = (month: string, label: string) => row(month, label, 0, 0, 0, 0, 0, [0, 0], [0, 0], [0, 0]);

/** The total over all seven counted offers (O1–O5, O7, O10), the same in every grouped view. */
const TOTAL = row('total', 'Gesamt', 7, 3350.5, 478.64, 3, 2433.33, [2, 28.6], [3, 42.9], [2, 28.6]);

describe('offer evaluation', () => {
  let t: TestApp;
  let tenantA: string;
  let tenantB: string;
  let analyst: Member;
  let analystB: Member;
  let anna: string;
  let carl: string;

  const get = (view: string, query: string, who: Member = analyst, tenant = tenantA) =>
    t.api({ method: 'GET', url: `/offer/evaluation/${view}?${query}`, token: who.token, tenant });
  const json = async <T = EvaluationReply>(view: string, query = `from=${FROM}&to=${TO}`) => {
    const res = await get(view, query);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as T;
  };

  beforeAll(async () => {
    t = await createTestApp();
    tenantA = (await t.createTenant('Service Rhein-Main')).id;
    tenantB = (await t.createTenant('Service Nord')).id;
    analyst = await member(t, Role.STANDARD_ROLE, [tenantA], { auswertung: true });
    analystB = await member(t, Role.STANDARD_ROLE, [tenantB], { auswertung: true });
    const ofm = (await t.createUser({ tenantIds: [tenantA], department: Department.OFM })).id;
    anna = (
      await t.createUser({
        firstName: 'Anna',
        lastName: 'Berg',
        abbreviation: 'ABE',
        department: Department.KTB,
        tenantIds: [tenantA],
      })
    ).id;
    carl = (
      await t.createUser({
        firstName: 'Carl',
        lastName: 'Dorn',
        abbreviation: 'CDO',
        department: Department.KTB,
        tenantIds: [tenantA],
      })
    ).id;
    const a = (f: Fixture) => offerRow(tenantA, ofm, f);
    await insertOfferRows(t.database.db, [
      a({
        receivedDate: '2025-01-02',
        offerDate: '2025-01-10',
        offerSum: 1000,
        talkResult: 'angebot_ist_beauftragt',
        talkResultAt: '2025-01-20T10:00:00Z',
        orderSum: 900,
        ktb: anna,
        receivedVia: 'techniker',
      }),
      a({
        receivedDate: '2025-01-05',
        offerDate: '2025-01-15',
        offerSum: 500,
        talkResult: 'absage_preis_war_zu_hoch',
        talkResultAt: '2025-01-31T23:30:00Z',
        ktb: anna,
        receivedVia: 'kunde',
      }),
      a({ receivedDate: '2025-01-20', offerDate: '2025-02-03', offerSum: 250.5, receivedVia: 'ktb' }),
      a({
        receivedDate: '2025-02-01',
        offerDate: '2025-02-10',
        offerSum: 1200,
        talkResult: 'materialangebot_beauftragt',
        talkResultAt: '2025-02-20T08:00:00Z',
        ktb: carl,
        receivedVia: 'techniker',
      }),
      a({
        receivedDate: '2025-02-10',
        offerDate: '2025-02-12',
        talkResult: 'sonstiges_talk_result',
        talkResultAt: '2025-02-14T12:00:00Z',
        ktb: carl,
      }),
      a({ receivedDate: '2025-03-01', offerDate: null, receivedVia: 'kunde' }),
      a({
        receivedDate: '2025-01-03',
        offerDate: '2025-01-12',
        offerSum: 300,
        talkResult: 'angebot_ist_beauftragt',
        talkResultAt: '2025-01-13T09:00:00Z',
        orderSum: 333.33,
        ktb: anna,
        receivedVia: 'techniker',
        aktuelle_abteilung: Department.OPM,
      }),
      a({
        receivedDate: '2025-01-04',
        offerDate: '2025-01-11',
        offerSum: 9999,
        talkResult: 'angebot_ist_beauftragt',
        talkResultAt: '2025-01-12T09:00:00Z',
        ktb: anna,
        receivedVia: 'techniker',
        active: false,
      }),
      a({ receivedDate: '2024-12-20', offerDate: '2024-12-31', offerSum: 777, receivedVia: 'kunde' }),
      a({
        receivedDate: '2024-12-28',
        offerDate: '2025-01-08',
        offerSum: 100,
        talkResult: 'absage_wird_nicht_realisiert',
        talkResultAt: '2025-03-05T10:00:00Z',
        ktb: carl,
        receivedVia: 'einsatzleitung',
      }),
      a({ receivedDate: '2025-03-30', offerDate: '2025-04-02', offerSum: 50, receivedVia: 'kunde' }),
      offerRow(tenantB, analystB.id, {
        receivedDate: '2025-01-02',
        offerDate: '2025-01-10',
        offerSum: 5000,
        talkResult: 'angebot_ist_beauftragt',
        talkResultAt: '2025-01-15T10:00:00Z',
        receivedVia: 'techniker',
      }),
    ]);
  });

  it('erfolgsquote: one row per month of the offer date, empty months with zeros, and the total', async () => {
    const reply = await json('erfolgsquote');
    expect(reply.view).toBe('erfolgsquote');
    expect([reply.from, reply.to]).toEqual([FROM, TO]);
    expect(reply.rows).toEqual([
      // O1, O2, O7, O10: 1000 + 500 + 300 + 100; orders O1 (900) and O7 (333.33).
      row('2025-01', 'Januar 2025', 4, 1900, 475, 2, 1233.33, [2, 50], [2, 50], [0, 0]),
      // O3, O4, O5: 250.50 + 1200 + nothing; 1450.50 / 3 = 483.50; O4's order sum is its offer sum.
      row('2025-02', 'Februar 2025', 3, 1450.5, 483.5, 1, 1200, [0, 0], [1, 33.3], [2, 66.7]),
      zero('2025-03', 'März 2025'),
    ]);
    // 3350.50 / 7 = 478.642…; 2/7 = 28.57 %, 3/7 = 42.86 %.
    expect(reply.total).toEqual(TOTAL);
  });

  it('erfolgsquote of one department: the current department of the offer', async () => {
    const reply = await json('erfolgsquote', `from=${FROM}&to=${TO}&department=${Department.OFM}`);
    // Without O7 (OPM): January is O1, O2, O10; 1600 / 3 = 533.33.
    expect(reply.rows[0]).toEqual(row('2025-01', 'Januar 2025', 3, 1600, 533.33, 1, 900, [2, 66.7], [1, 33.3], [0, 0]));
    // 3050.50 / 6 = 508.4166…
    expect(reply.total).toEqual(row('total', 'Gesamt', 6, 3050.5, 508.42, 2, 2100, [2, 33.3], [2, 33.3], [2, 33.3]));
    const opm = await json('erfolgsquote', `from=${FROM}&to=${TO}&department=${Department.OPM}`);
    expect(opm.total).toEqual(row('total', 'Gesamt', 1, 300, 300, 1, 333.33, [0, 0], [1, 100], [0, 0]));
    const el = await json('erfolgsquote', `from=${FROM}&to=${TO}&department=${Department.EL}`);
    expect(el.rows.map((r) => r.offerCnt)).toEqual([0, 0, 0]);
  });

  it('ktbauswertung: a row per KTB user by name, then the offers without a KTB', async () => {
    const reply = await json('ktbauswertung');
    expect(reply.rows).toEqual([
      // O1, O2, O7.
      row(anna, 'Anna Berg (ABE)', 3, 1800, 600, 2, 1233.33, [1, 33.3], [2, 66.7], [0, 0]),
      // O4, O5, O10: 1200 + nothing + 100.
      row(carl, 'Carl Dorn (CDO)', 3, 1300, 433.33, 1, 1200, [1, 33.3], [1, 33.3], [1, 33.3]),
      // O3.
      row('none', 'Ohne KTB', 1, 250.5, 250.5, 0, 0, [0, 0], [0, 0], [1, 100]),
    ]);
    expect(reply.total).toEqual(TOTAL);
  });

  it('gespraechsresultat: every talk result in its order, then the offers without one', async () => {
    const reply = await json('gespraechsresultat');
    expect(reply.rows).toEqual([
      row('angebot_ist_beauftragt', 'Angebot ist beauftragt', 2, 1300, 650, 2, 1233.33, [0, 0], [2, 100], [0, 0]),
      row('materialangebot_beauftragt', 'Materialangebot beauftragt', 1, 1200, 1200, 1, 1200, [0, 0], [1, 100], [0, 0]),
      zero('angebot_war_nicht_verstaendlich', 'Angebot war nicht verständlich (Erinnerung nötig)'),
      row('absage_preis_war_zu_hoch', 'Absage: Preis war zu hoch', 1, 500, 500, 0, 0, [1, 100], [0, 0], [0, 0]),
      zero('absage_mitbewerb_hat_auftrag_erhalten', 'Absage: Mitbewerber hat den Auftrag erhalten'),
      row('absage_wird_nicht_realisiert', 'Absage: wird nicht realisiert', 1, 100, 100, 0, 0, [1, 100], [0, 0], [0, 0]),
      row('sonstiges_talk_result', 'Sonstiges (Grund als Notiz)', 1, 0, 0, 0, 0, [0, 0], [0, 0], [1, 100]),
      row('none', 'Ohne Gesprächsergebnis', 1, 250.5, 250.5, 0, 0, [0, 0], [0, 0], [1, 100]),
    ]);
    expect(reply.total).toEqual(TOTAL);
  });

  it('erhaltenueber: every way a request comes in, in its order, then the offers without one', async () => {
    const reply = await json('erhaltenueber');
    expect(reply.rows).toEqual([
      // O1, O4, O7: 1000 + 1200 + 300; orders 900 + 1200 + 333.33.
      row('techniker', 'Techniker', 3, 2500, 833.33, 3, 2433.33, [0, 0], [3, 100], [0, 0]),
      row('ktb', 'KTB', 1, 250.5, 250.5, 0, 0, [0, 0], [0, 0], [1, 100]),
      row('kunde', 'Kunde', 1, 500, 500, 0, 0, [1, 100], [0, 0], [0, 0]),
      row('einsatzleitung', 'Einsatzleitung', 1, 100, 100, 0, 0, [1, 100], [0, 0], [0, 0]),
      zero('buchung_verrechnung', 'Buchung/Verrechnung'),
      zero('neuanlagengeschaeft', 'Neuanlagengeschäft'),
      zero('sonstiges', 'Sonstiges'),
      // O5.
      row('none', 'Ohne Angabe', 1, 0, 0, 0, 0, [0, 0], [0, 0], [1, 100]),
    ]);
    expect(reply.total).toEqual(TOTAL);
  });

  it('angebotszeiten: per month of receipt, the quartiles of the days to the offer and to the talk result', async () => {
    const reply = await json<TimesReply>('angebotszeiten');
    expect(reply.view).toBe('angebotszeiten');
    expect(reply.rows).toEqual([
      // Received in January: O1, O7, O2, O3. To the offer 8, 9, 10, 14: P25 8.75, median 9.5, P75 11.
      // To the result 1 (O7), 10 (O1), 17 (O2: 1 February in Berlin): P25 5.5, median 10, P75 13.5.
      {
        month: '2025-01',
        offerCnt: 4,
        toOfferP25: 8.8,
        toOfferMedian: 9.5,
        toOfferP75: 11,
        toResultP25: 5.5,
        toResultMedian: 10,
        toResultP75: 13.5,
      },
      // O4 and O5: to the offer 9 and 2, to the result 10 and 2.
      {
        month: '2025-02',
        offerCnt: 2,
        toOfferP25: 3.8,
        toOfferMedian: 5.5,
        toOfferP75: 7.3,
        toResultP25: 4,
        toResultMedian: 6,
        toResultP75: 8,
      },
      // O6 (no offer yet) and O12 (offered 3 days later, after the range: still counted by its receipt).
      {
        month: '2025-03',
        offerCnt: 2,
        toOfferP25: 3,
        toOfferMedian: 3,
        toOfferP75: 3,
        toResultP25: null,
        toResultMedian: null,
        toResultP75: null,
      },
    ]);
    // All eight: to the offer 2, 3, 8, 9, 9, 10, 14; to the result 1, 2, 10, 10, 17.
    expect(reply.total).toEqual({
      month: 'total',
      offerCnt: 8,
      toOfferP25: 5.5,
      toOfferMedian: 9,
      toOfferP75: 9.5,
      toResultP25: 2,
      toResultMedian: 10,
      toResultP75: 10,
    });
  });

  it('angebotszeiten of a range without offers: every month with nulls', async () => {
    const reply = await json<TimesReply>('angebotszeiten', 'from=2023-05-15&to=2023-06-02');
    expect(reply.rows.map((r) => r.month)).toEqual(['2023-05', '2023-06']);
    expect(reply.total).toEqual({
      month: 'total',
      offerCnt: 0,
      toOfferP25: null,
      toOfferMedian: null,
      toOfferP75: null,
      toResultP25: null,
      toResultMedian: null,
      toResultP75: null,
    });
  });

  it('counts the offers of the tenant of the header only', async () => {
    const res = await get('erfolgsquote', `from=${FROM}&to=${TO}`, analystB, tenantB);
    expect(res.statusCode).toBe(200);
    const reply = res.json() as EvaluationReply;
    expect(reply.total).toEqual(row('total', 'Gesamt', 1, 5000, 5000, 1, 5000, [0, 0], [1, 100], [0, 0]));
    // A user of A naming tenant B is refused; without a tenant header there is nothing to evaluate.
    expect((await get('erfolgsquote', `from=${FROM}&to=${TO}`, analyst, tenantB)).statusCode).toBe(403);
    const noTenant = await t.api({
      method: 'GET',
      url: `/offer/evaluation/erfolgsquote?from=${FROM}&to=${TO}`,
      token: analyst.token,
    });
    expect(noTenant.statusCode).toBe(400);
  });

  it('labels in the language of the request', async () => {
    const res = await t.api({
      method: 'GET',
      url: `/offer/evaluation/erfolgsquote?from=${FROM}&to=${TO}`,
      token: analyst.token,
      tenant: tenantA,
      headers: { 'accept-language': 'en' },
    });
    const reply = res.json() as EvaluationReply;
    expect(reply.rows.map((r) => r.label)).toEqual(['January 2025', 'February 2025', 'March 2025']);
    expect(reply.total.label).toBe('Total');
  });

  it.each([
    ['to before from', 'from=2025-03-01&to=2025-02-28', 'querystring.to'],
    ['a range over five years', 'from=2020-01-01&to=2025-01-02', 'querystring.to'],
    ['an impossible date', 'from=2025-02-30&to=2025-03-31', 'querystring.from'],
    ['a malformed date', 'from=01.01.2025&to=2025-03-31', 'querystring.from'],
    ['no range', '', 'querystring.from'],
    ['an unknown department', `from=${FROM}&to=${TO}&department=9`, 'querystring.department'],
    ['a department that is no number', `from=${FROM}&to=${TO}&department=OFM`, 'querystring.department'],
    ['an unknown format', `from=${FROM}&to=${TO}&format=pdf`, 'querystring.format'],
  ])('refuses %s with 400 at the field', async (_, query, field) => {
    for (const view of ['erfolgsquote', 'angebotszeiten', 'ktbauswertung']) {
      const res = await get(view, query);
      expect(res.statusCode, `${view}: ${res.body}`).toBe(400);
      expect(fieldsOf(res)).toContain(field);
    }
  });

  it('takes a range of exactly five years', async () => {
    const reply = await json('erfolgsquote', 'from=2020-01-01&to=2025-01-01');
    expect(reply.rows).toHaveLength(61);
  });

  it('needs the evaluation flag and one of the evaluation roles', async () => {
    const noFlag = await member(t, Role.STANDARD_ROLE, [tenantA]);
    const noFlagAdmin = await member(t, Role.ADMIN_ROLE, []);
    const warehouse = await member(t, Role.ROLE_LAGER, [tenantA], { auswertung: true });
    const flaggedAdmin = await member(t, Role.ADMIN_ROLE, [], { auswertung: true });
    for (const view of ['erfolgsquote', 'angebotszeiten', 'ktbauswertung', 'gespraechsresultat', 'erhaltenueber']) {
      for (const who of [noFlag, noFlagAdmin, warehouse]) {
        expect((await get(view, `from=${FROM}&to=${TO}`, who)).statusCode).toBe(403);
      }
      expect((await get(view, `from=${FROM}&to=${TO}`, flaggedAdmin)).statusCode).toBe(200);
    }
  });

  it('exports a view as CSV in the language of the request: money in EUR, percentages with one decimal', async () => {
    const res = await get('erfolgsquote', `from=${FROM}&to=${TO}&format=csv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(String(res.headers['content-disposition'])).toContain(
      'Angebotsauswertung-Erfolgsquote-2025-01-01-2025-03-31.csv',
    );
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Monat;Angebote;Angebotssumme;Durchschnittswert;Aufträge;Auftragssumme;Beauftragt;Beauftragt (%);Abgesagt;Abgesagt (%);Wartend;Wartend (%)',
    );
    const nb = '\u00a0';
    expect(lines[1]).toBe(
      `Januar 2025;4;1.900,00${nb}€;475,00${nb}€;2;1.233,33${nb}€;2;50,0${nb}%;2;50,0${nb}%;0;0,0${nb}%`,
    );
    expect(lines[4]).toBe(
      `Gesamt;7;3.350,50${nb}€;478,64${nb}€;3;2.433,33${nb}€;3;42,9${nb}%;2;28,6${nb}%;2;28,6${nb}%`,
    );
    expect(lines).toHaveLength(5);

    const times = await get('angebotszeiten', `from=${FROM}&to=${TO}&format=csv`);
    const timeLines = times.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(timeLines[1]).toBe('Januar 2025;4;9,5;8,8;11;10;5,5;13,5');
    expect(timeLines[3]).toBe('März 2025;2;3;3;3;;;');
  });

  it('exports a view as XLSX: numbers stay numbers, shown as EUR and percent', async () => {
    const res = await get('ktbauswertung', `from=${FROM}&to=${TO}&format=xlsx`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(String(res.headers['content-disposition'])).toContain('KTB-Auswertung-2025-01-01-2025-03-31.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    if (!sheet) throw new Error('no sheet');
    expect(sheet.name).toBe('KTB-Auswertung');
    const values = (r: number) => (sheet.getRow(r).values as unknown[]).slice(1);
    expect(values(1)[0]).toBe('KTB');
    expect(values(2)).toEqual(['Anna Berg (ABE)', 3, 1800, 600, 2, 1233.33, 2, 0.667, 1, 0.333, 0, 0]);
    expect(values(4)[0]).toBe('Ohne KTB');
    expect(values(5)).toEqual(['Gesamt', 7, 3350.5, 478.64, 3, 2433.33, 3, 0.429, 2, 0.286, 2, 0.286]);
    expect(sheet.getCell('C2').numFmt).toContain('€');
    expect(sheet.getCell('H2').numFmt).toBe('0.0%');
  });
});
