import { DEPARTMENT_NUMBERS } from '@pruefbuch/domain/roles';
import { weekOf } from '@pruefbuch/domain/rules/calendar-week';
import { checkDoorCodes } from '@pruefbuch/domain/rules/door-codes';
import { berlinToday } from '@pruefbuch/domain/rules/next-inspection';
import { orderAmpels } from '@pruefbuch/domain/rules/order-ampel';
import { ORDER_STATUSES, type OrderStatus, statusRank } from '@pruefbuch/domain/rules/order-status';
import { orderMinimumIssues } from '@pruefbuch/domain/rules/record-minimum';
import { DIVISIONS } from '@pruefbuch/domain/schemas/offer';
import { orderSchema } from '@pruefbuch/domain/schemas/order';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/helper';
import { auditLogs, books, offers, orders, tenants } from '../db/schema/index';
import { STARTER_COMPONENTS } from '../modules/components/components.starter';
import { opFigures } from '../modules/opevaluation/opevaluation.repo';
import { seedDemo } from './seed';
import { DEMO_ORDER_COUNT, type HandOver, type OrderPeople, planDemoOrders } from './seed-orders';

const database = await openTestDatabase();
const today = berlinToday();
const started = Date.now();
await seedDemo(database.db);
const seedMs = Date.now() - started;
const [tenant] = await database.db.select().from(tenants).where(eq(tenants.url, 'rhein-main'));
const rows = await database.db.select().from(orders);
const rank = (s: string) => statusRank(s as OrderStatus);
const installed = (s: string) => rank(s) >= rank('MONTAGE_ABGESCHLOSSEN');

