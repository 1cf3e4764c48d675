/**
 * One branch per key (decision 039): in a tenant and customer a SAP-Nr, and ZNL with Nr, name one branch only,
 * compared without case. A second is 409 LOCATION_KEY_TAKEN naming the branch that holds the key, also when two
 * writes race past the check into the unique index; a new branch needs its customer.
 */
import { Customer, Role } from '@pruefbuch/domain/roles';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { insertLocation } from '../../../test/factories';
import { fieldsOf, member, tag } from '../../../test/fixtures/books';
import { createTestApp } from '../../../test/helper';
import { customerLocations } from '../../db/schema/index';
import { AppError } from '../../platform/errors';
import { withUniqueKeys } from './customerlocations.keys';

const t = await createTestApp();
const db = t.database.db;
/** Real parallel connections race on PostgreSQL; PGlite has one connection, so fewer rounds prove it there. */
const ROUNDS = t.database.kind === 'postgres' ? 10 : 3;

async function world() {
  const tenant = await t.createTenant(`Schlüssel ${tag()}`);
  const office = await member(t, Role.PROJECT_ROLE, [tenant.id]);
  const call = (method: 'POST' | 'PUT', url: string, payload: object) =>
    t.api({ method, url, token: office.token, tenant: tenant.id, payload });
  const post = (body: object) =>
    call('POST', '/customerlocation', { customer: Customer.RETAIL_CUSTOMER, address: { zip: '60313' }, ...body });
  return { tenantId: tenant.id, call, post };
}

type Reply = Awaited<ReturnType<Awaited<ReturnType<typeof world>>['post']>>;
const takenBy = (res: Reply) => {
  expect(res.statusCode, res.body).toBe(409);
  const body = res.json();
  expect(body.code).toBe('LOCATION_KEY_TAKEN');
  expect(body.details).toHaveLength(1);
  return body.details[0] as {
    field: string;
    key: string;
    params: { id: string; znl: string; nr: string; sapNr: string; location: string };
  };
};

const rowsWith = async (tenantId: string, where = sql`true`) =>
  (
    await db
      .select({ n: sql<number>`count(*)::int` })
      .from(customerLocations)
      .where(and(eq(customerLocations.tenantId, tenantId), where))
  )[0]?.n;

