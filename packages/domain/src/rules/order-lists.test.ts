import { describe, expect, it } from 'vitest';
import {
  awaitedDeliveries,
  DELIVERY_RULES,
  deliveryRuleOf,
  keptListTotal,
  listCountChanges,
  type OrderListInput,
  orderListKeys,
  weekKeys,
} from './order-lists';

const order = (over: Partial<OrderListInput> = {}): OrderListInput => ({
  active: true,
  status: 'CREATED',
  aktuelle_abteilung: 1,
  vkid: { innendienst: 'Anna Weber', ad: 'MK', akt_kw: '2026-W48' },
  el: { montage: 'Team Nord', service_id: 'SV-1', akt_kw: '2026-W49' },
  logistik: [],
  ...over,
});

const keysOf = (o: OrderListInput, list: string) =>
  orderListKeys(o)
    .filter((k) => k.list === list)
    .map((k) => k.key);

describe('orderListKeys (one test per row of the table)', () => {
  it('an inactive order is in no list', () => {
    expect(orderListKeys(order({ active: false }))).toEqual([]);
  });

  it('opm: the OPM in lower case, an order without one under the empty key', () => {
    expect(keysOf(order(), 'opm')).toEqual(['anna weber']);
    expect(keysOf(order({ vkid: { innendienst: '', ad: '', akt_kw: '' } }), 'opm')).toEqual(['']);
  });

  it('el: the installer, and the service id when it is not the installer', () => {
    expect(keysOf(order(), 'el')).toEqual(['team nord', 'sv-1']);
    expect(keysOf(order({ el: { montage: 'SV-1', service_id: 'sv-1', akt_kw: '' } }), 'el')).toEqual(['sv-1']);
  });

  it('ad: the field sales person in lower case', () => {
    expect(keysOf(order(), 'ad')).toEqual(['mk']);
  });

  it.each([
    ['CREATED', true, false, true],
    ['AKT_KW_VKID', true, false, true],
    ['AKT_KW', false, false, true],
    ['MONTAGE', false, false, true],
    ['MONTAGE_ABGESCHLOSSEN', false, false, true],
    ['ZIVI_BESTELLT', false, false, true],
    ['VERRECHNET', false, false, false],
  ])('status %s: vkidAll %s, elAll %s, adAll %s', (status, vkid, el, ad) => {
    // Department 1: elAll follows the department, not the status.
    const o = order({ status, aktuelle_abteilung: 1 });
    expect(keysOf(o, 'vkidAll')).toEqual(vkid ? [''] : []);
    expect(keysOf(o, 'elAll')).toEqual(el ? [''] : []);
    expect(keysOf(o, 'adAll')).toEqual(ad ? [''] : []);
  });

  it.each([
    [1, false],
    [2, true],
    [3, false],
    [4, false],
    [5, false],
  ])('elAll: department %i → %s, whatever the status (issue 31 item 7)', (department, el) => {
    for (const status of ['CREATED', 'AKT_KW', 'MONTAGE', 'VERRECHNET'])
      expect(keysOf(order({ status, aktuelle_abteilung: department }), 'elAll')).toEqual(el ? [''] : []);
  });

  it('adAll needs a field sales person', () => {
    expect(keysOf(order({ vkid: { innendienst: 'x', ad: '', akt_kw: '' } }), 'adAll')).toEqual([]);
  });

  it('week: the sales week and a different operations week', () => {
    expect(keysOf(order(), 'week')).toEqual(['2026-W48', '2026-W49']);
  });

  it('week: the same week twice counts once', () => {
    const o = order({
      vkid: { innendienst: '', ad: '', akt_kw: '2026-W48' },
      el: { montage: '', service_id: '', akt_kw: '2026-W48' },
    });
    expect(keysOf(o, 'week')).toEqual(['2026-W48']);
  });

  it('week: only the operations week', () => {
    const o = order({
      vkid: { innendienst: '', ad: '', akt_kw: '' },
      el: { montage: '', service_id: '', akt_kw: '2026-W50' },
    });
    expect(keysOf(o, 'week')).toEqual(['2026-W50']);
    expect(keysOf(o, 'salesWeek')).toEqual(['']);
  });

  it('week: neither week is the empty key', () => {
    const o = order({ vkid: { innendienst: '', ad: '', akt_kw: '' }, el: { montage: '', service_id: '', akt_kw: '' } });
    expect(keysOf(o, 'week')).toEqual(['']);
  });

  it('salesWeek: the sales week', () => {
    expect(keysOf(order(), 'salesWeek')).toEqual(['2026-W48']);
  });

  it('each week list per department and per status', () => {
    const o = order({ aktuelle_abteilung: 3, status: 'AKT_KW' });
    expect(keysOf(o, 'week.d')).toEqual(['3|2026-W48', '3|2026-W49']);
    expect(keysOf(o, 'week.s')).toEqual(['AKT_KW|2026-W48', 'AKT_KW|2026-W49']);
    expect(keysOf(o, 'salesWeek.d')).toEqual(['3|2026-W48']);
    expect(keysOf(o, 'salesWeek.s')).toEqual(['AKT_KW|2026-W48']);
  });

  it('names each (list, key) once', () => {
    const keys = orderListKeys(order()).map((k) => `${k.list}/${k.key}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('weekKeys (the week rows of the table, as the week filter counts them)', () => {
  const rows: [sales: string, operations: string, keys: string[]][] = [
    ['2026-49', '2026-50', ['salesWeek 2026-49', 'week 2026-49', 'week 2026-50']],
    ['2026-49', '2026-49', ['salesWeek 2026-49', 'week 2026-49']],
    ['2026-49', '', ['salesWeek 2026-49', 'week 2026-49']],
    ['', '2026-50', ['salesWeek ', 'week 2026-50']],
    ['', '', ['salesWeek ', 'week ']],
  ];
  it.each(rows)('sales week %j, operations week %j', (sales, operations, keys) => {
    expect(weekKeys(sales, operations).map((k) => `${k.list} ${k.key}`)).toEqual(keys);
  });
  it('are the week keys of orderListKeys', () => {
    const o = order({
      vkid: { innendienst: '', ad: '', akt_kw: '2026-49' },
      el: { montage: '', service_id: '', akt_kw: '2026-50' },
    });
    const plain = orderListKeys(o).filter((k) => k.list === 'week' || k.list === 'salesWeek');
    expect(plain).toEqual(weekKeys('2026-49', '2026-50'));
  });
});

describe('listCountChanges', () => {
  const t = 'tenant-1';

  it('an unchanged order moves no count', () => {
    expect(listCountChanges([{ ...order(), tenantId: t }], [{ ...order(), tenantId: t }])).toEqual([]);
  });

  it('a new OPM moves one count down and one up', () => {
    const before = { ...order(), tenantId: t };
    const after = { ...order({ vkid: { ...order().vkid, innendienst: 'Jonas Braun' } }), tenantId: t };
    expect(listCountChanges([before], [after])).toEqual([
      { tenantId: t, list: 'opm', key: 'anna weber', n: -1 },
      { tenantId: t, list: 'opm', key: 'jonas braun', n: 1 },
    ]);
  });

  it('sums over orders and keeps tenants apart', () => {
    const changes = listCountChanges(
      [],
      [
        { ...order(), tenantId: t },
        { ...order(), tenantId: t },
        { ...order(), tenantId: 'tenant-2' },
      ],
    );
    expect(changes.find((c) => c.tenantId === t && c.list === 'opm')?.n).toBe(2);
    expect(changes.find((c) => c.tenantId === 'tenant-2' && c.list === 'opm')?.n).toBe(1);
  });
});

describe('the warehouse’s deliveries (DELIVERY_RULES, decision 054: one test per row)', () => {
  const due = { geliefertAm: null };
  const come = { geliefertAm: '2026-11-20' };
  it.each([
    [1, 'an inactive order, though a delivery is awaited', order({ active: false, logistik: [due] })],
    [2, 'a delivery without a date it came', order({ logistik: [come, due] })],
    [2, 'a delivery whose date is empty', order({ logistik: [{ geliefertAm: '' }] })],
    [2, 'a delivery stored without the field', order({ logistik: [{}] })],
    [2, 'in any status, billed too', order({ status: 'VERRECHNET', logistik: [due] })],
    [3, 'no deliveries', order()],
    [3, 'every delivery has come', order({ logistik: [come, come] })],
  ] as const)('row %i: %s', (row, _, o) => {
    const rule = deliveryRuleOf(o);
    expect(rule.row).toBe(row);
    expect(keysOf(o, 'deliveries')).toEqual(rule.listed ? [''] : []);
  });

  it('the table ends in a row that always holds', () => {
    expect(DELIVERY_RULES.at(-1)?.when(order())).toBe(true);
  });

  it('shows the deliveries still to come, planned soonest first, those without a day last in their order', () => {
    const d = (name: string, geplantAm: string | null, geliefertAm: string | null = null) => ({
      name,
      geplantAm,
      geliefertAm,
    });
    const shown = awaitedDeliveries([
      d('Glas', null),
      d('Antrieb', '2026-12-03'),
      d('Sensor', '2026-11-20', '2026-11-19'),
      d('Profil', '2026-12-01'),
      d('Taster', ''),
    ]);
    expect(shown.map((x) => x.name)).toEqual(['Profil', 'Antrieb', 'Glas', 'Taster']);
    expect(awaitedDeliveries([d('Sensor', '2026-11-20', '2026-11-19')])).toEqual([]);
  });
});

describe('keptListTotal: the total of the order list without a search (one test per row)', () => {
  it.each([
    ['none', {}, { list: 'salesWeek', key: '', exact: false }],
    ['department', { department: 2 }, { list: 'salesWeek.d', key: '2|', exact: false }],
    ['status', { status: 'MONTAGE' }, { list: 'salesWeek.s', key: 'MONTAGE|', exact: false }],
    ['KW', { kw: '2026-W49' }, { list: 'week', key: '2026-W49', exact: true }],
    ['KW and department', { kw: '2026-W49', department: 1 }, { list: 'week.d', key: '1|2026-W49', exact: true }],
    ['KW and status', { kw: '2026-W49', status: 'AKT_KW' }, { list: 'week.s', key: 'AKT_KW|2026-W49', exact: true }],
  ] as const)('%s', (_, filters, expected) => {
    expect(keptListTotal(filters)).toEqual(expected);
  });

  it.each([
    ['department and status', { department: 2, status: 'MONTAGE' }],
    ['a division', { division: 'bau' }],
    ['inactive orders', { inactive: true }],
    ['KW, department and status', { kw: '2026-W49', department: 2, status: 'MONTAGE' }],
  ] as const)('none for %s: counted over the orders', (_, filters) => {
    expect(keptListTotal(filters)).toBeNull();
  });

  it('every active order is counted once in the sales-week lists, whatever its weeks', () => {
    for (const o of [
      order(),
      order({ vkid: { innendienst: '', ad: '', akt_kw: '' }, el: { montage: '', service_id: '', akt_kw: '' } }),
      order({
        vkid: { innendienst: 'A', ad: '', akt_kw: '2026-W49' },
        el: { montage: '', service_id: '', akt_kw: '2026-W49' },
      }),
    ]) {
      const keys = orderListKeys(o);
      expect(keys.filter((k) => k.list === 'salesWeek')).toHaveLength(1);
      expect(keys.filter((k) => k.list === 'salesWeek.d')).toHaveLength(1);
      expect(keys.filter((k) => k.list === 'salesWeek.s')).toHaveLength(1);
    }
  });
});
