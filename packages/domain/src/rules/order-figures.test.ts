import { describe, expect, it } from 'vitest';
import { lateCut, type OrderFigureInput, orderEvents, orderFigureChanges } from './order-figures';

const order = (over: Partial<OrderFigureInput> = {}): OrderFigureInput => ({
  tenantId: 't1',
  aktuelleAbteilung: 3,
  createdAt: new Date('2026-01-10T09:00:00Z'),
  installedAt: null,
  acceptedAt: null,
  billedAt: null,
  vkid: { akt_kw: '', betrag: 1000.5, vergabepreis: 900, kalkulierte_min: 300 },
  el: { benoetigte_min: 240 },
  ...over,
});
const at = (iso: string) => new Date(iso);

describe('orderEvents (one test per row of the table)', () => {
  it('received: on the Berlin day it was created, with its sums in cents', () => {
    expect(orderEvents(order({ createdAt: at('2025-12-31T23:30:00Z') }))).toEqual([
      { day: '2026-01-01', figures: { received: 1, betragCents: 100050, vergabepreisCents: 90000 } },
    ]);
  });

  it('installed: counted on its day; minutes only when both are filled; not billed while unbilled', () => {
    const [, installed] = orderEvents(order({ installedAt: at('2026-02-02T08:00:00Z') }));
    expect(installed).toEqual({
      day: '2026-02-02',
      figures: { installed: 1, installedNotBilled: 1, calculatedMin: 300, bookedMin: 240, minutesCnt: 1 },
    });
    const [, noMinutes] = orderEvents(order({ installedAt: at('2026-02-02T08:00:00Z'), el: { benoetigte_min: null } }));
    expect(noMinutes?.figures).toEqual({ installed: 1, installedNotBilled: 1 });
  });

  it('accepted and billed: on their days; a billed order is no longer installed-not-billed', () => {
    const events = orderEvents(
      order({
        installedAt: at('2026-02-02T08:00:00Z'),
        acceptedAt: at('2026-02-03T08:00:00Z'),
        billedAt: at('2026-02-10T08:00:00Z'),
      }),
    );
    expect(events.map((e) => [e.day, Object.keys(e.figures)[0]])).toEqual([
      ['2026-01-10', 'received'],
      ['2026-02-02', 'installed'],
      ['2026-02-03', 'accepted'],
      ['2026-02-10', 'billed'],
    ]);
    expect(events[1]?.figures.installedNotBilled).toBe(0);
  });

  it('late installed: on the Monday of the planned week, when installed in a later week', () => {
    const late = order({ vkid: { akt_kw: '2026-W05' }, installedAt: at('2026-02-02T08:00:00Z') });
    expect(orderEvents(late).at(-1)).toEqual({ day: '2026-01-26', figures: { lateInstalled: 1 } });
    const inTime = order({ vkid: { akt_kw: '2026-W06' }, installedAt: at('2026-02-02T08:00:00Z') });
    expect(orderEvents(inTime).map((e) => Object.keys(e.figures)[0])).toEqual(['received', 'installed']);
  });

  it('pending: on the Monday of the planned week while not installed; none without a week', () => {
    expect(orderEvents(order({ vkid: { akt_kw: '2026-W53' } })).at(-1)).toEqual({
      day: '2026-12-28',
      figures: { pending: 1 },
    });
    expect(orderEvents(order())).toHaveLength(1);
  });
});

describe('orderFigureChanges', () => {
  it('moves the figures of an order that changed department; those of all departments stay', () => {
    const before = order();
    const after = order({ aktuelleAbteilung: 5 });
    const changes = orderFigureChanges([before], [after]);
    expect(changes.map((c) => [c.department, c.grain, c.day, c.received])).toEqual([
      [3, 'd', '2026-01-10', -1],
      [3, 'w', '2026-01-05', -1],
      [3, 'm', '2026-01-01', -1],
      [5, 'd', '2026-01-10', 1],
      [5, 'w', '2026-01-05', 1],
      [5, 'm', '2026-01-01', 1],
    ]);
  });

  it('a new order counts in its department and in all', () => {
    const changes = orderFigureChanges([], [order()]);
    expect(new Set(changes.map((c) => c.department))).toEqual(new Set([3, 0]));
    expect(changes).toHaveLength(6);
  });

  it('an unchanged order moves nothing', () => {
    expect(orderFigureChanges([order()], [order()])).toEqual([]);
  });
});

describe('lateCut', () => {
  it('is the Monday of the current Berlin week', () => {
    expect(lateCut(at('2026-11-29T23:30:00Z'))).toBe('2026-11-30');
    expect(lateCut(at('2026-11-29T22:30:00Z'))).toBe('2026-11-23');
    expect(lateCut(at('2026-11-28T12:00:00Z'))).toBe('2026-11-23');
  });
});
