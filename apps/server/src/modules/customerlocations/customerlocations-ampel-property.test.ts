/**
 * The ampel aggregate stored on customer locations (decision 019) against a full recount: random
 * sequences of the writes that change what it reads — linking and unlinking books, a book's new
 * schedule (PUT books), a finalized inspection, deactivating, reactivating and deleting books, two book
 * edits at once and the hourly ampel run — after which every location's stored ranks and counts
 * equal `locationAggregate` over its linked books as they are stored.
 * PROPERTY_RUNS sets the sequences (3 by default), PROPERTY_SEED replays one.
 */
import { Role } from '@pruefbuch/domain/roles';
import { locationAggregate } from '@pruefbuch/domain/rules/location-ampel';
import { and, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { insertBook, insertLocation, linkBooks } from '../../../test/factories';
import { member, SLIDING_DOOR_TYPE, tag } from '../../../test/fixtures/books';
import { finalized, isoDay } from '../../../test/fixtures/inspections';
import { createTestApp } from '../../../test/helper';
import { books, customerLocationBooks, customerLocations } from '../../db/schema/index';
import { STORED_AGGREGATE } from '../../platform/location-ampels';
import { refreshAmpels } from '../books/books.schedule';

const t = await createTestApp();
const db = t.database.db;
const RUNS = Number(process.env.PROPERTY_RUNS ?? 3);
const SEED = Number(process.env.PROPERTY_SEED ?? Math.floor(Math.random() * 2 ** 31));
const BOOKS = 7;
const LOCATIONS = 3;
const AMPELS = [null, 'green', 'orange', 'red', 'black'] as const;

const book = fc.nat({ max: BOOKS - 1 });
const location = fc.nat({ max: LOCATIONS - 1 });
/** Due dates from well overdue to far ahead: every colour. */
const offset = fc.integer({ min: -200, max: 120 });
const op = fc.oneof(
  fc.record({ kind: fc.constant('link' as const), book, location }),
  fc.record({ kind: fc.constant('unlink' as const), book, location }),
  fc.record({ kind: fc.constant('schedule' as const), book, offset, self: fc.boolean() }),
  fc.record({ kind: fc.constant('finalize' as const), book, daysAgo: fc.integer({ min: 1, max: 500 }) }),
  fc.record({ kind: fc.constant('active' as const), book, active: fc.boolean() }),
  fc.record({ kind: fc.constant('delete' as const), book }),
  fc.record({ kind: fc.constant('both' as const), book, other: book, offset }),
  fc.record({ kind: fc.constant('job' as const), days: fc.integer({ min: 0, max: 400 }) }),
);
type Op = typeof op extends fc.Arbitrary<infer T> ? T : never;

async function world(start: { ampel: number; self: number; active: boolean; at: number | null }[]) {
  const tenant = await t.createTenant(`Filialampel ${tag()}`);
  const admin = await member(t, Role.ADMIN_ROLE, [tenant.id]);
  const locations = [];
  for (let i = 0; i < LOCATIONS; i++) locations.push(await insertLocation(db, tenant.id));
  const bookIds: string[] = [];
  for (const s of start) {
    const b = await insertBook(db, tenant.id, {
      bookTypeId: SLIDING_DOOR_TYPE,
      serviceinterval: 12,
      selfserviceinterval: 1,
      inspectionAmpel: AMPELS[s.ampel],
      inspectionSelfAmpel: AMPELS[s.self],
      active: s.active,
    });
    bookIds.push(b.id);
  }
  for (const [i, l] of locations.entries()) {
    await linkBooks(
      db,
      l.id,
      start.flatMap((s, b) => (s.at === i ? [bookIds[b] as string] : [])),
    );
  }
  return { tenantId: tenant.id, admin, locationIds: locations.map((l) => l.id), bookIds };
}
type World = Awaited<ReturnType<typeof world>>;

/** Runs one write the way the app does it; refusals (a 404 of a deleted book, a 409 link) are part of the game. */
async function apply(w: World, o: Op, deleted: Set<string>) {
  const call = (method: 'PUT' | 'POST' | 'DELETE', url: string, payload?: object) =>
    t.api({ method, url, token: w.admin.token, tenant: w.tenantId, ...(payload ? { payload } : {}) });
  const expectOneOf = (res: { statusCode: number; body: string }, allowed: number[]) =>
    expect(allowed, `${JSON.stringify(o)} answered ${res.statusCode} ${res.body}`).toContain(res.statusCode);
  const bookId = 'book' in o ? (w.bookIds[o.book] as string) : '';
  /** PUT books with the stored version: a book's new first service date gives it new due dates and ampels. */
  const schedule = async (id: string, offset: number, self: boolean) => {
    const [row] = await db.select({ version: books.version }).from(books).where(eq(books.id, id));
    return call('PUT', `/books/${id}`, {
      __v: row?.version ?? 0,
      firstservice: isoDay(offset),
      serviceinterval: 12,
      selfserviceinterval: self ? 1 : 0,
    });
  };
  switch (o.kind) {
    case 'link': {
      const res = await call('POST', `/customerlocation/${w.locationIds[o.location]}/books`, { bookId, confirm: true });
      return expectOneOf(res, [200, 404, 409]);
    }
    case 'unlink': {
      const res = await call('DELETE', `/customerlocation/${w.locationIds[o.location]}/books/${bookId}`);
      return expectOneOf(res, [200, 404]);
    }
    case 'schedule':
      return expectOneOf(await schedule(bookId, o.offset, o.self), [200, 404]);
    case 'finalize':
      if (deleted.has(bookId)) return;
      await finalized(
        t,
        { tenant: { id: w.tenantId }, tenantId: w.tenantId, user: w.admin, book: { _id: bookId } } as never,
        { when: isoDay(-o.daysAgo) },
      );
      return;
    case 'active': {
      const res = await call('PUT', `/books/updateSpezial/${bookId}`, { active: o.active });
      return expectOneOf(res, [200, 404]);
    }
    case 'delete': {
      // A book with finalized records is retired, not deleted (decision 059): it leaves its location's ampels.
      const res = await call('DELETE', `/books/${bookId}`);
      expectOneOf(res, [200, 204, 404]);
      deleted.add(bookId);
      return;
    }
    case 'both': {
      // Two books' edits at once: each must see the other's committed book when it counts (the same book twice: one 409).
      const other = w.bookIds[o.other] as string;
      const replies = await Promise.all([schedule(bookId, o.offset, true), schedule(other, -o.offset, false)]);
      for (const r of replies) expectOneOf(r, [200, 404, 409]);
      return;
    }
    case 'job':
      await refreshAmpels(db, { tenantId: w.tenantId, today: isoDay(o.days) });
      return;
  }
}

/** Every location of the tenant: what is stored, and the domain rule over its linked books as stored. */
async function storedAndRecounted(w: World) {
  const stored = await db
    .select(STORED_AGGREGATE)
    .from(customerLocations)
    .where(eq(customerLocations.tenantId, w.tenantId));
  const linked = await db
    .select({
      locationId: customerLocationBooks.locationId,
      active: books.active,
      inspectionAmpel: books.inspectionAmpel,
      inspectionSelfAmpel: books.inspectionSelfAmpel,
    })
    .from(customerLocationBooks)
    .innerJoin(books, eq(books.id, customerLocationBooks.bookId))
    // A retired book keeps its link (a restore brings it back) but counts for no location.
    .where(and(inArray(customerLocationBooks.locationId, w.locationIds), isNull(books.retiredAt)));
  const recounted = stored.map((s) => ({
    id: s.id,
    ...locationAggregate(linked.filter((b) => b.locationId === s.id)),
  }));
  return { stored, recounted };
}

describe('the stored ampel aggregate of customer locations', () => {
  it('equals a recount by the domain rule after any sequence of writes', { timeout: 600_000 }, async () => {
    const start = fc.array(
      fc.record({
        ampel: fc.nat({ max: AMPELS.length - 1 }),
        self: fc.nat({ max: AMPELS.length - 1 }),
        active: fc.boolean(),
        at: fc.option(location),
      }),
      { minLength: BOOKS, maxLength: BOOKS },
    );
    let writes = 0;
    try {
      await fc.assert(
        fc.asyncProperty(start, fc.array(op, { minLength: 8, maxLength: 16 }), async (startBooks, ops) => {
          const w = await world(startBooks);
          const first = await storedAndRecounted(w);
          expect(first.stored, 'after the factories').toEqual(first.recounted);
          const deleted = new Set<string>();
          for (const [i, o] of ops.entries()) {
            await apply(w, o, deleted);
            writes++;
            const { stored, recounted } = await storedAndRecounted(w);
            expect(stored, `after write ${i + 1}: ${JSON.stringify(o)}`).toEqual(recounted);
          }
        }),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      );
    } finally {
      console.log(`location ampels: seed ${SEED}, ${writes} writes`);
    }
  });

  it('follows the hourly run over more books and locations than one batch holds', { timeout: 300_000 }, async () => {
    const tenant = await t.createTenant(`Filialampel viele ${tag()}`);
    const n = 1_201;
    await db.execute(sql`insert into ${customerLocations} (tenant_id, znl, nr, address)
      select ${tenant.id}, 'Viele', g::text, '{}'::jsonb from generate_series(1, ${n}) g`);
    await db.execute(sql`insert into ${books} (tenant_id, title, next_inspection_date, inspection_ampel)
      select ${tenant.id}, 'Tür ' || g, ${isoDay(-10)}::date, 'green' from generate_series(1, ${n}) g`);
    await db.execute(sql`insert into ${customerLocationBooks} (location_id, book_id)
      select l.id, b.id from ${customerLocations} l join ${books} b
        on b.tenant_id = l.tenant_id and b.title = 'Tür ' || l.nr where l.tenant_id = ${tenant.id}`);
    expect(await refreshAmpels(db, { tenantId: tenant.id, today: isoDay(0) })).toBe(n);
    const ranks = await db
      .select({ rank: customerLocations.inspectionRank, overdue: customerLocations.overdueCount, n: count() })
      .from(customerLocations)
      .where(eq(customerLocations.tenantId, tenant.id))
      .groupBy(customerLocations.inspectionRank, customerLocations.overdueCount);
    expect(ranks).toEqual([{ rank: 3, overdue: 1, n }]);
  });
});
