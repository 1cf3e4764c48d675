/** Capacity settings, holidays, required time and the daily capacity on a real database. */
import {
  CAPACITY_SETTINGS_DEFAULTS,
  type CapacityRangeReply,
  type CapacitySettings,
  COST_LIST_DEFAULTS,
  type CostList,
  type EmployeeTimeReply,
  PRODUCTION_DEFAULTS,
  type RequiredTimeListReply,
  type RequiredTimeReply,
} from '@pruefbuch/domain/schemas/capacity';
import { beforeAll, describe, expect, it } from 'vitest';
import { capacityWorld, detailsOf, employee } from '../../../test/fixtures/capacity';
import { createTestApp } from '../../../test/helper';

const t = await createTestApp();

describe('GET/POST/PUT capacity', () => {
  it('creates the settings with the defaults on first read (once), then refuses POST with 409 CAPACITY_EXISTS', async () => {
    const w = await capacityWorld(t);
    const [a, b] = await Promise.all([w.call('GET', '/capacity'), w.call('GET', '/capacity')]);
    expect(a.statusCode).toBe(200);
    const s = a.json() as CapacitySettings;
    expect((b.json() as CapacitySettings)._id).toBe(s._id);
    expect(s).toMatchObject({ ...CAPACITY_SETTINGS_DEFAULTS, __v: 0 });
    const post = await w.call('POST', '/capacity', CAPACITY_SETTINGS_DEFAULTS);
    expect(post.statusCode).toBe(409);
    expect(post.json()).toMatchObject({ code: 'CAPACITY_EXISTS' });
  });

  it('POST creates the settings when there are none; employees get an _id', async () => {
    const w = await capacityWorld(t);
    const res = await w.call('POST', '/capacity', {
      ...CAPACITY_SETTINGS_DEFAULTS,
      mitarbeiter: [employee('Anna Becker', 'antrieb')],
    });
    expect(res.statusCode).toBe(201);
    const s = res.json() as CapacitySettings;
    expect(s.mitarbeiter[0]?._id).toMatch(/.+/);
    expect(((await w.call('GET', '/capacity')).json() as CapacitySettings)._id).toBe(s._id);
  });

  it('PUT replaces the settings, keeps employee ids, refuses a stale __v (409), another tenant’s (404), a production worker (403)', async () => {
    const w = await capacityWorld(t);
    const first = await w.setSettings({ mitarbeiter: [employee('Anna Becker', 'antrieb')] });
    const id = first.mitarbeiter[0]?._id;
    const second = await w.setSettings({ mitarbeiter: [...first.mitarbeiter, employee('Ben Schulz', 'versand')] });
    expect(second.__v).toBe(2);
    expect(second.mitarbeiter[0]?._id).toBe(id);
    expect(second.mitarbeiter[1]?._id).toMatch(/.+/);
    const stale = await w.call('PUT', `/capacity/${second._id}`, { ...CAPACITY_SETTINGS_DEFAULTS, __v: 1 });
    expect(stale.statusCode).toBe(409);
    const other = await capacityWorld(t, 'Andere');
    const foreign = await other.call('PUT', `/capacity/${second._id}`, { ...CAPACITY_SETTINGS_DEFAULTS, __v: 2 });
    expect(foreign.statusCode).toBe(404);
    const worker = await w.call(
      'PUT',
      `/capacity/${second._id}`,
      { ...CAPACITY_SETTINGS_DEFAULTS, __v: 2 },
      w.worker.token,
    );
    expect(worker.statusCode).toBe(403);
    expect(((await w.call('GET', '/capacity')).json() as CapacitySettings).mitarbeiter).toHaveLength(2);
  });

  it('records each change in the protocol, employee by employee; another tenant’s protocol is a 404', async () => {
    const w = await capacityWorld(t);
    const first = await w.setSettings({ mitarbeiter: [employee('Anna Becker', 'antrieb')] });
    const anna = first.mitarbeiter[0];
    if (!anna) throw new Error('no employee');
    const absence = { start: '2026-11-23', ende: '2026-11-27', bemerkung: 'Krank' };
    const second = await w.setSettings({
      bundesland: 'SN',
      mitarbeiter: [{ ...anna, abwesenheiten: [absence] }, employee('Ben Schulz', 'versand')],
      betriebsurlaub: [{ start: '2026-12-24', ende: '2027-01-01', bemerkung: 'Weihnachten' }],
    });
    const ben = second.mitarbeiter[1]?._id;
    type Entry = { field: string; action: string; oldValue: string | null; newValue: string | null };
    const protocol = (await w.call('GET', `/protocol/getProtocolByCapacity/${second._id}`)).json() as Entry[];
    const fields = new Map(protocol.map((e) => [e.field, e]));
    // The second save: the state, Anna's absence (her hours unchanged: no row), Ben added, the operating holidays.
    expect(fields.get('bundesland')).toMatchObject({ oldValue: 'HE', newValue: 'SN' });
    expect(JSON.parse(fields.get(`mitarbeiter.${anna._id}.abwesenheiten`)?.newValue ?? '')).toEqual({
      name: 'Anna Becker',
      abwesenheiten: [absence],
    });
    expect(fields.get(`mitarbeiter.${anna._id}.abwesenheiten`)?.oldValue).toBeNull();
    expect(JSON.parse(fields.get(`mitarbeiter.${ben}`)?.newValue ?? '')).toMatchObject({
      name: 'Ben Schulz',
      bereich: 'versand',
      aktiv: true,
    });
    expect(fields.get(`mitarbeiter.${ben}`)?.oldValue).toBeNull();
    expect(fields.get('betriebsurlaub')?.oldValue).toBeNull();
    expect(protocol.filter((e) => e.field === `mitarbeiter.${anna._id}`)).toHaveLength(1);
    // Removing Ben records his row going, under his id.
    await w.setSettings({ bundesland: 'SN', mitarbeiter: [second.mitarbeiter[0] as never] });
    const after = (await w.call('GET', `/protocol/getProtocolByCapacity/${second._id}`)).json() as Entry[];
    expect(after.filter((e) => e.field === `mitarbeiter.${ben}`).map((e) => e.newValue)).toContain(null);
    // Readers of the board may read it; another tenant may not.
    expect(
      (await w.call('GET', `/protocol/getProtocolByCapacity/${second._id}`, undefined, w.worker.token)).statusCode,
    ).toBe(200);
    const other = await capacityWorld(t, 'Fremd');
    expect((await other.call('GET', `/protocol/getProtocolByCapacity/${second._id}`)).statusCode).toBe(404);
    expect((await w.call('GET', '/protocol/getProtocolByCapacity/not-an-id')).statusCode).toBe(400);
  });

  it('refuses bad settings with 400 naming the field and the reason', async () => {
    const w = await capacityWorld(t);
    const s = (await w.call('GET', '/capacity')).json() as CapacitySettings;
    const put = (fields: object) =>
      w.call('PUT', `/capacity/${s._id}`, { ...CAPACITY_SETTINGS_DEFAULTS, ...fields, __v: 0 });
    const cases: [object, { field: string; key: string }][] = [
      [{ bundesland: 'XX' }, { field: 'bundesland', key: 'validation.invalid' }],
      [{ mitarbeiter: [employee('', 'antrieb')] }, { field: 'mitarbeiter.0.name', key: 'validation.required' }],
      [
        { mitarbeiter: [employee('A', 'lackieren' as 'antrieb')] },
        { field: 'mitarbeiter.0.bereich', key: 'validation.invalid' },
      ],
      [
        {
          mitarbeiter: [
            employee('A', 'antrieb', {
              arbeitszeit: { montag: 1500, dienstag: 0, mittwoch: 0, donnerstag: 0, freitag: 0 },
            }),
          ],
        },
        { field: 'mitarbeiter.0.arbeitszeit.montag', key: 'validation.max' },
      ],
      [
        { betriebsurlaub: [{ start: '2026-12-31', ende: '2026-12-24', bemerkung: '' }] },
        { field: 'betriebsurlaub.0.ende', key: 'validation.dateOrder' },
      ],
      [
        { lokaleFeiertage: [{ date: '2026-13-01', name: 'X' }] },
        { field: 'lokaleFeiertage.0.date', key: 'validation.date' },
      ],
    ];
    for (const [fields, detail] of cases) {
      const res = await put(fields);
      expect(res.statusCode, JSON.stringify(detail)).toBe(400);
      expect(detailsOf(res.body)).toContainEqual(detail);
    }
    expect(((await w.call('GET', '/capacity')).json() as CapacitySettings).__v).toBe(0);
  });
});