describe('seedDemo: the demo orders', () => {
  it("gives three installed orders their inspection book, made as 'Prüfbuch anlegen' makes it", async () => {
    const withBook = rows.filter((r) => r.bookId);
    expect(withBook).toHaveLength(3);
    for (const r of withBook) expect(installed(r.status)).toBe(true);
    const made = await database.db
      .select({ id: books.id, misc: books.misc, lagerort: books.lagerort })
      .from(books)
      .where(
        inArray(
          books.id,
          withBook.map((r) => r.bookId as string),
        ),
      );
    expect(made).toHaveLength(3);
    for (const b of made) expect(b.lagerort).toBe('inFertigungsprozess');
  });

  it('writes door configurations in the codes the component catalogue knows, for the door type', () => {
    const known = new Map(STARTER_COMPONENTS.map(([code, , doorType]) => [code, doorType]));
    const kinds = new Map(STARTER_COMPONENTS.map(([code, kind]) => [code, kind]));
    const doors = rows.filter((r) => r.tuer.tuertyp);
    expect(doors.length).toBeGreaterThan(80);
    for (const r of doors) {
      const t = r.tuer;
      const confirmed = t.bestaetigt ?? [];
      for (const code of [t.antrieb, t.fluegel, t.stromart, ...t.komponenten].filter((c) => !confirmed.includes(c))) {
        expect([code, known.get(code)]).toEqual([code, expect.stringMatching(new RegExp(`^(${t.tuertyp}|both)$`))]);
      }
      // Each code in a field of its catalogue group, as POST orders would take it (decision 052).
      const check = checkDoorCodes({ before: null, next: t, kindOf: (c) => kinds.get(c), mayConfirm: true });
      expect(check.issues).toEqual([]);
    }
    // One sliding door keeps a code outside the catalogue, confirmed.
    expect(doors.filter((r) => r.tuer.bestaetigt?.length).map((r) => [r.tuer.tuertyp, r.tuer.bestaetigt])).toEqual([
      ['schieber', ['KD-PRAESENZ-7']],
    ]);
    // Escape-route doors among them, both kinds (the power type says so).
    for (const type of ['schieber', 'dreher']) {
      expect(doors.some((r) => r.tuer.tuertyp === type && /fr/i.test(r.tuer.stromart))).toBe(true);
    }
  });

  it('seeds 120 orders of the first tenant in every status, department and division', () => {
    expect(rows).toHaveLength(DEMO_ORDER_COUNT);
    expect(new Set(rows.map((r) => r.tenantId))).toEqual(new Set([tenant?.id]));
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(ORDER_STATUSES));
    expect(new Set(rows.map((r) => r.aktuelleAbteilung))).toEqual(new Set(DEPARTMENT_NUMBERS));
    for (const d of DIVISIONS)
      expect(
        rows.some((r) => r.abteilung[d]),
        d,
      ).toBe(true);
    // The whole demo (books, inspections, offers, orders) stays quick to seed.
    expect(seedMs).toBeLessThan(60_000);
  });

  it('gives every order an AB-Nr like AB-26-1043, unique, and realistic objects and customers', () => {
    expect(rows.every((r) => /^AB-\d{2}-\d{4}$/.test(r.abnr))).toBe(true);
    expect(new Set(rows.map((r) => r.abnr)).size).toBe(rows.length);
    expect(rows.every((r) => r.objekt.length > 10 && r.kunde.length > 0)).toBe(true);
  });

  it('stores the ampels as the domain rule computes them today, in every colour', () => {
    for (const r of rows) {
      const a = orderAmpels(
        {
          status: r.status as OrderStatus,
          vkid: {
            geplante_montage_date: r.vkid.geplante_montage_date,
            warenbtermin_date: r.vkid.warenbtermin_date,
            akt_kw: r.vkid.akt_kw,
          },
          el: { akt_kw: r.el.akt_kw, montagedatum: r.el.montagedatum },
          logistik: r.logistik,
        },
        today,
      );
      expect([r.vkidAmpel, r.elAmpel, r.gesamtAmpel], r.abnr).toEqual([a.vkid, a.el, a.gesamt]);
      expect(r.gesamtRank).toBe(a.gesamt ? { green: 1, orange: 2, red: 3 }[a.gesamt] : 0);
    }
    expect(new Set(rows.map((r) => r.gesamtAmpel))).toEqual(new Set(['green', 'orange', 'red', null]));
  });

  it('sets installedAt, acceptedAt and billedAt as the status says, in order and not after now', () => {
    const now = Date.now();
    for (const r of rows) {
      expect(r.installedAt !== null, r.abnr).toBe(installed(r.status));
      expect(r.billedAt !== null, r.abnr).toBe(r.status === 'VERRECHNET');
      if (r.acceptedAt) expect(r.vkid.zivi && rank(r.status) >= rank('ZIVI_ERLEDIGT'), r.abnr).toBe(true);
      if (rank(r.status) >= rank('ZIVI_BESTELLT') && r.status !== 'VERRECHNET') expect(r.vkid.zivi).toBe(true);
      if (r.status === 'ZIVI_ERLEDIGT') expect(r.acceptedAt).not.toBeNull();
      expect(r.vkid.verrechnet).toBe(r.status === 'VERRECHNET');
      const times = [r.createdAt, r.installedAt, r.acceptedAt, r.billedAt, r.statusLastModified]
        .filter((d): d is Date => d !== null)
        .map((d) => d.getTime());
      const chain = [r.createdAt, r.installedAt, r.acceptedAt, r.billedAt].filter((d): d is Date => d !== null);
      for (let i = 1; i < chain.length; i++)
        expect(chain[i]?.getTime(), r.abnr).toBeGreaterThan(chain[i - 1]?.getTime() ?? 0);
      expect(Math.max(...times)).toBeLessThanOrEqual(now + 24 * 3_600_000);
    }
    expect(rows.some((r) => r.acceptedAt && r.status === 'VERRECHNET')).toBe(true);
  });

  it('plans weeks around today: some late, some this week; some deliveries overdue, extra effort, door configurations', () => {
    const thisWeek = weekOf(today);
    const open = rows.filter((r) => !installed(r.status));
    expect(open.filter((r) => r.vkid.akt_kw && r.vkid.akt_kw < thisWeek).length).toBeGreaterThanOrEqual(5);
    expect(open.filter((r) => r.vkid.akt_kw === thisWeek || r.el.akt_kw === thisWeek).length).toBeGreaterThanOrEqual(3);
    expect(open.filter((r) => r.vkid.akt_kw > thisWeek).length).toBeGreaterThanOrEqual(20);
    const overdue = rows.filter((r) => r.logistik.some((d) => d.geplantAm && d.geplantAm < today && !d.geliefertAm));
    expect(overdue.length).toBeGreaterThanOrEqual(3);
    expect(rows.filter((r) => r.maw.length > 0).length).toBeGreaterThanOrEqual(10);
    const doors = rows.filter((r) => r.tuer.tuertyp);
    expect(new Set(doors.map((r) => r.tuer.tuertyp))).toEqual(new Set(['dreher', 'schieber']));
    expect(doors.some((r) => r.tuer.stromart.toLowerCase().includes('fr'))).toBe(true);
    // The wing count is the last character of the wings code (SPEC §9).
    expect(doors.every((r) => /^(FL|SFL|TEL)\d$/.test(r.tuer.fluegel))).toBe(true);
    // Late installations: installed in a week after the planned one.
    const lateInstalled = rows.filter(
      (r) => r.installedAt && r.vkid.akt_kw && weekOf(r.installedAt.toISOString().slice(0, 10)) > r.vkid.akt_kw,
    );
    expect(lateInstalled.length).toBeGreaterThanOrEqual(5);
  });

  it('takes over the offers handed over to order processing, and the offer links to its order', async () => {
    const handed = await database.db
      .select()
      .from(offers)
      .where(and(eq(offers.tenantId, tenant?.id ?? ''), isNotNull(offers.takeOverRequestedAt)));
    const fromOffers = rows.filter((r) => r.offerId);
    // The oldest requests were taken over (at most 20); the newest still wait in order processing.
    expect(fromOffers).toHaveLength(Math.min(handed.length, 20));
    expect(fromOffers.length).toBeGreaterThanOrEqual(3);
    for (const order of fromOffers) {
      const o = handed.find((h) => h.id === order.offerId);
      expect(o, order.abnr).toBeDefined();
      expect(o?.orderId).toBe(order.id);
      expect([order.objekt, order.csnr, order.tp]).toEqual([o?.objekt, o?.csnr, o?.tp]);
      expect(order.vkidBetrag).toBe(o?.orderSum ?? o?.offerSum);
      expect(order.createdAt.getTime()).toBe(o?.takeOverRequestedAt?.getTime());
    }
    const waiting = handed.filter((h) => !fromOffers.some((r) => r.offerId === h.id));
    expect(waiting.every((h) => h.orderId === null)).toBe(true);
    const newestTaken = Math.max(...fromOffers.map((r) => r.createdAt.getTime()));
    expect(waiting.every((h) => (h.takeOverRequestedAt?.getTime() ?? 0) >= newestTaken)).toBe(true);
  });

  it('writes each order’s creation and status steps to its protocol, in the order of their moments', async () => {
    // In the protocol's order (its moments): a statement without an order may read the rows in any order.
    const log = await database.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.entity, 'order'))
      .orderBy(auditLogs.createdAt);
    for (const r of rows) {
      const steps = log.filter((l) => l.entityId === r.id && l.field === 'status' && l.action === 'update');
      expect(steps.at(-1)?.newValue ?? 'CREATED', r.abnr).toBe(r.status);
      // Each step starts from the one before it: the moments follow the steps.
      expect(
        steps.map((l) => l.oldValue),
        r.abnr,
      ).toEqual(steps.map((_, i) => (i === 0 ? 'CREATED' : steps[i - 1]?.newValue)));
      expect(log.some((l) => l.entityId === r.id && l.action === 'create')).toBe(true);
    }
  });

  it('reads back as valid order DTO field values (the domain schema)', () => {
    const blocks = orderSchema.pick({ logistik: true, maw: true, tuer: true, leistungsart: true, abteilung: true });
    for (const r of rows) {
      const parsed = blocks.safeParse(r);
      expect(parsed.success, `${r.abnr} ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
      // What a saved order needs (decision 028): a demo order opens and saves as it is.
      expect(orderMinimumIssues(r), r.abnr).toEqual([]);
    }
  });

  it('gives the operations evaluation figures: every order received once, installs and bills counted', async () => {
    const figures = await opFigures(database.db, tenant?.id ?? '', { from: '2020-01-01', to: today });
    const total = figures.find((f) => f.month === null);
    expect(total?.received).toBe(DEMO_ORDER_COUNT);
    expect(total?.installed).toBe(rows.filter((r) => r.installedAt).length);
    expect(total?.billed).toBe(rows.filter((r) => r.billedAt).length);
    expect(total?.late).toBeGreaterThan(0);
    expect(total?.minutesCnt).toBeGreaterThan(0);
  });

  it('is deterministic: the same plan for the same day and offers', () => {
    const people: OrderPeople = { admin: 'a', opm: ['o'], el: ['e'], abbreviation: new Map() };
    const handOvers: HandOver[] = [];
    const strip = (p: ReturnType<typeof planDemoOrders>) =>
      p.rows.map(({ id: _id, listItem: _item, logistik, maw, ...r }) => ({
        ...r,
        logistik: logistik?.map(({ _id: _d, ...d }) => d),
        maw: maw?.map(({ _id: _m, ...m }) => m),
      }));
    expect(strip(planDemoOrders('t', '2026-11-25', people, handOvers))).toEqual(
      strip(planDemoOrders('t', '2026-11-25', people, handOvers)),
    );
  });
});
