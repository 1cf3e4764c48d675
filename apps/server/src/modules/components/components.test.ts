import { Role } from '@pruefbuch/domain/roles';
import { componentCodeSchema } from '@pruefbuch/domain/schemas/component';
import { describe, expect, it } from 'vitest';
import { fieldsOf, member, tag } from '../../../test/fixtures/books';
import { createTestApp } from '../../../test/helper';
import { doorComponents } from '../../db/schema/index';
import { componentTexts } from './components.repo';
import { seedComponents } from './components.seed';
import { STARTER_COMPONENTS } from './components.starter';

const t = await createTestApp();
const admin = await member(t, Role.ADMIN_ROLE, []);
const standard = await member(t, Role.STANDARD_ROLE, []);
const seeded = await seedComponents(t.database.db);

const list = async (query: string, token = standard.token) => {
  const res = await t.api({ method: 'GET', url: `/components${query}`, token });
  expect(res.statusCode).toBe(200);
  return res.json() as { docs: { code: string; kind: string; doorType: string; text: string }[]; total: number };
};

async function created(overrides: Record<string, unknown> = {}) {
  const res = await t.api({
    method: 'POST',
    url: '/components',
    token: admin.token,
    payload: { code: `T-${tag()}`, kind: 'option', doorType: 'schieber', text: 'Testoption', ...overrides },
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json();
}

describe('the starter set', () => {
  it('has about 150 unique, valid codes of every kind, for swing and sliding doors', () => {
    const codes = STARTER_COMPONENTS.map(([code]) => code);
    expect(codes.length).toBeGreaterThanOrEqual(140);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) expect(componentCodeSchema.safeParse(code).success, code).toBe(true);
    const kinds = new Set(STARTER_COMPONENTS.map(([, kind]) => kind));
    expect([...kinds].sort()).toEqual(['control', 'drive', 'option', 'power', 'sensor', 'ups', 'wings']);
    const doorTypes = new Set(STARTER_COMPONENTS.map(([, , d]) => d));
    expect([...doorTypes].sort()).toEqual(['both', 'dreher', 'schieber']);
  });

  it("marks escape routes only by power types with 'fr', and wing codes end in their number", () => {
    for (const [code, kind, , text] of STARTER_COMPONENTS) {
      if (kind === 'power') expect(/fr/i.test(code), code).toBe(/Fluchtweg/.test(text));
      if (kind === 'wings') expect(text, code).toContain(`${code.slice(-1)}-flügelig`);
    }
  });

  it('is inserted into an empty catalogue once; a catalogue with entries is left alone', async () => {
    expect(seeded).toBe(STARTER_COMPONENTS.length);
    expect(await seedComponents(t.database.db)).toBe(0);
    const rows = await t.database.db.select().from(doorComponents);
    expect(rows.length).toBeGreaterThanOrEqual(STARTER_COMPONENTS.length);
  });

  it('gives the texts of codes; an unknown code is missing', async () => {
    const texts = await componentTexts(t.database.db, ['SA-2-FR', 'FL2', 'NOPE-1', 'SA-2-FR']);
    expect(Object.fromEntries(texts)).toEqual({
      'SA-2-FR': 'Schiebetürantrieb 2-flügelig, Fluchtweg (redundant)',
      FL2: 'Drehflügeltür 2-flügelig',
    });
  });
});

describe('GET components', () => {
  it('searches code and text', async () => {
    const res = await list('?search=redundant&size=500');
    expect(res.docs.length).toBeGreaterThan(3);
    expect(res.docs.every((d) => /redundant/i.test(d.text) || /redundant/i.test(d.code))).toBe(true);
  });

  it('narrows by kind and door type (a door type finds its own codes and those for both)', async () => {
    const drives = await list('?kind=drive&doorType=dreher&size=500');
    expect(drives.docs.length).toBeGreaterThan(5);
    expect(drives.docs.every((d) => d.kind === 'drive' && d.doorType !== 'schieber')).toBe(true);
    const sensors = await list('?kind=sensor&doorType=schieber&size=500');
    expect(sensors.docs.some((d) => d.doorType === 'both')).toBe(true);
    expect(sensors.docs.some((d) => d.doorType === 'schieber')).toBe(true);
    expect(sensors.docs.every((d) => d.doorType !== 'dreher')).toBe(true);
  });

  it('pages and sorts', async () => {
    const page = await list('?size=10&page=2&sort=-code');
    expect(page.docs).toHaveLength(10);
    const codes = page.docs.map((d) => d.code);
    expect([...codes].sort().reverse()).toEqual(codes);
    expect(page.total).toBeGreaterThanOrEqual(STARTER_COMPONENTS.length);
  });

  it('refuses a bad filter', async () => {
    const res = await t.api({ method: 'GET', url: '/components?kind=door', token: standard.token });
    expect(res.statusCode).toBe(400);
  });
});

describe('POST, PUT, DELETE components', () => {
  it('creates an entry with the defaults', async () => {
    const c = await created({ doorType: undefined });
    expect(c).toMatchObject({ kind: 'option', doorType: 'both', text: 'Testoption', active: true, __v: 0 });
  });

  it('refuses a code that is taken, at the code', async () => {
    const res = await t.api({
      method: 'POST',
      url: '/components',
      token: admin.token,
      payload: { code: 'SA-2', kind: 'drive', text: 'Doppelt' },
    });
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toEqual(['code']);
  });

  it('refuses a code with blanks and an empty text', async () => {
    const res = await t.api({
      method: 'POST',
      url: '/components',
      token: admin.token,
      payload: { code: 'A B', kind: 'drive', text: '' },
    });
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res).sort()).toEqual(['code', 'text']);
  });

  it('updates with the __v read; a stale one is a 409', async () => {
    const c = await created();
    const payload = { code: c.code, kind: 'ups', doorType: 'both', text: 'Geändert', active: false, __v: 0 };
    const ok = await t.api({ method: 'PUT', url: `/components/${c._id}`, token: admin.token, payload });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ kind: 'ups', text: 'Geändert', active: false, __v: 1 });
    const stale = await t.api({ method: 'PUT', url: `/components/${c._id}`, token: admin.token, payload });
    expect(stale.statusCode).toBe(409);
    const taken = await t.api({
      method: 'PUT',
      url: `/components/${c._id}`,
      token: admin.token,
      payload: { ...payload, code: 'SA-1', __v: 1 },
    });
    expect(taken.statusCode).toBe(400);
    expect(fieldsOf(taken)).toEqual(['code']);
  });

  it('deletes; a second delete and an unknown id are 404', async () => {
    const c = await created();
    const del = await t.api({ method: 'DELETE', url: `/components/${c._id}`, token: admin.token });
    expect(del.statusCode).toBe(204);
    expect((await list(`?search=${c.code}`)).total).toBe(0);
    const again = await t.api({ method: 'DELETE', url: `/components/${c._id}`, token: admin.token });
    expect(again.statusCode).toBe(404);
  });

  it('is kept by admins only', async () => {
    const res = await t.api({
      method: 'POST',
      url: '/components',
      token: standard.token,
      payload: { code: `T-${tag()}`, kind: 'option', text: 'x' },
    });
    expect(res.statusCode).toBe(403);
  });
});
