/**
 * The branch list kept per tenant for staff (customerlocations.kept.ts, migration 0049, decision 075): every
 * page it answers is the page the database answers, and it shows a change as soon as the write's reply has
 * left (a write of this process) or its notice has arrived (a write elsewhere: another process, by hand).
 */
import { randomUUID } from 'node:crypto';
import { Role } from '@pruefbuch/domain/roles';
import { LOCATION_AMPELS } from '@pruefbuch/domain/rules/location-ampel';
import {
  CUSTOMER_LOCATION_SORT_FIELDS,
  type CustomerLocationListQuery,
} from '@pruefbuch/domain/schemas/customerlocation';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { insertBook, insertLocation, linkBooks } from '../../../test/factories';
import { address, member, tag } from '../../../test/fixtures/books';
import { createTestApp } from '../../../test/helper';
import { LISTENER_NAME, rowsOf } from '../../db/client';
import { books, customerLocations } from '../../db/schema/index';
import type { AuthUser } from '../../platform/context';
import { KEPT_LIMITS, KEPT_TIMING, keptAmpelCounts, keptPage } from './customerlocations.kept';
import { readPage } from './customerlocations.list';
import { ampelCounts, searchKeys, searchPlace, toLocationDto } from './customerlocations.repo';

const t = await createTestApp();
const db = t.database.db;
// The tests write and then read at once; one test restores the quiet after a change.
const { quiet } = KEPT_TIMING;
KEPT_TIMING.quiet = 0;
afterAll(() => {
  KEPT_TIMING.quiet = quiet;
});
/** Well under the ten seconds a kept list lives without a notice: what passes here came by notice. */
const NOTICE = { timeout: 3000, interval: 20 };

async function keptFigures() {
  const text = await t.app.deps.metrics.text();
  const figure = (state: string) =>
    Number(new RegExp(`^pruefbuch_kept_locations\\{state="${state}"\\} (\\d+)$`, 'm').exec(text)?.[1]);
  return { hits: figure('hits'), lookups: figure('lookups'), size: figure('size'), listening: figure('listening') };
}

/** A tenant of 60 branches with ties, umlauts, empty keys, dormant and inactive ones, books of every colour. */
async function world() {
  const tenant = await t.createTenant(`Filialen ${tag()}`);
  const office = await member(t, Role.PROJECT_ROLE, [tenant.id]);
  const znls = ['Süd', 'süd', 'Nord', 'Ost', '', 'Äußere', 'ZNL 3', 'nord'];
  const towns = ['Kassel', 'Fulda', 'Mörfelden', 'Hamburg', 'Offenbach am Main', ''];
  const colours = ['green', 'orange', 'red', 'black', 'green'] as const;
  for (let i = 0; i < 60; i++) {
    const loc = await insertLocation(db, tenant.id, {
      // Two by two the same ZNL and Nr, of the two customers: only the id orders them.
      znl: znls[Math.floor(i / 2) % znls.length],
      nr: String(Math.floor(i / 2) % 23).padStart(1 + (Math.floor(i / 2) % 3), '0'),
      sapNr: i % 4 === 0 ? '' : String(100 + (i % 31)),
      customer: i % 2,
      ruhend: i % 11 === 0,
      active: i % 13 !== 0,
      address: {
        _id: randomUUID(),
        ...address({
          zip: i % 5 === 0 ? '' : String(34000 + ((i * 37) % 90)),
          location: towns[i % towns.length] as string,
        }),
      },
    });
    const linked = [];
    for (let k = 0; k < i % 4; k++)
      linked.push((await insertBook(db, tenant.id, { inspectionAmpel: colours[(i + k) % colours.length] })).id);
    await linkBooks(db, loc.id, linked);
  }
  const user = { id: office.id, role: Role.PROJECT_ROLE, customerRole: null, customer: 0 } as unknown as AuthUser;
  return { tenantId: tenant.id, office, user };
}

/** Waits until the tenant's rows are kept (the first call reads them in the background). */
async function keptNow(w: { tenantId: string; user: AuthUser }) {
  await expect.poll(() => keptPage(db, w.tenantId, w.user, { sort: 'znl', size: 1, page: 1 }), NOTICE).not.toBeNull();
}