describe('POST customerlocation twice at once', () => {
  it(`answers one 201 and one 409 naming the winner, and stores one branch (${ROUNDS} rounds)`, async () => {
    const w = await world();
    for (let round = 0; round < ROUNDS; round++) {
      const body = { znl: 'Rhein-Main', nr: `R${round}`, sapNr: `SAP-R${round}` };
      const replies = await Promise.all([w.post(body), w.post(body)]);
      const statuses = replies.map((r) => r.statusCode).sort();
      expect(statuses, replies.map((r) => r.body).join('\n')).toEqual([201, 409]);
      const won = replies.find((r) => r.statusCode === 201) as Reply;
      const lost = takenBy(replies.find((r) => r.statusCode === 409) as Reply);
      expect(lost.params).toMatchObject({
        id: won.json()._id,
        znl: 'Rhein-Main',
        nr: `R${round}`,
        sapNr: `SAP-R${round}`,
      });
    }
    expect(await rowsWith(w.tenantId)).toBe(ROUNDS);
  });

  it('two PUTs of different branches onto one free key at once: one 200, one 409 naming the other', async () => {
    const w = await world();
    for (let round = 0; round < ROUNDS; round++) {
      const a = (await w.post({ znl: 'West', nr: `A${round}` })).json();
      const b = (await w.post({ znl: 'West', nr: `B${round}` })).json();
      const put = (l: { _id: string; __v: number }) =>
        w.call('PUT', `/customerlocation/${l._id}`, { __v: l.__v, znl: 'Ost', nr: `X${round}` });
      const replies = await Promise.all([put(a), put(b)]);
      expect(replies.map((r) => r.statusCode).sort(), replies.map((r) => r.body).join('\n')).toEqual([200, 409]);
      const won = replies.find((r) => r.statusCode === 200) as Reply;
      expect(takenBy(replies.find((r) => r.statusCode === 409) as Reply).params.id).toBe(won.json()._id);
    }
    expect(await rowsWith(w.tenantId, sql`${customerLocations.znl} = 'Ost'`)).toBe(ROUNDS);
  });

  it('holds for a key of the SAP-Nr alone and of the Nr alone as well', async () => {
    const w = await world();
    for (const body of [{ sapNr: 'nur-sap' }, { nr: 'nur-nr' }]) {
      const replies = await Promise.all([w.post(body), w.post(body), w.post(body)]);
      expect(replies.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    }
    expect(await rowsWith(w.tenantId)).toBe(2);
  });
});

describe('the keys of a branch', () => {
  it('compare without case: "fm-01" takes "FM-01", a SAP-Nr its upper case, and the 409 names the field', async () => {
    const w = await world();
    const first = await w.post({ znl: 'Rhein-Main', nr: 'fm-01', sapNr: 'sap-4101' });
    expect(first.statusCode, first.body).toBe(201);
    const id = first.json()._id;

    const nr = takenBy(await w.post({ znl: 'RHEIN-MAIN', nr: 'FM-01' }));
    expect(nr).toMatchObject({ field: 'nr', key: 'errors.LOCATION_KEY_TAKEN' });
    expect(nr.params).toEqual({
      id,
      znl: 'Rhein-Main',
      nr: 'fm-01',
      sapNr: 'sap-4101',
      location: 'ZNL Rhein-Main · Nr. fm-01 (SAP sap-4101)',
    });
    const sap = takenBy(await w.post({ znl: 'Nord', nr: '1', sapNr: 'SAP-4101' }));
    expect(sap.field).toBe('sapNr');
    expect(sap.params.id).toBe(id);
    expect(await rowsWith(w.tenantId)).toBe(1);
  });

  it('are ZNL and Nr together: the same Nr under another ZNL is another branch; empty keys are no key', async () => {
    const w = await world();
    expect((await w.post({ znl: 'Rhein-Main', nr: '7' })).statusCode).toBe(201);
    expect((await w.post({ znl: 'Nord', nr: '7' })).statusCode).toBe(201);
    expect((await w.post({ nr: '7' })).statusCode).toBe(201);
    takenBy(await w.post({ znl: '', nr: '7' }));
    // Branches known only by their SAP-Nr share the empty ZNL and Nr: that is no clash.
    expect((await w.post({ sapNr: 'A-1' })).statusCode).toBe(201);
    expect((await w.post({ sapNr: 'A-2' })).statusCode).toBe(201);
    // Nor do branches without a SAP-Nr.
    expect(await rowsWith(w.tenantId, sql`${customerLocations.sapNr} = ''`)).toBe(3);
  });

  it('are per customer and per tenant: the same keys under another customer or tenant are allowed', async () => {
    const w = await world();
    const body = { znl: 'Rhein-Main', nr: '4101', sapNr: '4711' };
    expect((await w.post(body)).statusCode).toBe(201);
    expect((await w.post({ ...body, customer: Customer.NO_CUSTOMER })).statusCode).toBe(201);
    const other = await world();
    expect((await other.post(body)).statusCode).toBe(201);
    takenBy(await w.post({ ...body, customer: Customer.NO_CUSTOMER }));
  });

  it('PUT onto another branch’s key is 409 and changes nothing; its own key, in another case, saves', async () => {
    const w = await world();
    const a = (await w.post({ znl: 'Rhein-Main', nr: '4101', sapNr: 'S-1' })).json();
    const b = (await w.post({ znl: 'Rhein-Main', nr: '4102', sapNr: 'S-2' })).json();
    const c = (await w.post({ znl: 'Rhein-Main', nr: '4101', customer: Customer.NO_CUSTOMER })).json();

    const onNr = takenBy(await w.call('PUT', `/customerlocation/${b._id}`, { __v: b.__v, nr: '4101' }));
    expect(onNr).toMatchObject({ field: 'nr', params: { id: a._id } });
    const onSap = takenBy(await w.call('PUT', `/customerlocation/${b._id}`, { __v: b.__v, sapNr: 's-1' }));
    expect(onSap).toMatchObject({ field: 'sapNr', params: { id: a._id } });
    // Moving a branch to the customer whose branch has its keys clashes as well.
    const moved = takenBy(
      await w.call('PUT', `/customerlocation/${c._id}`, { __v: c.__v, customer: Customer.RETAIL_CUSTOMER }),
    );
    expect(moved.params.id).toBe(a._id);

    const [stored] = await db.select().from(customerLocations).where(eq(customerLocations.id, b._id));
    expect(stored).toMatchObject({ nr: '4102', sapNr: 'S-2', version: b.__v });
    const own = await w.call('PUT', `/customerlocation/${a._id}`, { __v: a.__v, sapNr: 's-1', bemerkungen: 'x' });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json()).toMatchObject({ sapNr: 's-1', __v: a.__v + 1 });
  });

  it('a unique violation of a key index, as a race gives it, becomes the 409 naming the holder', async () => {
    const w = await world();
    const holder = await insertLocation(db, w.tenantId, { znl: 'Rhein-Main', nr: 'race', sapNr: 'race-sap' });
    // The write a lost race makes: past the check, into the index.
    const keys = { customer: holder.customer, znl: 'rhein-main', nr: 'RACE', sapNr: '' };
    const write = () => insertLocation(db, w.tenantId, keys);
    const nr = await withUniqueKeys(db, w.tenantId, () => keys, write).catch((e: unknown) => e);
    expect(nr).toBeInstanceOf(AppError);
    expect(nr).toMatchObject({ code: 'LOCATION_KEY_TAKEN', statusCode: 409 });
    expect((nr as AppError).details?.[0]).toMatchObject({ field: 'nr', params: { id: holder.id } });

    const sapKeys = { customer: holder.customer, znl: 'Süd', nr: '1', sapNr: 'RACE-SAP' };
    const sap = await withUniqueKeys(
      db,
      w.tenantId,
      () => sapKeys,
      () => insertLocation(db, w.tenantId, sapKeys),
    ).catch((e: unknown) => e);
    expect((sap as AppError).details?.[0]).toMatchObject({ field: 'sapNr', params: { id: holder.id } });

    // Any other error passes through unchanged (here another unique key: the id).
    const other = await withUniqueKeys(
      db,
      w.tenantId,
      () => keys,
      () => insertLocation(db, w.tenantId, { id: holder.id, nr: 'other' }),
    ).catch((e: unknown) => e);
    expect(other).not.toBeInstanceOf(AppError);
    expect(await rowsWith(w.tenantId)).toBe(1);
  });
});

