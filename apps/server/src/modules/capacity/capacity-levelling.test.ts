/** 'Woche ausgleichen' on a real database (decision 051): the proposal, saving it all or none, 409s, 400s, tenants. */
import { addDays } from '@pruefbuch/domain/rules/calendar-week';
import { weekRangeOf } from '@pruefbuch/domain/rules/capacity-time';
import { berlinToday } from '@pruefbuch/domain/rules/next-inspection';
import type { CapacityRangeReply, Timeslot } from '@pruefbuch/domain/schemas/capacity';
import type { LevellingReply } from '@pruefbuch/domain/schemas/capacity-levelling';
import { ORDER_DEFAULTS } from '@pruefbuch/domain/schemas/order';
import { describe, expect, it } from 'vitest';
import { capacityWorld, employee } from '../../../test/fixtures/capacity';
import { createTestApp } from '../../../test/helper';

const t = await createTestApp();
/** The week after next: Monday … Friday. */
const { from: MON } = weekRangeOf(addDays(berlinToday(), 14));
const TUE = addDays(MON, 1);
const WED = addDays(MON, 2);

/**
 * One full-time person per area; order A without an installation date (300 min) and B installing the week after
 * (360 min), both on Tuesday's drives: 180 over, and A gives way though its slot is the smaller one.
 */
async function overloadedTuesday() {
  const w = await capacityWorld(t);
  await w.setSettings({
    mitarbeiter: (['profilbearbeitung', 'antrieb', 'verglasen', 'versand'] as const).map((a, i) =>
      employee(`Person ${i}`, a),
    ),
  });
  const a = await w.order({ abnr: 'AB-26-2001' });
  const b = await w.order({
    abnr: 'AB-26-2002',
    vkid: { ...ORDER_DEFAULTS.vkid, geplante_montage_date: addDays(MON, 8) },
  });
  const add = async (orderId: string, date: string, minutes: number) =>
    w.ok<Timeslot>(
      await w.call('PUT', '/capacity/put/saveNewTimeslot', { orderId, date, area: 'antrieb', minutes }),
      'saveNewTimeslot',
    );
  const slotA = await add(a._id, TUE, 300);
  const slotB = await add(b._id, TUE, 360);
  return { w, a, b, slotA, slotB };
}

const proposal = async (w: Awaited<ReturnType<typeof capacityWorld>>) =>
  w.ok<LevellingReply>(await w.call('GET', `/capacity/get/levelling?date=${WED}`), 'levelling');

describe('GET capacity/get/levelling', () => {
  it('proposes moving the excess of the order with the most room to the nearest day, and saves nothing', async () => {
    const { w, a, slotA } = await overloadedTuesday();
    const r = await proposal(w);
    expect(r.from).toBe(MON);
    expect(r.moves).toEqual([
      {
        slotId: slotA._id,
        version: slotA.__v,
        orderId: a._id,
        abnr: 'AB-26-2001',
        area: 'antrieb',
        from: TUE,
        to: MON,
        minutes: 180,
        slotMinutes: 300,
      },
    ]);
    expect(r.stuck).toEqual([]);
    const tue = r.days.find((d) => d.date === TUE);
    expect(tue?.areas).toEqual([{ area: 'antrieb', available: 480, before: 660, after: 480 }]);
    expect(r.days.find((d) => d.date === MON)).toMatchObject({ before: 0, after: 180 });
    // Nothing saved: the week still has Tuesday over.
    const week = await w.ok<CapacityRangeReply>(
      await w.call('GET', `/capacity/get/capacityForWeekFromDate?date=${MON}`),
      'week',
    );
    expect(week.days[1]?.ordersTime.antrieb).toBe(660);
  });

  it('names an order that cannot move, with its reason', async () => {
    const { w, b, slotA } = await overloadedTuesday();
    // A is finished: only B could give, and B's other slots pin its drive to Tuesday (its glazing is on Tuesday too).
    await w.call('PUT', '/capacity/put/finishTimeslot', { _id: slotA._id, __v: slotA.__v, finished: true });
    await w.call('PUT', '/capacity/put/saveNewTimeslot', { orderId: b._id, date: TUE, area: 'verglasen', minutes: 60 });
    await w.call('PUT', '/capacity/put/saveNewTimeslot', {
      orderId: b._id,
      date: TUE,
      area: 'profilbearbeitung',
      minutes: 60,
    });
    const r = await proposal(w);
    expect(r.moves).toEqual([]);
    expect(r.stuck.map((s) => [s.abnr, s.reason])).toEqual([
      ['AB-26-2002', 'stepOrder'],
      ['AB-26-2001', 'finished'],
    ]);
  });
});

