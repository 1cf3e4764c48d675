/** Timeslots on a real database: plan, add, shift, finish, change several, delete; 409s, concurrency, tenants, the proposal. */
import type { ProposalReply, RequiredTimeReply, Timeslot } from '@pruefbuch/domain/schemas/capacity';
import { ORDER_DEFAULTS, type Order } from '@pruefbuch/domain/schemas/order';
import { beforeAll, describe, expect, it } from 'vitest';
import { capacityWorld, detailsOf, employee } from '../../../test/fixtures/capacity';
import { createTestApp } from '../../../test/helper';
import { seedComponents } from '../components/components.seed';

const t = await createTestApp();
// The door codes an order's PUT sets come from the catalogue (decision 052).
await seedComponents(t.database.db);
/** One full-time employee per work area. */
const WORK_AREA_STAFF = (['profilbearbeitung', 'antrieb', 'verglasen', 'versand', 'sonstiges'] as const).map((a, i) =>
  employee(`Person ${i}`, a),
);

describe('PUT capacity/put/saveCapacityByOrderId', () => {
  it('replaces the unfinished slots, keeps the finished ones, and refuses stale expectations with 409', async () => {
    const w = await capacityWorld(t);
    const order = await w.order();
    const url = '/capacity/put/saveCapacityByOrderId';
    const first = await w.call('PUT', url, {
      orderId: order._id,
      slots: [
        { date: '2026-12-01', area: 'antrieb', minutes: 100 },
        { date: '2026-12-02', area: 'versand', minutes: 50 },
      ],
      expected: [],
    });
    expect(first.statusCode).toBe(200);
    const r1 = first.json() as RequiredTimeReply;
    expect(r1.slots).toHaveLength(2);
    expect(r1.planned).toMatchObject({ antrieb: 100, versand: 50 });
    // Finish one: it stays when the rest is replaced.
    const done = r1.slots.find((s) => s.area === 'antrieb') as Timeslot;
    const fin = await w.call('PUT', '/capacity/put/finishTimeslot', { _id: done._id, __v: done.__v, finished: true });
    expect(fin.statusCode).toBe(200);
    const open = r1.slots.filter((s) => s._id !== done._id).map((s) => ({ _id: s._id, __v: s.__v }));
    // A stale expectation (a slot not named) is a 409 and changes nothing.
    const stale = await w.call('PUT', url, {
      orderId: order._id,
      slots: [{ date: '2026-12-03', area: 'verglasen', minutes: 30 }],
      expected: [],
    });
    expect(stale.statusCode).toBe(409);
    const second = await w.call('PUT', url, {
      orderId: order._id,
      slots: [{ date: '2026-12-03', area: 'verglasen', minutes: 30 }],
      expected: open,
    });
    expect(second.statusCode).toBe(200);
    const r2 = second.json() as RequiredTimeReply;
    expect(r2.slots.map((s) => [s.date, s.area, s.minutes, s.finished])).toEqual([
      ['2026-12-01', 'antrieb', 100, true],
      ['2026-12-03', 'verglasen', 30, false],
    ]);
    expect(r2.finished).toMatchObject({ antrieb: 100, verglasen: 0 });
    // The same expectation again: the slot it named is gone.
    const again = await w.call('PUT', url, { orderId: order._id, slots: [], expected: open });
    expect(again.statusCode).toBe(409);
  });

  it('of two planners saving the same order with the same expectation, exactly one wins', async () => {
    const w = await capacityWorld(t);
    const order = await w.order();
    const body = (minutes: number) => ({
      orderId: order._id,
      slots: [{ date: '2026-12-01', area: 'antrieb', minutes }],
      expected: [],
    });
    const results = await Promise.all([
      w.call('PUT', '/capacity/put/saveCapacityByOrderId', body(10)),
      w.call('PUT', '/capacity/put/saveCapacityByOrderId', body(20)),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const r = (await w.call('GET', `/capacity/get/requiredTime/${order._id}`)).json() as RequiredTimeReply;
    expect(r.slots).toHaveLength(1);
  });

  it('a proposal names the slots it replaces; accepting it after one of them moved is a 409, not a lost move', async () => {
    const w = await capacityWorld(t);
    await w.setSettings({ mitarbeiter: [employee('Anna Becker', 'antrieb')] });
    const order = await w.order();
    const added = (
      await w.call('PUT', '/capacity/put/saveNewTimeslot', {
        orderId: order._id,
        date: '2027-03-01',
        area: 'antrieb',
        minutes: 30,
      })
    ).json() as Timeslot;
    const proposal = (await w.call('GET', `/capacity/get/proposal/${order._id}`)).json() as ProposalReply;
    expect(proposal.basis).toEqual([{ _id: added._id, __v: added.__v }]);
    // Another planner moves that slot before the proposal is accepted.
    const moved = await w.call('PUT', '/capacity/put/shiftTimeslot', {
      _id: added._id,
      __v: added.__v,
      date: '2027-03-02',
    });
    expect(moved.statusCode).toBe(200);
    const accept = await w.call('PUT', '/capacity/put/saveCapacityByOrderId', {
      orderId: order._id,
      slots: proposal.slots,
      expected: proposal.basis,
    });
    expect(accept.statusCode).toBe(409);
    const r = (await w.call('GET', `/capacity/get/requiredTime/${order._id}`)).json() as RequiredTimeReply;
    expect(r.slots.map((x) => x.date)).toEqual(['2027-03-02']);
  });

  it('refuses bad input with 400 at the field, another tenant’s order with 404, an office user with 403', async () => {
    const w = await capacityWorld(t);
    const order = await w.order();
    const url = '/capacity/put/saveCapacityByOrderId';
    const cases: [object, { field: string; key: string }][] = [
      [
        { orderId: 'x', slots: [], expected: [] },
        { field: 'orderId', key: 'validation.id' },
      ],
      [
        { orderId: order._id, slots: [{ date: '2026-02-30', area: 'antrieb', minutes: 10 }], expected: [] },
        { field: 'slots.0.date', key: 'validation.date' },
      ],
      [
        { orderId: order._id, slots: [{ date: '2026-12-01', area: 'lack', minutes: 10 }], expected: [] },
        { field: 'slots.0.area', key: 'validation.invalid' },
      ],
      [
        { orderId: order._id, slots: [{ date: '2026-12-01', area: 'antrieb', minutes: 0 }], expected: [] },
        { field: 'slots.0.minutes', key: 'validation.min' },
      ],
      [
        { orderId: order._id, slots: [{ date: '2026-12-01', area: 'antrieb', minutes: 6001 }], expected: [] },
        { field: 'slots.0.minutes', key: 'validation.max' },
      ],
      [
        { orderId: order._id, slots: [] },
        { field: 'expected', key: 'validation.invalid' },
      ],
    ];
    for (const [body, detail] of cases) {
      const res = await w.call('PUT', url, body);
      expect(res.statusCode, JSON.stringify(detail)).toBe(400);
      expect(detailsOf(res.body).map((d) => d.field)).toContain(detail.field);
    }
    const other = await capacityWorld(t, 'Andere');
    const foreign = await other.call('PUT', url, {
      orderId: order._id,
      slots: [{ date: '2026-12-01', area: 'antrieb', minutes: 10 }],
      expected: [],
    });
    expect(foreign.statusCode).toBe(404);
    const office = await w.call('PUT', url, { orderId: order._id, slots: [], expected: [] }, w.office.token);
    expect(office.statusCode).toBe(403);
    const r = (await w.call('GET', `/capacity/get/requiredTime/${order._id}`)).json() as RequiredTimeReply;
    expect(r.slots).toEqual([]);
  });
});

describe('single timeslots', () => {
  const setup = async () => {
    const w = await capacityWorld(t);
    const order = await w.order();
    const res = await w.call('PUT', '/capacity/put/saveNewTimeslot', {
      orderId: order._id,
      date: '2026-12-01',
      area: 'antrieb',
      minutes: 90,
    });
    expect(res.statusCode).toBe(200);
    return { w, order, slot: res.json() as Timeslot };
  };

  it('adds a slot; bad input is a 400, another tenant’s order a 404', async () => {
    const { w, order, slot } = await setup();
    expect(slot).toMatchObject({
      orderId: order._id,
      date: '2026-12-01',
      area: 'antrieb',
      minutes: 90,
      finished: false,
      __v: 0,
    });
    const bad = await w.call('PUT', '/capacity/put/saveNewTimeslot', {
      orderId: order._id,
      date: '2026-12-01',
      area: 'antrieb',
    });
    expect(bad.statusCode).toBe(400);
    expect(detailsOf(bad.body).map((d) => d.field)).toContain('minutes');
    const other = await capacityWorld(t, 'Andere');
    const foreign = await other.call('PUT', '/capacity/put/saveNewTimeslot', {
      orderId: order._id,
      date: '2026-12-01',
      area: 'antrieb',
      minutes: 10,
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('shifts a slot to another day and area, counts __v up, refuses a stale __v with 409', async () => {
    const { w, slot } = await setup();
    const res = await w.call('PUT', '/capacity/put/shiftTimeslot', {
      _id: slot._id,
      __v: 0,
      date: '2026-12-03',
      area: 'versand',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ date: '2026-12-03', area: 'versand', minutes: 90, __v: 1 });
    const stale = await w.call('PUT', '/capacity/put/shiftTimeslot', { _id: slot._id, __v: 0, date: '2026-12-04' });
    expect(stale.statusCode).toBe(409);
    const kept = await w.call('PUT', '/capacity/put/shiftTimeslot', { _id: slot._id, __v: 1, date: '2026-12-04' });
    expect(kept.json()).toMatchObject({ date: '2026-12-04', area: 'versand', __v: 2 });
    const bad = await w.call('PUT', '/capacity/put/shiftTimeslot', { _id: slot._id, __v: 2, date: '04.12.2026' });
    expect(bad.statusCode).toBe(400);
    expect(detailsOf(bad.body)).toContainEqual({ field: 'date', key: 'validation.date' });
  });

  it('assigns a slot to an employee of its area, keeps it on a move within the area, drops it on a move to another', async () => {
    const { w, slot } = await setup();
    const settings = await w.setSettings({
      mitarbeiter: [
        employee('Anna Becker', 'antrieb', {
          abwesenheiten: [{ start: '2026-12-02', ende: '2026-12-02', bemerkung: 'Arzt' }],
        }),
        employee('Ben Roth', 'antrieb'),
        employee('Cem Kaya', 'versand'),
        employee('Dora Alt', 'antrieb', { aktiv: false }),
      ],
    });
    const [anna, , cem, dora] = settings.mitarbeiter.map((e) => e._id as string);
    const shift = (body: object) => w.call('PUT', '/capacity/put/shiftTimeslot', { _id: slot._id, ...body });
    const assigned = await shift({ __v: 0, date: '2026-12-01', employee: anna });
    expect(assigned.statusCode).toBe(200);
    expect(assigned.json()).toMatchObject({ employee: anna, __v: 1 });
    // The board's card says who; a move to another day keeps the employee.
    const moved = await shift({ __v: 1, date: '2026-12-03' });
    expect(moved.json()).toMatchObject({ date: '2026-12-03', employee: anna });
    const week = (await w.call('GET', '/capacity/get/capacityForWeekFromDate?date=2026-12-03')).json() as {
      days: { date: string; orderTimeList: Timeslot[] }[];
    };
    expect(week.days.find((d) => d.date === '2026-12-03')?.orderTimeList[0]?.employee).toBe(anna);
    // Someone of another area, someone inactive or unknown: 400 at the field, and nothing changes.
    for (const who of [cem, dora, 'nobody']) {
      const bad = await shift({ __v: 2, date: '2026-12-03', employee: who });
      expect(bad.statusCode).toBe(400);
      expect(detailsOf(bad.body)).toContainEqual({ field: 'employee', key: 'validation.slot.employee' });
    }
    // Nobody: unassigned again; a move to another area drops the employee.
    expect((await shift({ __v: 2, date: '2026-12-03', employee: null })).json()).toMatchObject({ employee: null });
    await shift({ __v: 3, date: '2026-12-03', employee: anna });
    const other = await shift({ __v: 4, date: '2026-12-03', area: 'versand' });
    expect(other.json()).toMatchObject({ area: 'versand', employee: null });
    // The week's employee time names each active employee's minutes, 0 and away on an absence.
    const time = (await w.call('GET', '/capacity/get/getWeeklyEmployeeTime?date=2026-12-02')).json() as {
      days: { date: string; employees: { employeeId: string; minutes: number; away: boolean }[] }[];
    };
    const wednesday = time.days.find((d) => d.date === '2026-12-02');
    expect(wednesday?.employees.map((e) => [e.employeeId, e.minutes, e.away])).toEqual([
      [anna, 0, true],
      [settings.mitarbeiter[1]?._id, 480, false],
      [cem, 480, false],
    ]);
  });

  it('of two planners moving the same slot at once, exactly one wins and the other gets a 409', async () => {
    const { w, slot } = await setup();
    const worker = (date: string, token: string) =>
      w.call('PUT', '/capacity/put/shiftTimeslot', { _id: slot._id, __v: slot.__v, date }, token);
    const results = await Promise.all([worker('2026-12-07', w.lead.token), worker('2026-12-08', w.worker.token)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const winner = results.find((r) => r.statusCode === 200)?.json() as Timeslot;
    const month = (await w.call('GET', '/capacity/get/getCapacityForMonthFromDate?date=2026-12-01')).json() as {
      days: { date: string; orderTimeList: Timeslot[] }[];
    };
    const where = month.days.filter((d) => d.orderTimeList.some((s) => s._id === slot._id)).map((d) => d.date);
    expect(where).toEqual([winner.date]);
    expect(winner.__v).toBe(1);
  });

  it('finishes and reopens a slot (409 stale); another tenant’s slot is a 404', async () => {
    const { w, slot } = await setup();
    const fin = await w.call('PUT', '/capacity/put/finishTimeslot', { _id: slot._id, __v: 0, finished: true });
    expect(fin.json()).toMatchObject({ finished: true, __v: 1 });
    expect(
      (await w.call('PUT', '/capacity/put/finishTimeslot', { _id: slot._id, __v: 0, finished: false })).statusCode,
    ).toBe(409);
    const reopened = await w.call('PUT', '/capacity/put/finishTimeslot', { _id: slot._id, __v: 1, finished: false });
    expect(reopened.json()).toMatchObject({ finished: false, __v: 2 });
    const bad = await w.call('PUT', '/capacity/put/finishTimeslot', { _id: slot._id, __v: 2, finished: 'ja' });
    expect(bad.statusCode).toBe(400);
    expect(detailsOf(bad.body)).toContainEqual({ field: 'finished', key: 'validation.invalid' });
    const other = await capacityWorld(t, 'Andere');
    for (const [url, body] of [
      ['/capacity/put/finishTimeslot', { _id: slot._id, __v: 2, finished: true }],
      ['/capacity/put/shiftTimeslot', { _id: slot._id, __v: 2, date: '2026-12-09' }],
      [
        '/capacity/put/saveTimeslots',
        { slots: [{ _id: slot._id, __v: 2, date: '2026-12-09', area: 'antrieb', minutes: 1 }] },
      ],
    ] as const) {
      expect((await other.call('PUT', url, body)).statusCode, url).toBe(404);
    }
    expect((await other.call('DELETE', `/capacity/timeslot/${slot._id}?__v=2`)).statusCode).toBe(404);
    const r = (await w.call('GET', `/capacity/get/requiredTime/${slot.orderId}`)).json() as RequiredTimeReply;
    expect(r.slots[0]).toMatchObject({ date: '2026-12-01', __v: 2 });
  });

  it('changes several slots all or none: one stale is a 409 and changes none', async () => {
    const { w, order, slot } = await setup();
    const b = (
      await w.call('PUT', '/capacity/put/saveNewTimeslot', {
        orderId: order._id,
        date: '2026-12-02',
        area: 'versand',
        minutes: 30,
      })
    ).json() as Timeslot;
    const stale = await w.call('PUT', '/capacity/put/saveTimeslots', {
      slots: [
        { _id: slot._id, __v: 0, date: '2026-12-10', area: 'antrieb', minutes: 45 },
        { _id: b._id, __v: 5, date: '2026-12-10', area: 'versand', minutes: 15 },
      ],
    });
    expect(stale.statusCode).toBe(409);
    let r = (await w.call('GET', `/capacity/get/requiredTime/${order._id}`)).json() as RequiredTimeReply;
    expect(r.slots.map((s) => [s.date, s.minutes, s.__v])).toEqual([
      ['2026-12-01', 90, 0],
      ['2026-12-02', 30, 0],
    ]);
    const ok = await w.call('PUT', '/capacity/put/saveTimeslots', {
      slots: [
        { _id: slot._id, __v: 0, date: '2026-12-10', area: 'antrieb', minutes: 45 },
        { _id: b._id, __v: 0, date: '2026-12-10', area: 'versand', minutes: 15 },
      ],
    });
    expect(ok.statusCode).toBe(200);
    r = (await w.call('GET', `/capacity/get/requiredTime/${order._id}`)).json() as RequiredTimeReply;
    expect(r.slots.map((s) => [s.date, s.minutes, s.__v])).toEqual([
      ['2026-12-10', 45, 1],
      ['2026-12-10', 15, 1],
    ]);
    const empty = await w.call('PUT', '/capacity/put/saveTimeslots', { slots: [] });
    expect(empty.statusCode).toBe(400);
    expect(detailsOf(empty.body)).toContainEqual({ field: 'slots', key: 'validation.required' });
    const twice = await w.call('PUT', '/capacity/put/saveTimeslots', {
      slots: [
        { _id: slot._id, __v: 1, date: '2026-12-11', area: 'antrieb', minutes: 45 },
        { _id: slot._id, __v: 1, date: '2026-12-12', area: 'antrieb', minutes: 45 },
      ],
    });
    expect(twice.statusCode).toBe(400);
    expect(detailsOf(twice.body)).toContainEqual({ field: 'slots.1._id', key: 'validation.duplicate' });
  });

  it('deletes a slot with its __v (409 stale, 400 without), and the order’s deletion takes its slots', async () => {
    const { w, order, slot } = await setup();
    expect((await w.call('DELETE', `/capacity/timeslot/${slot._id}`)).statusCode).toBe(400);
    expect((await w.call('DELETE', `/capacity/timeslot/${slot._id}?__v=3`)).statusCode).toBe(409);
    expect((await w.call('DELETE', `/capacity/timeslot/${slot._id}?__v=0`)).statusCode).toBe(204);
    expect((await w.call('DELETE', `/capacity/timeslot/${slot._id}?__v=0`)).statusCode).toBe(404);
    await w.call('PUT', '/capacity/put/saveNewTimeslot', {
      orderId: order._id,
      date: '2026-12-05',
      area: 'antrieb',
      minutes: 10,
    });
    expect((await w.call('DELETE', `/orders/${order._id}`, undefined, w.admin.token)).statusCode).toBe(204);
    const week = (await w.call('GET', '/capacity/get/capacityForWeekFromDate?date=2026-12-05')).json() as {
      days: { orderTimeList: unknown[] }[];
    };
    expect(week.days.every((d) => d.orderTimeList.length === 0)).toBe(true);
  });
});

describe('GET capacity/get/proposal/{orderId}', () => {
  describe('with everyone at work', () => {
    let w: Awaited<ReturnType<typeof capacityWorld>>;
    beforeAll(async () => {
      w = await capacityWorld(t);
      await w.setSettings({
        mitarbeiter: (['profilbearbeitung', 'antrieb', 'verglasen', 'versand', 'sonstiges'] as const).map((a, i) =>
          employee(`Person ${i}`, a),
        ),
      });
    });

    it('plans an order without an installation date forward from today, all of it, and saves nothing', async () => {
      const forward = await w.order();
      const res = await w.call('GET', `/capacity/get/proposal/${forward._id}`);
      expect(res.statusCode).toBe(200);
      const p = res.json() as ProposalReply;
      expect(p.direction).toBe('forward');
      const required = ((await w.call('GET', `/capacity/get/requiredTime/${forward._id}`)).json() as RequiredTimeReply)
        .required;
      const proposed = { profilbearbeitung: 0, antrieb: 0, verglasen: 0, versand: 0, sonstiges: 0 };
      for (const s of p.slots) proposed[s.area] += s.minutes;
      expect(proposed).toEqual(required);
      expect(Object.values(p.unplaced).every((m) => m === 0)).toBe(true);
      // From today (Berlin) on: a day's margin to UTC.
      const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
      expect(p.slots.length).toBeGreaterThan(0);
      expect(p.slots.every((s) => s.date >= yesterday)).toBe(true);
      expect(
        ((await w.call('GET', `/capacity/get/requiredTime/${forward._id}`)).json() as RequiredTimeReply).slots,
      ).toEqual([]);
    });

    it('plans an order with an installation date backward before it, forward when asked; saving it plans the order', async () => {
      const installation = new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10);
      const backward = await w.order({ vkid: { ...ORDER_DEFAULTS.vkid, geplante_montage_date: installation } });
      const b = (await w.call('GET', `/capacity/get/proposal/${backward._id}`)).json() as ProposalReply;
      expect(b.direction).toBe('backward');
      expect(b.slots.length).toBeGreaterThan(0);
      expect(b.slots.every((s) => s.date < installation)).toBe(true);
      const asked = (
        await w.call('GET', `/capacity/get/proposal/${backward._id}?direction=forward`)
      ).json() as ProposalReply;
      expect(asked.direction).toBe('forward');
      const saved = await w.call('PUT', '/capacity/put/saveCapacityByOrderId', {
        orderId: backward._id,
        slots: b.slots,
        expected: [],
      });
      expect(saved.statusCode).toBe(200);
      expect((saved.json() as RequiredTimeReply).planned).toEqual((saved.json() as RequiredTimeReply).required);
    });

    it('keeps the order of the work steps and no slot under 15 minutes, both ways (decision 048)', async () => {
      const installation = new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10);
      const order = await w.order({ vkid: { ...ORDER_DEFAULTS.vkid, geplante_montage_date: installation } });
      for (const direction of ['backward', 'forward'] as const) {
        const p = (
          await w.call('GET', `/capacity/get/proposal/${order._id}?direction=${direction}`)
        ).json() as ProposalReply;
        expect(p.direction).toBe(direction);
        const days = (area: string) => p.slots.filter((s) => s.area === area).map((s) => s.date);
        const flow = ['profilbearbeitung', 'antrieb', 'verglasen', 'versand'].filter((a) => days(a).length > 0);
        expect(flow.length).toBeGreaterThan(1);
        for (const [i, area] of flow.entries()) {
          const next = flow[i + 1];
          if (!next) continue;
          const lastOfThis = days(area).at(-1) as string;
          const firstOfNext = days(next)[0] as string;
          // Shipping the day after the glazing at the earliest, the others on the same day at the earliest.
          if (next === 'versand') expect(firstOfNext > lastOfThis).toBe(true);
          else expect(firstOfNext >= lastOfThis).toBe(true);
        }
        const byArea = new Map<string, number>();
        for (const s of p.slots) byArea.set(s.area, (byArea.get(s.area) ?? 0) + 1);
        expect(p.slots.filter((s) => s.minutes < 15 && (byArea.get(s.area) ?? 0) > 1)).toEqual([]);
      }
    });

    it('says why an order cannot be planned backward, and plans it forward', async () => {
      const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
      const cases = [
        [await w.order(), 'noInstallationDate'],
        [
          await w.order({ vkid: { ...ORDER_DEFAULTS.vkid, geplante_montage_date: '2026-01-05' } }),
          'installationNotAhead',
        ],
      ] as const;
      for (const [order, reason] of cases) {
        const p = (
          await w.call('GET', `/capacity/get/proposal/${order._id}?direction=backward`)
        ).json() as ProposalReply;
        expect({ direction: p.direction, backwardBlocked: p.backwardBlocked }).toEqual({
          direction: 'forward',
          backwardBlocked: reason,
        });
      }
      // Installation tomorrow (Berlin; a day's margin to UTC): no working day is left before the buffer.
      const soon = await w.order({ vkid: { ...ORDER_DEFAULTS.vkid, geplante_montage_date: tomorrow } });
      const p = (await w.call('GET', `/capacity/get/proposal/${soon._id}?direction=backward`)).json() as ProposalReply;
      expect(p.direction).toBe('forward');
      expect(['noTimeBeforeInstallation', 'installationNotAhead']).toContain(p.backwardBlocked);
    });
  });

  it('puts minutes of an area nobody works in into unplaced; refuses bad input, other tenants and office users', async () => {
    const w = await capacityWorld(t);
    await w.setSettings({ mitarbeiter: [employee('Anna Becker', 'antrieb')] });
    const order = await w.order();
    const p = (await w.call('GET', `/capacity/get/proposal/${order._id}`)).json() as ProposalReply;
    expect(p.unplaced.versand).toBeGreaterThan(0);
    expect(p.slots.every((s) => s.area === 'antrieb')).toBe(true);
    expect((await w.call('GET', `/capacity/get/proposal/${order._id}?direction=sideways`)).statusCode).toBe(400);
    expect((await w.call('GET', '/capacity/get/proposal/abc')).statusCode).toBe(400);
    const other = await capacityWorld(t, 'Andere');
    expect((await other.call('GET', `/capacity/get/proposal/${order._id}`)).statusCode).toBe(404);
    expect((await w.call('GET', `/capacity/get/proposal/${order._id}`, undefined, w.office.token)).statusCode).toBe(
      403,
    );
  });
});

describe('an order that lacks what its required time needs (decision 049)', () => {
  it('is listed with what it lacks and refused by the proposal and the slot writes until it has it', async () => {
    const w = await capacityWorld(t);
    const noDoor = { tuertyp: null, antrieb: '', fluegel: '', stromart: '', komponenten: [] };
    const order = await w.order({ objekt: 'Übernommen ohne Tür', tuer: noDoor });
    const refused = async (res: { statusCode: number; json: () => unknown }) => {
      expect(res.statusCode).toBe(409);
      const body = res.json() as { code: string; details: { field: string; params: { missing: string } }[] };
      expect(body.code).toBe('ORDER_NOT_PLANNABLE');
      expect(body.details.map((d) => d.field)).toEqual(['tuer.tuertyp', 'tuer.fluegel']);
      expect(body.details[0]?.params.missing).toBe('der Türtyp, die Flügelzahl');
    };
    await refused(await w.call('GET', `/capacity/get/proposal/${order._id}`));
    await refused(
      await w.call('PUT', '/capacity/put/saveNewTimeslot', {
        orderId: order._id,
        date: '2026-12-01',
        area: 'antrieb',
        minutes: 60,
      }),
    );
    await refused(
      await w.call('PUT', '/capacity/put/saveCapacityByOrderId', {
        orderId: order._id,
        slots: [{ date: '2026-12-01', area: 'antrieb', minutes: 60 }],
        expected: [],
      }),
    );
    // Removing its slots stays possible.
    const cleared = await w.call('PUT', '/capacity/put/saveCapacityByOrderId', {
      orderId: order._id,
      slots: [],
      expected: [],
    });
    expect(cleared.statusCode).toBe(200);
    const listed = (await w.call('GET', '/capacity/get/requiredTimeList?filter=open')).json() as {
      docs: { orderId: string; gaps: string[] }[];
    };
    expect(listed.docs.find((d) => d.orderId === order._id)?.gaps).toEqual(['tuer.tuertyp', 'tuer.fluegel']);
    // An order without a drive to build needs no door data: it is listed without gaps.
    const parts = await w.order({ objekt: 'Ersatzteile', tuer: noDoor }, { antriebe: 0 });
    const all = (await w.call('GET', '/capacity/get/requiredTimeList?filter=all')).json() as {
      docs: { orderId: string; gaps: string[] }[];
    };
    expect(all.docs.find((d) => d.orderId === parts._id)?.gaps).toEqual([]);
    // With its door type and wings it can be planned.
    const current = (await w.call('GET', `/orders/${order._id}`)).json() as { __v: number };
    const put = await w.call('PUT', `/orders/${order._id}`, {
      __v: current.__v,
      tuer: { ...noDoor, tuertyp: 'dreher', fluegel: 'FL1' },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect((await w.call('GET', `/capacity/get/proposal/${order._id}`)).statusCode).toBe(200);
  });
});

describe('plan conflicts (decision 050)', () => {
  it('are flagged on the board, in the order’s required time and by the list filter, and clear when mended', async () => {
    const w = await capacityWorld(t);
    await w.setSettings({ mitarbeiter: WORK_AREA_STAFF });
    const order = await w.order({
      objekt: 'Konfliktfall',
      vkid: { ...ORDER_DEFAULTS.vkid, geplante_montage_date: '2027-03-12' },
    });
    const required = (await w.call('GET', `/capacity/get/requiredTime/${order._id}`)).json() as RequiredTimeReply;
    // Monday 2027-03-01 the first three steps, shipping the same day: out of step order.
    const planned = (
      await w.call('PUT', '/capacity/put/saveCapacityByOrderId', {
        orderId: order._id,
        expected: [],
        slots: (['profilbearbeitung', 'antrieb', 'verglasen', 'versand', 'sonstiges'] as const)
          .filter((a) => required.required[a] > 0)
          .map((area) => ({ date: '2027-03-01', area, minutes: required.required[area] })),
      })
    ).json() as RequiredTimeReply;
    const versand = planned.slots.find((s) => s.area === 'versand') as Timeslot;
    expect(planned.conflicts).toEqual([{ kind: 'outOfStepOrder', slotIds: [versand._id] }]);
    const week = async () =>
      (await w.call('GET', '/capacity/get/capacityForWeekFromDate?date=2027-03-01')).json() as {
        days: { orderTimeList: { _id: string; conflicts: string[] }[] }[];
      };
    const flagged = (await week()).days.flatMap((d) => d.orderTimeList).filter((s) => s.conflicts.length > 0);
    expect(flagged.map((s) => [s._id, s.conflicts])).toEqual([[versand._id, ['outOfStepOrder']]]);
    const listed = (await w.call('GET', '/capacity/get/requiredTimeList?filter=conflicts')).json() as {
      docs: { orderId: string; conflicts: string[] }[];
    };
    expect(listed.docs.map((d) => [d.orderId, d.conflicts])).toEqual([[order._id, ['outOfStepOrder']]]);

    // Shipping moved to Tuesday: in order. Then the installation moves before it, a holiday lands on Monday
    // and the door gets a wing more: each is flagged.
    const moved = await w.call('PUT', '/capacity/put/shiftTimeslot', {
      _id: versand._id,
      __v: versand.__v,
      date: '2027-03-02',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(
      ((await w.call('GET', `/capacity/get/requiredTime/${order._id}`)).json() as RequiredTimeReply).conflicts,
    ).toEqual([]);
    const current = (await w.call('GET', `/orders/${order._id}`)).json() as Order;
    const put = await w.call('PUT', `/orders/${order._id}`, {
      __v: current.__v,
      vkid: { ...current.vkid, geplante_montage_date: '2027-03-02' },
      tuer: { ...current.tuer, fluegel: 'TEL4' },
    });
    expect(put.statusCode, put.body).toBe(200);
    await w.setSettings({
      mitarbeiter: WORK_AREA_STAFF,
      lokaleFeiertage: [{ date: '2027-03-01', name: 'Betriebsfest' }],
    });
    const after = ((await w.call('GET', `/capacity/get/requiredTime/${order._id}`)).json() as RequiredTimeReply)
      .conflicts;
    expect(after.map((c) => c.kind)).toEqual(['afterInstallation', 'noCapacity', 'configChanged']);
    expect(after[0]?.slotIds).toEqual([versand._id]);
    // Another tenant sees none of it.
    const other = await capacityWorld(t, 'Andere');
    const theirs = (await other.call('GET', '/capacity/get/requiredTimeList?filter=conflicts')).json() as {
      total: number;
    };
    expect(theirs.total).toBe(0);
  });
});
