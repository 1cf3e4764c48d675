/**
 * Import runs of branch lists (decision 041): every import kept with its items, the admins' list, undo
 * as one transaction with its refusals, and parallel imports of the same new rows on a real database.
 */
import { Role } from '@pruefbuch/domain/roles';
import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { assignLocations, insertBook, insertLocation, linkBooks } from '../../../test/factories';
import { member, tag } from '../../../test/fixtures/books';
import { multipart } from '../../../test/fixtures/documents';
import { createTestApp } from '../../../test/helper';
import { auditLogs, customerLocationBooks, customerLocations, importRunItems } from '../../db/schema/index';

const t = await createTestApp();
const db = t.database.db;

async function world() {
  const tenant = await t.createTenant(`Importläufe ${tag()}`);
  const admin = await member(t, Role.ADMIN_ROLE, [tenant.id], { firstName: 'Anna', lastName: 'Admin' });
  const office = await member(t, Role.PROJECT_ROLE, [tenant.id], { firstName: 'Otto', lastName: 'Office' });
  return { tenantId: tenant.id, admin, office };
}
type World = Awaited<ReturnType<typeof world>>;

const importFile = (w: World, csv: string, fields: Record<string, string> = {}, token = w.office.token) =>
  t.api({
    method: 'POST',
    url: '/customerlocation/import',
    token,
    tenant: w.tenantId,
    ...multipart({ customer: '1', ...fields }, { name: 'filialen.csv', content: Buffer.from(csv, 'utf8') }),
  });
const runs = (w: World, token = w.admin.token, query = '') =>
  t.api({ method: 'GET', url: `/customerlocation/import/runs${query}`, token, tenant: w.tenantId });
const undo = (w: World, id: string, token = w.admin.token) =>
  t.api({ method: 'POST', url: `/customerlocation/import/runs/${id}/undo`, token, tenant: w.tenantId });
const branches = (w: World) =>
  db.select().from(customerLocations).where(eq(customerLocations.tenantId, w.tenantId)).orderBy(customerLocations.nr);

const CSV = [
  'ZNL;Nr;Straße;PLZ;Ort;Bemerkung',
  'Rhein-Main;4101;Zeil 85;60313;Frankfurt;neu',
  'Rhein-Main;4102;Berger Straße 1;60316;Frankfurt;',
].join('\n');

