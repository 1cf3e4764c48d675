/**
 * Capacity planning at scale (issue 14): one tenant with 12 employees (the demo's production) and 500
 * planned orders on PostgreSQL. The month view (capacity/get/getCapacityForMonthFromDate) and a
 * proposal for one order (capacity/get/proposal/{orderId}) through the API, one planner at a time and
 * at 20 clients, against the SQL floor: the statements the API sends, captured from the capacity
 * module's repository on a recording driver and replayed straight through the driver with the same
 * pool. Target (issue 14): API p50 < 50 ms for a planner's request; the issue names no concurrency,
 * so the target is read on one client and the 20-client figures are reported beside it as the load.
 */
import { pathToFileURL } from 'node:url';
import { proposePlan } from '@pruefbuch/domain/rules/capacity-proposal';
import { availableOn, datesBetween, requiredTimeOf } from '@pruefbuch/domain/rules/capacity-time';
import { berlinToday } from '@pruefbuch/domain/rules/next-inspection';
import { type AreaMinutes, NO_MINUTES } from '@pruefbuch/domain/schemas/capacity';
import dayjs from 'dayjs';
import { sql } from 'drizzle-orm';
import type { Database, Db } from '../apps/server/src/db/client';
import * as schema from '../apps/server/src/db/schema/index';
import { capacitySettings, capacityTimeslots, costLists } from '../apps/server/src/db/schema/index';
import { seedDemo } from '../apps/server/src/demo/seed';
import { demoCostList, demoSettings } from '../apps/server/src/demo/seed-capacity';
import { holidayMap } from '../apps/server/src/modules/capacity/capacity.holidays';
import {
  findPlanOrder,
  findSettings,
  plannedMinutesBetween,
  plannedSlotsBetween,
  planOrdersByIds,
  slotsOfOrder,
  slotsOfOrders,
} from '../apps/server/src/modules/capacity/capacity.repo';
import { findCostList } from '../apps/server/src/modules/costlist/costlist.repo';
import { insertOrderRows, newOrderRow } from '../apps/server/src/modules/orders/orders.store';
import { adminToken, type Call, type Floor, floorsOf, loadApi, qs, recorder, rowsOf } from './harness';
import { benchOrders } from './orders';
import { onEachDatabase, startServer, stop, waitHealthy } from './server';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 20;
const PLANNED = Number(process.env.BENCH_PLANNED ?? 500);
const PORT = 3914;
const base = `http://127.0.0.1:${PORT}`;

const addDays = (day: string, n: number) => dayjs(day).add(n, 'day').format('YYYY-MM-DD');

/**
 * The bench tenant: the demo's cost list and production, 500 orders planned by the proposal from two
 * months ago on (so the months around today are full), and 40 orders still to plan.
 */
export async function seedCapacityTenant(db: Db, today: string) {
  const [tenant] = await db
    .insert(schema.tenants)
    .values({ name: 'Bench-Fertigung GmbH', url: 'bench-fertigung' })
    .returning({ id: schema.tenants.id });
  if (!tenant) throw new Error('no tenant');
  const [admin] = rowsOf<{ id: string }>(await db.execute(sql`select id from users where email = 'admin@demo.test'`));
  if (!admin) throw new Error('no admin');
  await db.insert(schema.userTenants).values({ userId: admin.id, tenantId: tenant.id });
  const costList = demoCostList();
  const settings = demoSettings(today);
  await db.insert(costLists).values({ tenantId: tenant.id, ...costList });
  await db.insert(capacitySettings).values({ tenantId: tenant.id, settings });

  const [schiebe2, dreh1] = costList.vorlagen;
  const rows = benchOrders(tenant.id, today, PLANNED + 40).map((r, i) =>
    newOrderRow({
      ...r,
      status: (['CREATED', 'AKT_KW_VKID', 'AKT_KW'] as const)[i % 3],
      active: true,
      fertigung: {
        vorlage: (r.tuer?.tuertyp === 'schieber' ? schiebe2 : dreh1)?._id ?? null,
        antriebe: 1,
        sonderfunktionen: i % 4 === 0 ? 1 : 0,
        verriegelungen: i % 3 === 0 ? 1 : 0,
        standardglaeser: 2,
        sonderglaeser: 0,
        bodenfuehrung: r.tuer?.tuertyp === 'schieber',
        schutzfluegel: 0,
        freitraeger: false,
        seitenteile: i % 2,
        kommissionierung: true,
        sonstigeMinuten: 0,
      },
    }),
  );
  await insertOrderRows(db, rows);

  // Plan the first 500 with the proposal (each sees the ones before it), from two months ago on.
  const start = addDays(today, -60);
  const end = addDays(today, 26 * 7);
  const holidays = holidayMap(settings.bundesland, [], start, end);
  const days = datesBetween(start, end).map((date) => ({
    date,
    available: availableOn(date, settings, holidays).perArea,
    planned: { ...NO_MINUTES } as AreaMinutes,
  }));
  const byDate = new Map(days.map((d) => [d.date, d]));
  const slots: (typeof capacityTimeslots.$inferInsert)[] = [];
  for (const o of rows.slice(0, PLANNED)) {
    const { required } = requiredTimeOf({ tuer: o.tuer, fertigung: o.fertigung }, costList);
    const plan = proposePlan({ remaining: required, direction: 'forward', today: start, installation: null, days });
    for (const s of plan.slots) {
      slots.push({ tenantId: tenant.id, orderId: o.id as string, ...s, finished: s.date < today });
      const d = byDate.get(s.date);
      if (d) d.planned[s.area] += s.minutes;
    }
  }
  for (let i = 0; i < slots.length; i += 1000) await db.insert(capacityTimeslots).values(slots.slice(i, i + 1000));
  await db.execute(sql.raw('vacuum analyze orders'));
  await db.execute(sql.raw('vacuum analyze capacity_timeslots'));
  const lastDay =
    slots
      .map((s) => s.date)
      .sort()
      .at(-1) ?? start;
  return {
    tenantId: tenant.id,
    planned: rows.slice(0, PLANNED).map((r) => r.id as string),
    open: rows.slice(PLANNED).map((r) => r.id as string),
    slots: slots.length,
    lastDay,
  };
}