const list = (w: { tenantId: string; office: { token: string } }, query: string) =>
  t.api({ method: 'GET', url: `/customerlocation?${query}`, token: w.office.token, tenant: w.tenantId });

describe('the kept branch list', () => {
  it('answers every sort, colour, search, inactive filter and page as the database does', async () => {
    const w = await world();
    await keptNow(w);
    const sorts = CUSTOMER_LOCATION_SORT_FIELDS.flatMap((f) => [f, `-${f}`]);
    const colours = [undefined, ...LOCATION_AMPELS];
    // ASCII terms the kept text answers (a LIKE wildcard among them, found as itself); the database answers 'süd'.
    const terms = [undefined, 'kassel', 'ZNL 3', '0', '%', '_', 'nr. 1', 'süd'];
    let compared = 0;
    for (let i = 0; i < 420; i++) {
      const q: CustomerLocationListQuery = {
        sort: sorts[i % sorts.length] as string,
        ampel: colours[Math.floor(i / 3) % colours.length],
        search: terms[Math.floor(i / 7) % terms.length],
        inactive: i % 2 === 0 ? true : undefined,
        size: [7, 20, 50][i % 3] as number,
        page: 1 + (Math.floor(i / 5) % 3),
      };
      // Kept at the moment of asking (a slow run may outlast an entry's ten seconds).
      await keptNow(w);
      const kept = keptPage(db, w.tenantId, w.user, q);
      const read = await readPage(db, { tenantId: w.tenantId, user: w.user }, q);
      const label = JSON.stringify(q);
      if (q.search === 'süd') {
        expect(kept, label).toBeNull();
        continue;
      }
      expect(kept, label).not.toBeNull();
      expect(kept?.total, label).toBe(read.total);
      expect(kept?.rows.map(toLocationDto), label).toEqual(read.rows.map(toLocationDto));
      compared++;
    }
    expect(compared).toBeGreaterThan(300);
    // The comparison above is not empty: most of its pages had rows.
    await keptNow(w);
    expect(keptPage(db, w.tenantId, w.user, { sort: 'znl', size: 100, page: 1 })?.total).toBe(55);
  });

  it('counts the colours of every place and key search as the database does', async () => {
    const w = await world();
    await keptNow(w);
    const s = { tenantId: w.tenantId, user: w.user };
    const sorted = (rows: { insp: string; self: string; n: number }[]) =>
      rows.map((r) => `${r.insp}|${r.self}|${r.n}`).sort();
    const places = [undefined, 'kassel', '340', 'zeil', 'am main', '%', 'x'];
    const keys = [undefined, 'ZNL 3', 'nr. 1', 'sap 10', 'süd', 'nord', '_'];
    let compared = 0;
    for (const place of places) {
      for (const key of keys) {
        await keptNow(w);
        const kept = keptAmpelCounts(db, w.tenantId, w.user, place, key);
        const read = await ampelCounts(db, s, and(searchPlace(place), searchKeys(key)));
        if (key === 'süd') {
          expect(kept, `${place} ${key}`).toBeNull();
          continue;
        }
        expect(sorted(kept ?? []), `${place} ${key}`).toEqual(sorted(read));
        compared++;
      }
    }
    expect(compared).toBe(42);
    // Not all empty: without terms every active branch is counted.
    await keptNow(w);
    const all = keptAmpelCounts(db, w.tenantId, w.user, undefined, undefined);
    expect(all?.reduce((n, r) => n + r.n, 0)).toBe(55);
  });

  it('reads a tenant once, in the background, and answers its next pages from what it kept', async () => {
    const w = await world();
    const before = await keptFigures();
    expect(before.listening).toBe(1);
    // The first page comes from the database and starts the read; once it is in, the pages come from it.
    expect((await list(w, 'sort=znl')).statusCode).toBe(200);
    await keptNow(w);
    const kept = await keptFigures();
    for (const query of ['sort=znl', 'sort=-overdue&page=2&size=10', 'ampel=red&search=kassel']) {
      expect((await list(w, query)).statusCode).toBe(200);
    }
    const after = await keptFigures();
    expect(kept.lookups - before.lookups).toBe(1);
    expect([after.hits - kept.hits, after.lookups - kept.lookups]).toEqual([3, 0]);
  });

  it('answers many first pages of several tenants at once as it answers them kept, reading each tenant once', async () => {
    // Three tenants, so that one waits: two tenants are read at once at most. The calls overlap on PostgreSQL (npm run
    // test:pg), where a tenant read for each call that found none kept was caught here (36 reads); the embedded
    // database runs one request's statements at a time.
    const worlds = [await world(), await world(), await world()];
    const queries = ['sort=znl', 'sort=-overdue&page=2&size=10', 'ampel=red&search=kassel', 'sort=-zip&inactive=true'];
    const calls = worlds.flatMap((w) => queries.flatMap((q) => [0, 1, 2].map(() => ({ w, q }))));
    const wave = () =>
      Promise.all(
        calls.map(async ({ w, q }) => {
          const res = await list(w, q);
          expect(res.statusCode, res.body).toBe(200);
          return res.json() as unknown;
        }),
      );
    const before = await keptFigures();
    // Nothing kept yet: the database answers all 36 calls, and reads start in the background.
    const first = await wave();
    expect((await keptFigures()).lookups - before.lookups).toBeLessThanOrEqual(worlds.length);
    for (const w of worlds) await keptNow(w);
    const kept = await keptFigures();
    // One read per tenant, however many calls asked for it at the same moment.
    expect(kept.lookups - before.lookups).toBe(worlds.length);
    // All kept now: every call answered from what is kept, as the database answered it.
    const second = await wave();
    const after = await keptFigures();
    expect([after.hits - kept.hits, after.lookups - kept.lookups]).toEqual([calls.length, 0]);
    expect(second).toEqual(first);
    // Not empty: each tenant's first page had its rows.
    expect((first[0] as { docs: unknown[] }).docs.length).toBeGreaterThan(0);
  });

  it('shows a change written through the API at once, and one written elsewhere once its notice arrives', async () => {
    const w = await world();
    const nrsOf = async (query: string) =>
      ((await list(w, query)).json() as { docs: { _id: string; nr: string; books: string[] }[] }).docs;
    const [first] = await nrsOf('sort=znl&size=1');
    const location = first as { _id: string; nr: string; books: string[] };
    // Kept before each change, so that the change must reach what is kept.
    await keptNow(w);
    // Through the API: the reply to the write leaves after the process forgot its lists.
    const current = (
      await t.api({
        method: 'GET',
        url: `/customerlocation/${location._id}`,
        token: w.office.token,
        tenant: w.tenantId,
      })
    ).json() as Record<string, unknown>;
    const put = await t.api({
      method: 'PUT',
      url: `/customerlocation/${location._id}`,
      token: w.office.token,
      tenant: w.tenantId,
      payload: { ...current, customer: 1, nr: 'API-1' },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect((await nrsOf('sort=znl&search=api-1')).map((d) => d.nr)).toEqual(['API-1']);

    // By hand (as another process would): the notice says the lists changed.
    await keptNow(w);
    await db.update(customerLocations).set({ nr: 'HAND-1' }).where(eq(customerLocations.id, location._id));
    await expect.poll(async () => (await nrsOf('search=hand-1')).map((d) => d.nr), NOTICE).toEqual(['HAND-1']);

    // A book linked by hand shows in the location's books; retired by hand, it leaves them.
    const book = await insertBook(db, w.tenantId, { inspectionAmpel: 'black' });
    await keptNow(w);
    await linkBooks(db, location._id, [book.id]);
    const booksOf = async () => (await nrsOf('search=hand-1'))[0]?.books ?? [];
    await expect.poll(booksOf, NOTICE).toContain(book.id);
    await db.update(books).set({ retiredAt: new Date() }).where(eq(books.id, book.id));
    await expect.poll(booksOf, NOTICE).not.toContain(book.id);
  });

  it('leaves the pages to the database for a moment after a change, then reads the tenant again', async () => {
    const w = await world();
    expect((await list(w, 'sort=znl')).statusCode).toBe(200);
    KEPT_TIMING.quiet = 2000;
    try {
      const [first] = (await list(w, 'sort=znl&size=1')).json().docs as { _id: string }[];
      const changedAt = performance.now();
      await db
        .update(customerLocations)
        .set({ bemerkungen: 'geändert' })
        .where(eq(customerLocations.id, first?._id ?? ''));
      // The notice came (on PostgreSQL a moment later): until then the kept page, after it the database's.
      await expect
        .poll(async () => (await list(w, 'sort=znl&size=1')).json().docs[0]?.bemerkungen, NOTICE)
        .toBe('geändert');
      const during = await keptFigures();
      expect((await list(w, 'sort=-znl')).statusCode).toBe(200);
      const quietAfter = await keptFigures();
      expect([quietAfter.hits - during.hits, quietAfter.lookups - during.lookups]).toEqual([0, 0]);
      await new Promise((resolve) => setTimeout(resolve, 2000 - (performance.now() - changedAt)));
      // Once the quiet is over (counted from the notice, a moment after the write), the next page reads it again.
      await expect
        .poll(async () => {
          expect((await list(w, 'sort=-znl')).statusCode).toBe(200);
          return (await keptFigures()).lookups - quietAfter.lookups;
        }, NOTICE)
        .toBe(1);
    } finally {
      KEPT_TIMING.quiet = 0;
    }
  });

  it('keeps no tenant with more branches than the limit: its pages come from the database', async () => {
    const w = await world();
    const { branches } = KEPT_LIMITS;
    KEPT_LIMITS.branches = 59;
    try {
      const before = await keptFigures();
      for (let i = 0; i < 3; i++) expect((await list(w, 'sort=znl&size=5')).json().total).toBe(55);
      await expect.poll(async () => (await keptFigures()).lookups - before.lookups, NOTICE).toBe(1);
      expect((await list(w, 'sort=-znl&size=5')).json().total).toBe(55);
      expect(keptPage(db, w.tenantId, w.user, { sort: 'znl', size: 5, page: 1 })).toBeNull();
      // Counted once: what is kept is that the tenant is too large.
      expect((await keptFigures()).lookups - before.lookups).toBe(1);
    } finally {
      KEPT_LIMITS.branches = branches;
    }
  });

  it('keeps the lists through a write of the process that changes no branch', async () => {
    const w = await world();
    expect((await list(w, 'sort=znl')).statusCode).toBe(200);
    await keptNow(w);
    const before = await keptFigures();
    const folder = await t.api({
      method: 'POST',
      url: `/folder/tenant/${w.tenantId}`,
      token: w.office.token,
      payload: { folderName: 'Filialen Süd' },
    });
    expect(folder.statusCode, folder.body).toBe(201);
    expect((await list(w, 'sort=-znl')).statusCode).toBe(200);
    const after = await keptFigures();
    expect([after.hits - before.hits, after.lookups - before.lookups]).toEqual([1, 0]);
  });

  it.skipIf(t.database.kind !== 'postgres')(
    'waits for the notices of what has committed: a change by hand is heard once sync answers; markers change nothing',
    async () => {
      const w = await world();
      expect((await list(w, 'sort=znl')).statusCode).toBe(200);
      await keptNow(w);
      // Another process's marker is no change.
      await db.execute(sql`select pg_notify('locations_changed', 'sync:4711:1')`);
      expect(await t.database.sync('locations_changed')).toBe(true);
      expect(keptPage(db, w.tenantId, w.user, { sort: 'znl', size: 1, page: 1 })).not.toBeNull();
      // A change committed before the sync has been heard when it answers.
      await db
        .update(customerLocations)
        .set({ bemerkungen: 'von Hand' })
        .where(eq(customerLocations.tenantId, w.tenantId));
      expect(await t.database.sync('locations_changed')).toBe(true);
      // Forgotten (asking again starts a new read in the background: the test's quiet is 0).
      expect((await keptFigures()).size).toBe(0);
      expect(keptPage(db, w.tenantId, w.user, { sort: 'znl', size: 1, page: 1 })).toBeNull();
    },
  );

  it.skipIf(t.database.kind !== 'postgres')(
    'hears the locations and the sessions on one listening connection of the process',
    async () => {
      const listeners = async () =>
        (
          await rowsOf<{ n: number }>(
            db,
            sql`select count(*)::int as n from pg_stat_activity
              where datname = current_database() and application_name = ${LISTENER_NAME}`,
          )
        )[0]?.n;
      await expect.poll(listeners, NOTICE).toBe(1);
      expect((await keptFigures()).listening).toBe(1);
    },
  );
});