describe('import runs', () => {
  it('keeps every import as a run with its items, lists the runs newest first for admins, and undoes one in one go', async () => {
    const w = await world();
    const kept = await insertLocation(db, w.tenantId, {
      znl: 'Rhein-Main',
      nr: '4101',
      bemerkungen: 'Hintertür',
      customer: 1,
    });
    const first = await importFile(w, CSV);
    expect(first.statusCode, first.body).toBe(200);
    const runId = first.json().runId as string;
    expect(runId).toEqual(expect.any(String));
    expect(first.json().counts).toEqual({ create: 1, update: 1, unchanged: 0, error: 0 });

    const items = await db.select().from(importRunItems).where(eq(importRunItems.runId, runId));
    expect(items.map((i) => i.action).sort()).toEqual(['create', 'update']);
    const updated = items.find((i) => i.action === 'update');
    expect(updated?.locationId).toBe(kept.id);
    expect(updated?.before).toMatchObject({ bemerkungen: 'Hintertür', address: { street: 'Zeil', housenumber: '10' } });
    expect(updated?.after).toMatchObject({ bemerkungen: 'neu', address: { street: 'Zeil', housenumber: '85' } });
    expect(updated?.afterVersion).toBe(1);

    const again = await importFile(w, CSV);
    expect(again.json().counts).toEqual({ create: 0, update: 0, unchanged: 2, error: 0 });

    const list = await runs(w);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toMatchObject({ total: 2, page: 1 });
    expect(list.json().docs.map((r: { _id: string }) => r._id)).toEqual([again.json().runId, runId]);
    expect(list.json().docs[1]).toMatchObject({
      fileName: 'filialen.csv',
      customer: 1,
      userName: 'Otto Office',
      counts: { create: 1, update: 1, unchanged: 0, skipped: 0 },
      undoneAt: null,
    });
    expect((await runs(w, w.admin.token, '?size=1&page=2')).json().docs[0]._id).toBe(runId);
    // Office roles import, but the runs and undo are for admins.
    expect((await runs(w, w.office.token)).statusCode).toBe(403);
    expect((await undo(w, runId, w.office.token)).statusCode).toBe(403);

    const done = await undo(w, runId);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ _id: runId, undoneByName: 'Anna Admin', undoneAt: expect.any(String) });
    const after = await branches(w);
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ id: kept.id, bemerkungen: 'Hintertür', version: 2 });
    expect(after[0]?.address).toMatchObject({ street: 'Zeil', housenumber: '10', _id: kept.address._id });
    // The undo is in the protocol: the deletion and the update back.
    const logged = await db
      .select({ action: auditLogs.action, n: count() })
      .from(auditLogs)
      .where(and(eq(auditLogs.tenantId, w.tenantId), eq(auditLogs.editorId, w.admin.id)))
      .groupBy(auditLogs.action);
    expect(logged.map((l) => l.action).sort()).toEqual(['delete', 'update']);

    const twice = await undo(w, runId);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('IMPORT_RUN_UNDONE');
    expect((await undo(w, crypto.randomUUID())).statusCode).toBe(404);
  });

  it('refuses to undo when a branch changed since or books were linked to a created one, and then writes nothing', async () => {
    const w = await world();
    const run = (await importFile(w, CSV)).json().runId as string;
    const [a, b] = await branches(w);
    if (!a || !b) throw new Error('two branches expected');

    const book = await insertBook(db, w.tenantId);
    await linkBooks(db, b.id, [book.id]);
    const linked = await undo(w, run);
    expect(linked.statusCode).toBe(409);
    expect(linked.json().code).toBe('IMPORT_UNDO_HAS_BOOKS');
    expect(linked.json().details[0].params).toMatchObject({ id: b.id, location: 'ZNL Rhein-Main · Nr. 4102' });
    expect(await branches(w)).toHaveLength(2);
    await db.delete(customerLocationBooks).where(eq(customerLocationBooks.locationId, b.id));
    await assignLocations(db, w.admin.id, [a.id]);
    const assigned = await undo(w, run);
    expect(assigned.statusCode).toBe(409);
    expect(assigned.json().code).toBe('IMPORT_UNDO_HAS_USERS');
    expect(await branches(w)).toHaveLength(2);

    const other = await world();
    const run2 = (await importFile(other, CSV)).json().runId as string;
    const [c] = await branches(other);
    if (!c) throw new Error('branch expected');
    const edit = await t.api({
      method: 'PUT',
      url: `/customerlocation/${c.id}`,
      token: other.office.token,
      tenant: other.tenantId,
      payload: { __v: c.version, bemerkungen: 'von Hand geändert' },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const changed = await undo(other, run2);
    expect(changed.statusCode).toBe(409);
    expect(changed.json().code).toBe('IMPORT_UNDO_CHANGED');
    expect(changed.json().details[0].params.location).toBe('ZNL Rhein-Main · Nr. 4101');
    // All or nothing: the other created branch is still there, and the run is not undone.
    expect(await branches(other)).toHaveLength(2);
    expect((await runs(other)).json().docs[0].undoneAt).toBeNull();
    // Another tenant's run is not found.
    expect((await undo(w, run2)).statusCode).toBe(404);
  });

  it('refuses to set a branch back to keys another branch has taken since: 409 LOCATION_KEY_TAKEN naming it', async () => {
    const w = await world();
    const moved = await insertLocation(db, w.tenantId, { sapNr: 'S-1', znl: 'Nord', nr: '1', customer: 1 });
    const res = await importFile(w, 'SAP-Nr;ZNL;Nr\nS-1;Nord;2');
    expect(res.json().rows[0].changes).toEqual([{ field: 'nr', old: '1', new: '2' }]);
    const taker = await insertLocation(db, w.tenantId, { znl: 'Nord', nr: '1', customer: 1 });
    const refused = await undo(w, res.json().runId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('LOCATION_KEY_TAKEN');
    expect(refused.json().details[0].params).toMatchObject({ id: taker.id, znl: 'Nord', nr: '1' });
    const [still] = await db.select().from(customerLocations).where(eq(customerLocations.id, moved.id));
    expect(still?.nr).toBe('2');
  });

  it('never defaults a new branch to a customer: the customer is required and matching stays within it', async () => {
    const w = await world();
    const missing = await t.api({
      method: 'POST',
      url: '/customerlocation/import/preview',
      token: w.office.token,
      tenant: w.tenantId,
      ...multipart({}, { name: 'filialen.csv', content: Buffer.from(CSV) }),
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details[0]).toMatchObject({ field: 'customer', key: 'validation.required' });
    const unknown = await importFile(w, CSV, { customer: '7' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().details[0]).toMatchObject({ field: 'customer', key: 'validation.invalid' });

    const ofNoCustomer = await insertLocation(db, w.tenantId, { znl: 'Rhein-Main', nr: '4101', customer: 0 });
    const res = await importFile(w, CSV, { customer: '1' });
    expect(res.json().counts).toMatchObject({ create: 2, update: 0 });
    const rows = await branches(w);
    expect(rows.filter((r) => r.customer === 1)).toHaveLength(2);
    expect(rows.find((r) => r.id === ofNoCustomer.id)).toMatchObject({ customer: 0, bemerkungen: '' });
    const toZero = await importFile(w, CSV, { customer: '0' });
    expect(toZero.json().counts).toMatchObject({ create: 1, update: 1 });
  });
});

describe('parallel imports of the same new rows', () => {
  it('create each branch once: the others answer 409 LOCATION_KEY_TAKEN or find them (10 rounds)', async () => {
    const w = await world();
    const statuses = new Set<number>();
    for (let round = 0; round < 10; round++) {
      const csv = ['ZNL;Nr;PLZ', `R${round};1;60311`, `R${round};2;60312`].join('\n');
      const started = Date.now();
      const replies = await Promise.all([1, 2, 3, 4].map(() => importFile(w, csv)));
      if (process.env.IMPORT_RACE_LOG)
        console.log(`round ${round}: ${Date.now() - started} ms`, replies.map((r) => r.statusCode).join(' '));
      for (const r of replies) {
        statuses.add(r.statusCode);
        expect([200, 409], r.body).toContain(r.statusCode);
        if (r.statusCode === 409) {
          expect(r.json().code).toBe('LOCATION_KEY_TAKEN');
          expect(r.json().details[0].params).toMatchObject({ znl: `R${round}` });
        } else {
          const c = r.json().counts;
          expect(c.create + c.unchanged).toBe(2);
        }
      }
      const created = await db
        .select({ n: count() })
        .from(customerLocations)
        .where(and(eq(customerLocations.tenantId, w.tenantId), eq(customerLocations.znl, `R${round}`)));
      expect(created[0]?.n).toBe(2);
      // Exactly one import created them.
      expect(replies.filter((r) => r.statusCode === 200 && r.json().counts.create > 0)).toHaveLength(1);
    }
    expect(statuses.has(200)).toBe(true);
  }, 180_000);
});
