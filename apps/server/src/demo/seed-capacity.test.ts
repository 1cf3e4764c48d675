import type {
  CapacityRangeReply,
  CapacitySettings,
  CostList,
  EmployeeTimeReply,
  RequiredTimeListReply,
} from '@pruefbuch/domain/schemas/capacity';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/helper';
import { tenants } from '../db/schema/index';
import { DEMO_PASSWORD, seedDemo } from './seed';
import { DEMO_EMPLOYEE_COUNT } from './seed-capacity';

const t = await createTestApp();
const today = '2026-11-25';
await seedDemo(t.database.db, { today });
const [tenant] = await t.database.db.select().from(tenants).where(eq(tenants.url, 'rhein-main'));
const { token } = await t.login('leiterfertigung@demo.test', DEMO_PASSWORD);
const get = async <T>(url: string) => {
  const res = await t.api({ method: 'GET', url, token, tenant: tenant?.id });
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return res.json() as T;
};

describe('seedDemo: capacity planning, as the production lead sees it', () => {
  it('starts the protocols of the cost list and the settings with their creation by the production lead', async () => {
    type Entry = { field: string; action: string; userKuerzel: string; oldValue: string | null };
    const list = await get<CostList>('/costlist/find/first');
    const s = await get<CapacitySettings>('/capacity');
    const listProtocol = await get<Entry[]>(`/protocol/getProtocolByCostList/${list._id}`);
    const settingsProtocol = await get<Entry[]>(`/protocol/getProtocolByCapacity/${s._id}`);
    for (const protocol of [listProtocol, settingsProtocol]) {
      expect(protocol.length).toBeGreaterThan(3);
      expect(protocol.every((e) => e.action === 'create' && e.oldValue === null)).toBe(true);
    }
    // One row per employee and one per employee with absences, besides the state and the holiday lists.
    const employees = settingsProtocol.filter((e) => /^mitarbeiter\.[^.]+$/.test(e.field));
    expect(employees).toHaveLength(DEMO_EMPLOYEE_COUNT);
    expect(settingsProtocol.some((e) => e.field === 'bundesland')).toBe(true);
  });

  it('has a cost list with four templates and twelve employees in Hesse with absences and company holidays', async () => {
    const list = await get<CostList>('/costlist/find/first');
    expect(list.vorlagen.map((v) => v.name)).toEqual([
      'Schiebetür 2-flügelig',
      'Drehtür 1-flügelig',
      'Drehtür 2-flügelig',
      'Karusselltür',
    ]);
    const s = await get<CapacitySettings>('/capacity');
    expect(s.bundesland).toBe('HE');
    expect(s.mitarbeiter).toHaveLength(DEMO_EMPLOYEE_COUNT);
    expect(new Set(s.mitarbeiter.map((e) => e.bereich)).size).toBe(5);
    expect(s.mitarbeiter.some((e) => e.abwesenheiten.some((a) => a.bemerkung === 'Krank'))).toBe(true);
    expect(s.betriebsurlaub).toContainEqual({
      start: '2026-12-24',
      ende: '2026-12-31',
      bemerkung: 'Betriebsurlaub Weihnachten',
    });
  });

  it('has orders planned around today, the week after next (KW 50) over 100 %, and orders still to plan', async () => {
    const month = await get<CapacityRangeReply>('/capacity/get/getCapacityForMonthFromDate?date=2026-11-25');
    const planned = month.days.filter((d) => d.totalOrdersTime > 0).map((d) => d.date);
    expect(planned.some((d) => d < today)).toBe(true);
    expect(planned.some((d) => d >= today)).toBe(true);
    expect(
      month.days
        .filter((d) => d.date < today)
        .flatMap((d) => d.orderTimeList)
        .every((s) => s.finished),
    ).toBe(true);
    const week = await get<CapacityRangeReply>('/capacity/get/capacityForWeekFromDate?date=2026-12-09');
    expect(week.from).toBe('2026-12-07');
    const available = week.days.reduce((a, d) => a + d.totalEmployeeTime, 0);
    const ordersTime = week.days.reduce((a, d) => a + d.totalOrdersTime, 0);
    expect(ordersTime / available).toBeGreaterThan(1);
    expect(week.days.some((d) => d.colour === 'red')).toBe(true);
    const open = await get<RequiredTimeListReply>('/capacity/get/requiredTimeList?size=100');
    expect(open.total).toBeGreaterThan(3);
    expect(open.docs.some((i) => i.totalPlanned === 0)).toBe(true);
    // Some plans disagree with their orders, as in any real plan (decision 050): the filter 'Konflikte' lists them.
    const conflicts = await get<RequiredTimeListReply>('/capacity/get/requiredTimeList?filter=conflicts&size=100');
    expect(conflicts.total).toBeGreaterThan(0);
    // The newest order taken over waits for its door data (decision 049).
    expect(open.docs.filter((i) => i.gaps.length > 0).map((i) => i.gaps)).toEqual([['tuer.tuertyp', 'tuer.fluegel']]);
    const all = await get<RequiredTimeListReply>('/capacity/get/requiredTimeList?filter=all&size=100');
    expect(all.docs.filter((i) => i.totalPlanned >= i.totalRequired).length).toBeGreaterThan(5);
  });

  it('names who works this week’s slots where somebody of the area has the time, and never more than that (issue 31 item 4)', async () => {
    const week = await get<CapacityRangeReply>('/capacity/get/capacityForWeekFromDate?date=2026-11-25');
    const staff = await get<EmployeeTimeReply>('/capacity/get/getWeeklyEmployeeTime?date=2026-11-25');
    const slots = week.days.flatMap((d) => d.orderTimeList);
    const assigned = slots.filter((s) => s.employee !== null);
    expect(assigned.length).toBeGreaterThan(5);
    for (const day of staff.days) {
      for (const e of day.employees) {
        const mine = assigned.filter((s) => s.date === day.date && s.employee === e.employeeId);
        expect(mine.every((s) => s.area === e.area)).toBe(true);
        expect(mine.reduce((sum, s) => sum + s.minutes, 0)).toBeLessThanOrEqual(e.minutes);
      }
    }
    // The weeks after next wait to be assigned.
    const later = await get<CapacityRangeReply>('/capacity/get/capacityForWeekFromDate?date=2026-12-09');
    expect(later.days.flatMap((d) => d.orderTimeList).every((s) => s.employee === null)).toBe(true);
  });
});