/** The two workloads: the months around today, and proposals for the orders still to plan. */
async function capacityCalls(real: Db, tenantId: string, today: string, open: string[]) {
  const { db, take } = recorder();
  const month: Call[] = [];
  for (let k = -2; k <= 3; k++) {
    const date = dayjs(today).add(k, 'month').format('YYYY-MM-DD');
    const from = dayjs(date).startOf('month').format('YYYY-MM-DD');
    const to = dayjs(date).endOf('month').format('YYYY-MM-DD');
    await findSettings(db, tenantId);
    await plannedSlotsBetween(db, tenantId, from, to);
    // The plan conflicts of the month's orders (decision 050): their plan view, all their slots, the cost list.
    const ids = [...new Set((await plannedSlotsBetween(real, tenantId, from, to)).map((s) => s.orderId))];
    if (ids.length) {
      await planOrdersByIds(db, tenantId, ids);
      await slotsOfOrders(db, tenantId, ids);
      await findCostList(db, tenantId);
      await findSettings(db, tenantId);
    }
    month.push({ path: `/api/v1/capacity/get/getCapacityForMonthFromDate?${qs({ date })}`, statements: take() });
  }
  const proposal: Call[] = [];
  const end = addDays(today, 26 * 7 - 1);
  for (const id of open.slice(0, 20)) {
    await findPlanOrder(db, tenantId, id);
    await findCostList(db, tenantId);
    await findSettings(db, tenantId);
    await slotsOfOrder(db, tenantId, id);
    await plannedMinutesBetween(db, tenantId, today, end, id);
    proposal.push({ path: `/api/v1/capacity/get/proposal/${id}?direction=forward`, statements: take() });
  }
  return { 'month: getCapacityForMonthFromDate': month, 'proposal: one order (forward)': proposal };
}

const api = (token: string, tenantId: string, work: Call[], connections: number, duration: number) =>
  loadApi(base, token, tenantId, work, connections, duration);

type Row = Record<string, string | number>;

async function benchOne(label: string, open: () => Promise<Database>, serverEnv: Record<string, string>) {
  const database = await open();
  await database.migrate();
  await seedDemo(database.db);
  const today = berlinToday();
  const began = performance.now();
  const seeded = await seedCapacityTenant(database.db, today);
  console.log(
    `\n${label}: ${PLANNED} planned orders (${seeded.slots} slots up to ${seeded.lastDay}), ${seeded.open.length} to plan, seeded in ${((performance.now() - began) / 1000).toFixed(1)} s`,
  );
  const workloads = Object.entries(await capacityCalls(database.db, seeded.tenantId, today, seeded.open));

  const floors = await floorsOf(database, workloads, CONNECTIONS, DURATION);

  const rows: Row[] = [];
  try {
    for (const [name, work] of workloads) {
      const server = startServer(PORT, serverEnv);
      try {
        await waitHealthy(PORT);
        const token = await adminToken(base);
        // Every call answers 200 before anything is timed; the month's slots are the SQL's rows.
        for (const c of work) {
          const r = await fetch(`${base}${c.path}`, {
            headers: { authorization: `Bearer ${token}`, 'x-tenant': seeded.tenantId },
          });
          if (r.status !== 200) throw new Error(`${name}: ${c.path} answered ${r.status}: ${await r.text()}`);
        }
        await api(token, seeded.tenantId, work, 4, 3).catch(() => {});
        const alone = await api(token, seeded.tenantId, work, 1, Math.min(DURATION, 5));
        const r = await api(token, seeded.tenantId, work, CONNECTIONS, DURATION);
        const { alone: floorAlone, loaded: floor } = floors.get(name) as { alone: Floor; loaded: Floor };
        const row: Row = {
          database: label,
          call: name,
          'API req/s': Math.round(r.rps),
          'API p50 ms': r.p50,
          'API p99 ms': r.p99,
          'SQL req/s': Math.round(floor.rps),
          'SQL p50 ms': floor.p50,
          'SQL p99 ms': floor.p99,
          'API p50 ms (1 client)': alone.p50,
          'SQL p50 ms (1 client)': floorAlone.p50,
          errors: r.errors,
          target: alone.p50 < 50 && alone.errors === 0 && r.errors === 0 ? 'met' : 'missed (p50 < 50 ms, 1 client)',
        };
        console.log(`  ${name}: ${JSON.stringify(row)}`);
        rows.push(row);
      } finally {
        await stop(server);
      }
    }
  } finally {
    await database.close();
  }
  return rows;
}

export async function benchCapacity() {
  const results = await onEachDatabase('capacity', benchOne, 'postgres');
  console.log(
    `\nCapacity: 12 employees, ${PLANNED} planned orders of one tenant, ${CONNECTIONS} clients (target: API p50 < 50 ms for one client; 20 clients = the load; SQL = the floor of the same statements)`,
  );
  console.table(results);
  return results;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await benchCapacity();