describe('GET capacity/get/holidays', () => {
  it('lists the public holidays of Hesse 2026 with German names (Fronleichnam, no Reformationstag) and the local days', async () => {
    const w = await capacityWorld(t);
    await w.setSettings({ lokaleFeiertage: [{ date: '2026-06-16', name: 'Wäldchestag' }] });
    const res = await w.call('GET', '/capacity/get/holidays?year=2026');
    expect(res.statusCode).toBe(200);
    const days = res.json() as { date: string; name: string; local: boolean }[];
    expect(days).toContainEqual({ date: '2026-06-04', name: 'Fronleichnam', local: false });
    expect(days).toContainEqual({ date: '2026-12-25', name: '1. Weihnachtstag', local: false });
    expect(days).toContainEqual({ date: '2026-06-16', name: 'Wäldchestag', local: true });
    expect(days.find((d) => d.date === '2026-10-31')).toBeUndefined();
    expect(days.map((d) => d.date)).toEqual([...days.map((d) => d.date)].sort());
    expect(days.filter((d) => !d.local)).toHaveLength(10);
    // In English where the library has the name; the tenant's own day as it was named.
    const en = (
      await t.api({
        method: 'GET',
        url: '/capacity/get/holidays?year=2026',
        token: w.lead.token,
        tenant: w.tenantId,
        headers: { 'accept-language': 'en' },
      })
    ).json() as typeof days;
    expect(en).toContainEqual({ date: '2026-06-04', name: 'Corpus Christi', local: false });
    expect(en).toContainEqual({ date: '2026-06-16', name: 'Wäldchestag', local: true });
    expect(en.map((d) => d.date)).toEqual(days.map((d) => d.date));
  });

  it('follows the federal state: Saxony has Reformationstag and no Fronleichnam', async () => {
    const w = await capacityWorld(t);
    await w.setSettings({ bundesland: 'SN' });
    const days = (await w.call('GET', '/capacity/get/holidays?year=2026')).json() as { date: string; name: string }[];
    expect(days.map((d) => d.date)).toContain('2026-10-31');
    expect(days.map((d) => d.date)).not.toContain('2026-06-04');
    // Another state is shown before it is saved (the settings screen while the state is changed).
    const asked = (await w.call('GET', '/capacity/get/holidays?year=2026&bundesland=HE')).json() as { date: string }[];
    expect(asked.map((d) => d.date)).toContain('2026-06-04');
    expect((await w.call('GET', '/capacity/get/holidays?year=2026&bundesland=XX')).statusCode).toBe(400);
  });

  it('refuses a missing or silly year with 400', async () => {
    const w = await capacityWorld(t);
    for (const q of ['', '?year=abc', '?year=1999', '?year=2026.5']) {
      const res = await w.call('GET', `/capacity/get/holidays${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(detailsOf(res.body).map((d) => d.field)).toContain('querystring.year');
    }
  });
});

describe('required time', () => {
  it('computes the order’s required time from the cost list; a changed time value changes it', async () => {
    const w = await capacityWorld(t);
    const order = await w.order({}, { seitenteile: 2, standardglaeser: 4 });
    const before = (await w.call('GET', `/capacity/get/requiredTime/${order._id}`)).json() as RequiredTimeReply;
    expect(before.lines).toContainEqual({
      area: 'profilbearbeitung',
      item: 'seitenteil',
      quantity: 2,
      minutesEach: 60,
      minutes: 120,
    });
    expect(before.lines).toContainEqual({
      area: 'antrieb',
      item: 'antriebstyp',
      quantity: 1,
      minutesEach: 150,
      minutes: 150,
    });
    expect(before.total).toBe(Object.values(before.required).reduce((a, b) => a + b, 0));
    const list = (await w.call('GET', '/costlist/find/first')).json() as CostList;
    const put = await w.call('PUT', `/costlist/${list._id}`, {
      ...COST_LIST_DEFAULTS,
      capacities: { ...COST_LIST_DEFAULTS.capacities, seitenteil: 90 },
      __v: list.__v,
    });
    expect(put.statusCode).toBe(200);
    const after = (await w.call('GET', `/capacity/get/requiredTime/${order._id}`)).json() as RequiredTimeReply;
    expect(after.required.profilbearbeitung - before.required.profilbearbeitung).toBe(60);
    expect(after.total - before.total).toBe(60);
  });

  it('counts a template of the cost list, per wing when it says so', async () => {
    const w = await capacityWorld(t);
    const res = await w.call('POST', '/costlist', {
      ...COST_LIST_DEFAULTS,
      vorlagen: [
        {
          name: 'Schiebetür 2-flügelig',
          zeitaufwandAntrieb: 100,
          zeitaufwandProfilbearbeitung: 200,
          zeitaufwandVerglasen: 50,
          zeitaufwandVersand: 30,
          proFluegel: true,
          bemerkung: '',
        },
      ],
    });
    const list = res.json() as CostList;
    const order = await w.order({}, { vorlage: list.vorlagen[0]?._id ?? null });
    const r = (await w.call('GET', `/capacity/get/requiredTime/${order._id}`)).json() as RequiredTimeReply;
    expect(r.lines).toContainEqual({
      area: 'profilbearbeitung',
      item: 'vorlage',
      quantity: 2,
      minutesEach: 200,
      minutes: 400,
    });
  });

  it('answers another tenant’s order and a bad id with 404 and 400', async () => {
    const a = await capacityWorld(t, 'A');
    const b = await capacityWorld(t, 'B');
    const order = await a.order();
    expect((await b.call('GET', `/capacity/get/requiredTime/${order._id}`)).statusCode).toBe(404);
    const bad = await a.call('GET', '/capacity/get/requiredTime/xyz');
    expect(bad.statusCode).toBe(400);
    expect(detailsOf(bad.body).map((d) => d.field)).toContain('params.orderId');
  });

  describe('the plannable orders that need time', () => {
    let w: Awaited<ReturnType<typeof capacityWorld>>;
    let a: Awaited<ReturnType<typeof w.order>>;
    let b: Awaited<ReturnType<typeof w.order>>;
    let rb: RequiredTimeReply;
    let saved: Awaited<ReturnType<typeof w.call>>;
    let all: RequiredTimeListReply;
    const list = async (query = '') =>
      (await w.call('GET', `/capacity/get/requiredTimeList${query}`)).json() as RequiredTimeListReply;
    beforeAll(async () => {
      w = await capacityWorld(t);
      const other = await capacityWorld(t, 'Andere');
      await other.order({ abnr: 'FREMD-1' });
      a = await w.order({ abnr: 'AB-100', objekt: 'Kaufhof Zeil' });
      b = await w.order({ abnr: 'AB-200', objekt: 'Hauptwache' });
      await w.order({ abnr: 'AB-300', active: false });
      rb = (await w.call('GET', `/capacity/get/requiredTime/${b._id}`)).json() as RequiredTimeReply;
      // Plan all of b.
      const slots = Object.entries(rb.required)
        .filter(([, m]) => m > 0)
        .map(([area, minutes]) => ({ date: '2026-12-01', area, minutes }));
      saved = await w.call(
        'PUT',
        '/capacity/put/saveCapacityByOrderId',
        { orderId: b._id, slots, expected: [] },
        w.worker.token,
      );
      all = await list('?filter=all');
    });

    it('are by default the open ones: a fully planned order is left out, as are inactive ones and other tenants’', async () => {
      expect(saved.statusCode).toBe(200);
      const open = await list();
      expect(open.docs.map((i) => i.abnr)).toEqual(['AB-100']);
      expect(open).toMatchObject({ total: 1, page: 1, pages: 1 });
    });

    it('are all of them with filter=all, each with what is planned', () => {
      expect(all.docs.map((i) => i.abnr).sort()).toEqual(['AB-100', 'AB-200']);
      expect(all.total).toBe(2);
      const itemB = all.docs.find((i) => i.orderId === b._id);
      expect(itemB?.totalPlanned).toBe(itemB?.totalRequired);
      expect(itemB?.planned).toEqual(rb.required);
    });

    it('are searched', async () => {
      const searched = await list('?filter=all&search=zeil');
      expect(searched.docs.map((i) => i.orderId)).toEqual([a._id]);
      // As the order list searches: any case, the AB-Nr too, never across two fields (object, then AB-Nr).
      expect((await list('?filter=all&search=KAUFHOF')).docs.map((i) => i.orderId)).toEqual([a._id]);
      expect((await list('?filter=all&search=ab-2')).docs.map((i) => i.orderId)).toEqual([b._id]);
      expect((await list('?filter=all&search=zeil%20ab')).docs).toEqual([]);
      expect((await list('?filter=all&search=zeilab')).docs).toEqual([]);
    });

    it('come one page at a time, soonest installation first; the planned minutes are the page’s own', async () => {
      const first = await list('?filter=all&size=1');
      const second = await list('?filter=all&size=1&page=2');
      expect(first).toMatchObject({ total: 2, pages: 2, size: 1 });
      expect([...first.docs, ...second.docs]).toEqual(all.docs);
      expect((await list('?filter=all&size=1&page=3')).docs).toEqual([]);
      expect((await list('?size=1&page=2')).docs).toEqual([]);
    });

    it('answer 400 for a bad size, page or filter', async () => {
      expect((await w.call('GET', '/capacity/get/requiredTimeList?size=0')).statusCode).toBe(400);
      expect((await w.call('GET', '/capacity/get/requiredTimeList?page=x')).statusCode).toBe(400);
      expect((await w.call('GET', '/capacity/get/requiredTimeList?filter=some')).statusCode).toBe(400);
    });
  });
});

describe('employee time and daily capacity', () => {
  it('counts working minutes per area, leaves out weekends, holidays, operating holidays and absences', async () => {
    const w = await capacityWorld(t);
    await w.setSettings({
      mitarbeiter: [
        employee('Anna Becker', 'antrieb'),
        employee('Ben Schulz', 'versand', {
          arbeitszeit: { montag: 240, dienstag: 240, mittwoch: 240, donnerstag: 240, freitag: 240 },
          abwesenheiten: [{ start: '2026-06-02', ende: '2026-06-02', bemerkung: 'Arzt' }],
        }),
        employee('Carla Inaktiv', 'antrieb', { aktiv: false }),
      ],
      betriebsurlaub: [{ start: '2026-06-05', ende: '2026-06-05', bemerkung: 'Brückentag' }],
    });
    const res = await w.call('GET', '/capacity/get/getWeeklyEmployeeTime?date=2026-06-03');
    expect(res.statusCode).toBe(200);
    const r = res.json() as EmployeeTimeReply;
    expect(r.from).toBe('2026-06-01');
    expect(r.to).toBe('2026-06-07');
    const byDate = Object.fromEntries(r.days.map((d) => [d.date, d]));
    expect(byDate['2026-06-01']).toMatchObject({ total: 720, perArea: { antrieb: 480, versand: 240 } });
    expect(byDate['2026-06-02']).toMatchObject({ total: 480, perArea: { versand: 0 } });
    expect(byDate['2026-06-02']?.absent).toEqual([expect.objectContaining({ name: 'Ben Schulz', bemerkung: 'Arzt' })]);
    expect(byDate['2026-06-04']).toMatchObject({ total: 0, notes: [{ kind: 'publicHoliday', text: 'Fronleichnam' }] });
    expect(byDate['2026-06-05']).toMatchObject({ total: 0, notes: [{ kind: 'operatingHoliday', text: 'Brückentag' }] });
    expect(byDate['2026-06-06']).toMatchObject({ total: 0, notes: [{ kind: 'weekend' }] });
    const month = (
      await w.call('GET', '/capacity/get/getMonthlyEmployeeTime?date=2026-06-17')
    ).json() as EmployeeTimeReply;
    expect(month.from).toBe('2026-06-01');
    expect(month.to).toBe('2026-06-30');
    expect(month.days).toHaveLength(30);
  });

  it('gives each day its planned slots with the order’s card, utilisation and colour; a weekend slot is red', async () => {
    const w = await capacityWorld(t);
    await w.setSettings({ mitarbeiter: [employee('Anna Becker', 'antrieb'), employee('Ben Schulz', 'versand')] });
    const order = await w.order({
      abnr: 'AB-77',
      objekt: 'Kaufhof Zeil',
      kunde: 'Galeria',
      vkid: {
        ...(await import('@pruefbuch/domain/schemas/order')).ORDER_DEFAULTS.vkid,
        geplante_montage_date: '2026-12-20',
      },
    });
    const plan = (slots: object[]) =>
      w.call('PUT', '/capacity/put/saveCapacityByOrderId', { orderId: order._id, slots, expected: [] });
    expect(
      (
        await plan([
          { date: '2026-12-01', area: 'antrieb', minutes: 480 },
          { date: '2026-12-01', area: 'versand', minutes: 336 },
          { date: '2026-12-02', area: 'antrieb', minutes: 600 },
          { date: '2026-12-05', area: 'versand', minutes: 60 },
        ])
      ).statusCode,
    ).toBe(200);
    const res = await w.call('GET', '/capacity/get/capacityForWeekFromDate?date=2026-12-03');
    expect(res.statusCode).toBe(200);
    const week = res.json() as CapacityRangeReply;
    expect(week.from).toBe('2026-11-30');
    const day = (d: string) => week.days.find((x) => x.date === d);
    expect(day('2026-12-01')).toMatchObject({
      totalEmployeeTime: 960,
      totalOrdersTime: 816,
      utilisation: 85,
      colour: 'green',
      ordersTime: { antrieb: 480, versand: 336 },
    });
    expect(day('2026-12-01')?.orderTimeList[0]).toMatchObject({
      orderId: order._id,
      abnr: 'AB-77',
      objekt: 'Kaufhof Zeil',
      kunde: 'Galeria',
      geplanteMontage: '2026-12-20',
    });
    expect(day('2026-12-02')).toMatchObject({ totalOrdersTime: 600, utilisation: 62.5, colour: 'green' });
    expect(day('2026-12-05')).toMatchObject({ totalEmployeeTime: 0, utilisation: null, colour: 'red' });
    expect(day('2026-12-04')).toMatchObject({ utilisation: 0, colour: 'green', orderTimeList: [] });
    const month = (
      await w.call('GET', '/capacity/get/getCapacityForMonthFromDate?date=2026-12-15')
    ).json() as CapacityRangeReply;
    expect(month.days).toHaveLength(31);
    expect(month.days.find((d) => d.date === '2026-12-25')?.notes).toEqual([
      { kind: 'publicHoliday', text: '1. Weihnachtstag' },
    ]);
    expect(month.days.reduce((a, d) => a + d.totalOrdersTime, 0)).toBe(480 + 336 + 600 + 60);
    // Another tenant sees none of it.
    const other = await capacityWorld(t, 'Andere');
    const theirs = (
      await other.call('GET', '/capacity/get/getCapacityForMonthFromDate?date=2026-12-15')
    ).json() as CapacityRangeReply;
    expect(theirs.days.every((d) => d.orderTimeList.length === 0)).toBe(true);
  });

  it('refuses a bad date with 400', async () => {
    const w = await capacityWorld(t);
    for (const url of [
      '/capacity/get/capacityForWeekFromDate',
      '/capacity/get/getCapacityForMonthFromDate?date=2026-02-30',
      '/capacity/get/getWeeklyEmployeeTime?date=morgen',
      '/capacity/get/getMonthlyEmployeeTime?date=',
    ]) {
      const res = await w.call('GET', url);
      expect(res.statusCode, url).toBe(400);
      expect(detailsOf(res.body).map((d) => d.field)).toContain('querystring.date');
    }
  });
});

describe('the order’s production block (fertigung)', () => {
  it('is stored with the defaults, returned, replaced by PUT orders and recorded field by field', async () => {
    const w = await capacityWorld(t);
    const created = await w.call('POST', '/orders', { objekt: 'Ohne Fertigung' }, w.admin.token);
    expect(created.statusCode).toBe(201);
    const order = created.json() as { _id: string; __v: number; fertigung: unknown };
    expect(order.fertigung).toEqual(PRODUCTION_DEFAULTS);
    const put = await w.call(
      'PUT',
      `/orders/${order._id}`,
      { __v: order.__v, fertigung: { ...PRODUCTION_DEFAULTS, seitenteile: 2, bodenfuehrung: true } },
      w.admin.token,
    );
    expect(put.statusCode).toBe(200);
    const got = (await w.call('GET', `/orders/${order._id}`, undefined, w.admin.token)).json() as {
      fertigung: unknown;
    };
    expect(got.fertigung).toEqual({ ...PRODUCTION_DEFAULTS, seitenteile: 2, bodenfuehrung: true });
    const protocol = (
      await w.call('GET', `/protocol/getProtocolByOrder/${order._id}`, undefined, w.admin.token)
    ).json() as {
      field: string;
      action: string;
      oldValue: string | null;
      newValue: string | null;
    }[];
    const updates = protocol.filter((e) => e.action === 'update');
    expect(updates.map((e) => e.field).sort()).toEqual(['fertigung.bodenfuehrung', 'fertigung.seitenteile']);
    expect(updates.find((e) => e.field === 'fertigung.seitenteile')).toMatchObject({ oldValue: '0', newValue: '2' });
    const bad = await w.call(
      'PUT',
      `/orders/${order._id}`,
      { __v: 1, fertigung: { ...PRODUCTION_DEFAULTS, antriebe: -1 } },
      w.admin.token,
    );
    expect(bad.statusCode).toBe(400);
    expect(detailsOf(bad.body)).toContainEqual({ field: 'fertigung.antriebe', key: 'validation.min' });
  });
});
