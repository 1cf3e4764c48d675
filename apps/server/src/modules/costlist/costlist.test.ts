/** The cost list on a real database: first read creates it once, create (409), update (409, protocol, template ids), bad input, tenants. */
import { COST_LIST_DEFAULTS, type CostList } from '@pruefbuch/domain/schemas/capacity';
import { beforeAll, describe, expect, it } from 'vitest';
import { detailsOf, productionWorld } from '../../../test/fixtures/costlist';
import { createTestApp } from '../../../test/helper';

const t = await createTestApp();

const template = {
  name: 'Schiebetür 2-flügelig',
  zeitaufwandAntrieb: 120,
  zeitaufwandProfilbearbeitung: 240,
  zeitaufwandVerglasen: 90,
  zeitaufwandVersand: 45,
  proFluegel: false,
  bemerkung: '',
};

describe('GET costlist, costlist/find/first', () => {
  it('has none at first; the first read creates it with the defaults, two at once give one list', async () => {
    const w = await productionWorld(t);
    expect((await w.call('GET', '/costlist')).json()).toEqual([]);
    const [a, b] = await Promise.all([w.call('GET', '/costlist/find/first'), w.call('GET', '/costlist/find/first')]);
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    const list = a.json() as CostList;
    expect((b.json() as CostList)._id).toBe(list._id);
    expect(list).toMatchObject({ ...COST_LIST_DEFAULTS, __v: 0 });
    const all = (await w.call('GET', '/costlist')).json() as CostList[];
    expect(all.map((c) => c._id)).toEqual([list._id]);
  });

  it('is read by office staff, kept only by admin and production lead', async () => {
    const w = await productionWorld(t);
    const office = await w.call('GET', '/costlist/find/first', undefined, w.office.token);
    expect(office.statusCode).toBe(200);
    const list = office.json() as CostList;
    const put = await w.call('PUT', `/costlist/${list._id}`, { ...COST_LIST_DEFAULTS, __v: 0 }, w.office.token);
    expect(put.statusCode).toBe(403);
    const worker = await w.call('PUT', `/costlist/${list._id}`, { ...COST_LIST_DEFAULTS, __v: 0 }, w.worker.token);
    expect(worker.statusCode).toBe(403);
    const admin = await w.call('PUT', `/costlist/${list._id}`, { ...COST_LIST_DEFAULTS, __v: 0 }, w.admin.token);
    expect(admin.statusCode).toBe(200);
  });
});

describe('POST costlist', () => {
  it('creates the one list with template ids, then refuses a second with 409 COSTLIST_EXISTS', async () => {
    const w = await productionWorld(t);
    const res = await w.call('POST', '/costlist', { ...COST_LIST_DEFAULTS, vorlagen: [template] });
    expect(res.statusCode).toBe(201);
    const list = res.json() as CostList;
    expect(list.vorlagen[0]?._id).toMatch(/.+/);
    expect(list.vorlagen[0]).toMatchObject(template);
    const again = await w.call('POST', '/costlist', COST_LIST_DEFAULTS);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'COSTLIST_EXISTS' });
    const first = (await w.call('GET', '/costlist/find/first')).json() as CostList;
    expect(first._id).toBe(list._id);
  });

  it('refuses bad input with 400 naming the field and the reason', async () => {
    const w = await productionWorld(t);
    const cases: [unknown, { field: string; key: string }][] = [
      [
        { ...COST_LIST_DEFAULTS, maw: { ...COST_LIST_DEFAULTS.maw, intMaw: -1 } },
        { field: 'maw.intMaw', key: 'validation.min' },
      ],
      [
        { ...COST_LIST_DEFAULTS, maw: { ...COST_LIST_DEFAULTS.maw, extMaw: 1.234 } },
        { field: 'maw.extMaw', key: 'validation.decimal' },
      ],
      [
        { ...COST_LIST_DEFAULTS, capacities: { ...COST_LIST_DEFAULTS.capacities, seitenteil: 1.5 } },
        { field: 'capacities.seitenteil', key: 'validation.integer' },
      ],
      [
        {
          ...COST_LIST_DEFAULTS,
          capacities: { ...COST_LIST_DEFAULTS.capacities, antriebstyp: { dreher: 90, schieber: 'x' } },
        },
        { field: 'capacities.antriebstyp.schieber', key: 'validation.number' },
      ],
      [
        { ...COST_LIST_DEFAULTS, vorlagen: [{ ...template, name: '' }] },
        { field: 'vorlagen.0.name', key: 'validation.required' },
      ],
      [
        { ...COST_LIST_DEFAULTS, vorlagen: [template, { ...template, name: 'SCHIEBETÜR 2-flügelig' }] },
        { field: 'vorlagen.1.name', key: 'validation.duplicate' },
      ],
    ];
    for (const [body, detail] of cases) {
      const res = await w.call('POST', '/costlist', body);
      expect(res.statusCode, JSON.stringify(detail)).toBe(400);
      expect(detailsOf(res.body)).toContainEqual(detail);
    }
    expect((await w.call('GET', '/costlist')).json()).toEqual([]);
  });
});