describe('PUT capacity/put/levelWeek', () => {
  it('saves the proposal in one go: the slot is split, the part lands on the new day, the day is within its time', async () => {
    const { w, a } = await overloadedTuesday();
    const r = await proposal(w);
    const moves = r.moves.map((m) => ({ _id: m.slotId, __v: m.version, date: m.to, minutes: m.minutes }));
    const saved = await w.ok<Timeslot[]>(await w.call('PUT', '/capacity/put/levelWeek', { moves }), 'levelWeek');
    expect(saved.map((s) => [s.date, s.minutes])).toEqual([
      [TUE, 120],
      [MON, 180],
    ]);
    expect(saved.every((s) => s.orderId === a._id)).toBe(true);
    const week = await w.ok<CapacityRangeReply>(
      await w.call('GET', `/capacity/get/capacityForWeekFromDate?date=${MON}`),
      'week',
    );
    expect(week.days.slice(0, 2).map((d) => d.ordersTime.antrieb)).toEqual([180, 480]);
    // Levelled: a second proposal has nothing to move.
    expect((await proposal(w)).moves).toEqual([]);
    // The same moves again are stale.
    expect((await w.call('PUT', '/capacity/put/levelWeek', { moves })).statusCode).toBe(409);
  });

  it('moves a whole slot when all its minutes go', async () => {
    const { w, slotB } = await overloadedTuesday();
    const res = await w.call('PUT', '/capacity/put/levelWeek', {
      moves: [{ _id: slotB._id, __v: slotB.__v, date: WED, minutes: 360 }],
    });
    expect(res.statusCode).toBe(200);
    expect((res.json() as Timeslot[]).map((s) => [s._id, s.date, s.minutes, s.__v])).toEqual([
      [slotB._id, WED, 360, slotB.__v + 1],
    ]);
  });

  it('is all or none: one stale slot is a 409 and the other does not move', async () => {
    const { w, slotA, slotB } = await overloadedTuesday();
    const res = await w.call('PUT', '/capacity/put/levelWeek', {
      moves: [
        { _id: slotA._id, __v: slotA.__v, date: MON, minutes: 180 },
        { _id: slotB._id, __v: slotB.__v + 1, date: WED, minutes: 360 },
      ],
    });
    expect(res.statusCode).toBe(409);
    const week = await w.ok<CapacityRangeReply>(
      await w.call('GET', `/capacity/get/capacityForWeekFromDate?date=${MON}`),
      'week',
    );
    expect(week.days[1]?.ordersTime.antrieb).toBe(660);
  });

  it('of two planners saving the same levelling at once, exactly one wins', async () => {
    const { w } = await overloadedTuesday();
    const r = await proposal(w);
    const moves = r.moves.map((m) => ({ _id: m.slotId, __v: m.version, date: m.to, minutes: m.minutes }));
    const results = await Promise.all([
      w.call('PUT', '/capacity/put/levelWeek', { moves }),
      w.call('PUT', '/capacity/put/levelWeek', { moves }),
    ]);
    expect(results.map((x) => x.statusCode).sort()).toEqual([200, 409]);
    const week = await w.ok<CapacityRangeReply>(
      await w.call('GET', `/capacity/get/capacityForWeekFromDate?date=${MON}`),
      'week',
    );
    expect(week.days.slice(0, 2).map((d) => d.ordersTime.antrieb)).toEqual([180, 480]);
  });

  it('refuses bad input at its field, and another tenant’s slot with 404', async () => {
    const { w, slotA, slotB } = await overloadedTuesday();
    const put = (moves: unknown[]) => w.call('PUT', '/capacity/put/levelWeek', { moves });
    const fieldOf = async (moves: unknown[]) => {
      const res = await put(moves);
      expect(res.statusCode).toBe(400);
      return (res.json() as { details: { field: string; key: string }[] }).details[0];
    };
    const move = { _id: slotA._id, __v: slotA.__v, date: MON, minutes: 180 };
    expect(await fieldOf([{ ...move, date: berlinToday() }])).toMatchObject({
      field: 'moves.0.date',
      key: 'validation.slot.notAhead',
    });
    expect(await fieldOf([{ ...move, minutes: 301 }])).toMatchObject({
      field: 'moves.0.minutes',
      key: 'validation.slot.moreThanSlot',
    });
    expect(await fieldOf([move, move])).toMatchObject({ field: 'moves.1._id', key: 'validation.duplicate' });
    expect(await fieldOf([])).toMatchObject({ field: 'moves' });
    await w.call('PUT', '/capacity/put/finishTimeslot', { _id: slotB._id, __v: slotB.__v, finished: true });
    expect(await fieldOf([{ _id: slotB._id, __v: slotB.__v + 1, date: WED, minutes: 360 }])).toMatchObject({
      field: 'moves.0._id',
      key: 'validation.slot.finished',
    });
    const other = await capacityWorld(t, 'Anderer Mandant');
    const res = await other.call('PUT', '/capacity/put/levelWeek', { moves: [move] });
    expect(res.statusCode).toBe(404);
    expect((await other.call('GET', `/capacity/get/levelling?date=${WED}`)).json()).toMatchObject({ moves: [] });
  });
});