describe('a new branch never defaults to a customer', () => {
  it('POST without a customer is 400 naming customer and writes nothing; PUT keeps the stored one', async () => {
    const w = await world();
    const none = await w.call('POST', '/customerlocation', { znl: 'Rhein-Main', nr: '4101' });
    expect(none.statusCode).toBe(400);
    expect(fieldsOf(none)).toEqual(['customer']);
    expect(none.json().details[0].key).toBe('validation.required');
    const nulled = await w.call('POST', '/customerlocation', { nr: '4101', customer: null });
    expect(fieldsOf(nulled)).toEqual(['customer']);
    expect(await rowsWith(w.tenantId)).toBe(0);

    const created = await w.post({ nr: '4101', customer: Customer.NO_CUSTOMER });
    expect(created.json().customer).toBe(Customer.NO_CUSTOMER);
    const put = await w.call('PUT', `/customerlocation/${created.json()._id}`, { __v: 0, bemerkungen: 'neu' });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ customer: Customer.NO_CUSTOMER, bemerkungen: 'neu' });
  });
});

describe('the ZIP code of a branch (rules/zip-codes.ts)', () => {
  it('is checked when new or changed, and an odd stored one does not block other changes', async () => {
    const w = await world();
    const bad = await w.post({ nr: 'Z1', address: { zip: '6031', country: 'DE' } });
    expect(bad.statusCode, bad.body).toBe(400);
    expect(bad.json().details[0]).toMatchObject({ field: 'address.zip', key: 'validation.zip' });
    expect(await rowsWith(w.tenantId, sql`${customerLocations.nr} = 'Z1'`)).toBe(0);

    const made = await w.post({ nr: 'Z1', address: { zip: '60311', country: 'DE' } });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json()._id as string;
    // A code from before the check, written as a legacy import would have.
    await db
      .update(customerLocations)
      .set({ address: sql`jsonb_set(${customerLocations.address}, '{zip}', '"6031"')`, version: 5 })
      .where(eq(customerLocations.id, id));
    const note = await w.call('PUT', `/customerlocation/${id}`, { __v: 5, bemerkungen: 'Schlüssel beim Markt' });
    expect(note.statusCode, note.body).toBe(200);
    const same = await w.call('PUT', `/customerlocation/${id}`, {
      __v: 6,
      address: { zip: '6031', country: 'DE', street: 'Zeil', housenumber: '85' },
    });
    expect(same.statusCode, same.body).toBe(200);
    const changed = await w.call('PUT', `/customerlocation/${id}`, {
      __v: 7,
      address: { zip: '603111', country: 'DE' },
    });
    expect(changed.statusCode, changed.body).toBe(400);
    expect(changed.json().details[0]).toMatchObject({ field: 'address.zip', key: 'validation.zip' });
  });
});