describe('PUT costlist/{id}', () => {
  describe('a changed list', () => {
    type ProtocolEntry = { field: string; action: string; oldValue: string | null; newValue: string | null };
    let w: Awaited<ReturnType<typeof productionWorld>>;
    let list: CostList;
    let body: Record<string, unknown> & { maw: CostList['maw'] };
    let res: Awaited<ReturnType<typeof w.call>>;
    let updated: CostList;
    beforeAll(async () => {
      w = await productionWorld(t);
      list = (await w.call('POST', '/costlist', { ...COST_LIST_DEFAULTS, vorlagen: [template] })).json() as CostList;
      body = {
        maw: { ...list.maw, intMaw: 130 },
        capacities: { ...list.capacities, seitenteil: 75, antriebstyp: { dreher: 90, schieber: 160 } },
        vorlagen: [
          { ...list.vorlagen[0], ...template, bemerkung: 'mit Oberlicht' },
          { ...template, name: 'Drehtür 1-flügelig' },
        ],
        __v: 0,
      };
      res = await w.call('PUT', `/costlist/${list._id}`, body);
      updated = res.json() as CostList;
    });

    it('is replaced, its __v counted up', () => {
      expect(res.statusCode).toBe(200);
      expect(updated.__v).toBe(1);
      expect(updated.maw.intMaw).toBe(130);
    });

    it('keeps the ids of its templates and gives a new one its own', () => {
      expect(updated.vorlagen[0]?._id).toBe(list.vorlagen[0]?._id);
      expect(updated.vorlagen[1]?._id).toMatch(/.+/);
      expect(updated.vorlagen[1]?._id).not.toBe(list.vorlagen[0]?._id);
    });

    it('answers 409 to a stale __v and keeps what it has', async () => {
      const stale = await w.call('PUT', `/costlist/${list._id}`, { ...body, maw: { ...body.maw, intMaw: 1 } });
      expect(stale.statusCode).toBe(409);
      expect(((await w.call('GET', '/costlist/find/first')).json() as CostList).maw.intMaw).toBe(130);
    });

    it('records each changed field; each template on its own, the new one coming from nothing', async () => {
      const protocol = (await w.call('GET', `/protocol/getProtocolByCostList/${list._id}`)).json() as ProtocolEntry[];
      const updates = protocol.filter((e) => e.action === 'update');
      const [first, added] = updated.vorlagen;
      expect(updates.map((e) => e.field).sort()).toEqual(
        [
          'capacities.antriebstyp.schieber',
          'capacities.seitenteil',
          'maw.intMaw',
          `vorlagen.${first?._id}`,
          `vorlagen.${added?._id}`,
        ].sort(),
      );
      expect(updates.find((e) => e.field === 'maw.intMaw')).toMatchObject({ oldValue: '120', newValue: '130' });
      const changed = updates.find((e) => e.field === `vorlagen.${first?._id}`);
      expect(JSON.parse(changed?.oldValue ?? 'null')).toEqual(template);
      expect(JSON.parse(changed?.newValue ?? 'null')).toEqual({ ...template, bemerkung: 'mit Oberlicht' });
      const created = updates.find((e) => e.field === `vorlagen.${added?._id}`);
      expect(created?.oldValue).toBeNull();
      expect(JSON.parse(created?.newValue ?? 'null')).toEqual({ ...template, name: 'Drehtür 1-flügelig' });
      expect(protocol.some((e) => e.action === 'create')).toBe(true);
    });
  });

  it('answers another tenant’s list with 404 and leaves it alone', async () => {
    const a = await productionWorld(t, 'A');
    const b = await productionWorld(t, 'B');
    const listA = (await a.call('GET', '/costlist/find/first')).json() as CostList;
    const res = await b.call('PUT', `/costlist/${listA._id}`, {
      ...COST_LIST_DEFAULTS,
      maw: { ...COST_LIST_DEFAULTS.maw, intMaw: 1 },
      __v: 0,
    });
    expect(res.statusCode).toBe(404);
    expect((await b.call('GET', `/protocol/getProtocolByCostList/${listA._id}`)).statusCode).toBe(404);
    expect(((await a.call('GET', '/costlist/find/first')).json() as CostList).maw.intMaw).toBe(120);
    const listB = (await b.call('GET', '/costlist/find/first')).json() as CostList;
    expect(listB._id).not.toBe(listA._id);
  });

  it('refuses a missing __v, a bad id and bad fields with 400', async () => {
    const w = await productionWorld(t);
    const list = (await w.call('GET', '/costlist/find/first')).json() as CostList;
    const noV = await w.call('PUT', `/costlist/${list._id}`, COST_LIST_DEFAULTS);
    expect(noV.statusCode).toBe(400);
    expect(detailsOf(noV.body).map((d) => d.field)).toContain('__v');
    const badId = await w.call('PUT', '/costlist/nope', { ...COST_LIST_DEFAULTS, __v: 0 });
    expect(badId.statusCode).toBe(400);
    const badTime = await w.call('PUT', `/costlist/${list._id}`, {
      ...COST_LIST_DEFAULTS,
      capacities: { ...COST_LIST_DEFAULTS.capacities, kommissionierung: 24 * 60 + 1 },
      __v: 0,
    });
    expect(badTime.statusCode).toBe(400);
    expect(detailsOf(badTime.body)).toContainEqual({ field: 'capacities.kommissionierung', key: 'validation.max' });
  });
});
