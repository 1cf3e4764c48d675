/**
 * The branch list in every order (decision 067): the page is cut on ids and sort keys first, then its rows
 * are read whole and put in the same order again. For staff the statement of a list's shape is built once and
 * serves every tenant and every value with its placeholders.
 */
import { randomUUID } from 'node:crypto';
import { CustomerRole, Role } from '@pruefbuch/domain/roles';
import { CUSTOMER_LOCATION_SORT_FIELDS } from '@pruefbuch/domain/schemas/customerlocation';
import { describe, expect, it } from 'vitest';
import { insertBook, insertLocation, linkBooks } from '../../../test/factories';
import { address, member, tag } from '../../../test/fixtures/books';
import { createTestApp } from '../../../test/helper';

const t = await createTestApp();
const db = t.database.db;

async function world() {
  const tenant = await t.createTenant(`Filialen ${tag()}`);
  const office = await member(t, Role.PROJECT_ROLE, [tenant.id]);
  return { tenantId: tenant.id, office };
}

const call = (token: string, tenant: string, url: string) => t.api({ method: 'GET', url, token, tenant });

describe('the list in every order (the page cut first, then its rows read whole)', () => {
  it('shows each sort both ways as a walk page by page shows it, the ties broken by ZNL, Nr and id', async () => {
    const w = await world();
    // Five branches with ties in every key: the same ZNL twice, the same town, the same colour.
    const specs = [
      { nr: '3', znl: 'Süd', sapNr: '30', zip: '34117', location: 'Kassel', books: ['red', 'green'] },
      { nr: '1', znl: 'Nord', sapNr: '10', zip: '20095', location: 'Hamburg', books: ['green'] },
      { nr: '4', znl: 'Nord', sapNr: '', zip: '60313', location: 'Kassel', books: ['black'] },
      { nr: '2', znl: 'West', sapNr: '20', zip: '', location: 'Hamburg', books: [] },
      { nr: '5', znl: 'Süd', sapNr: '50', zip: '34117', location: 'Kassel', books: ['red'], ruhend: true },
    ] as const;
    const branch = member(t, Role.ROLE_FILIALE, [w.tenantId], { customerRole: CustomerRole.ROLE_CONTROL, customer: 1 });
    for (const spec of specs) {
      const loc = await insertLocation(db, w.tenantId, {
        nr: spec.nr,
        znl: spec.znl,
        sapNr: spec.sapNr,
        customer: 1,
        ruhend: 'ruhend' in spec,
        address: { _id: randomUUID(), ...address({ zip: spec.zip, location: spec.location }) },
      });
      const linked = await Promise.all(
        spec.books.map((ampel) => insertBook(db, w.tenantId, { inspectionAmpel: ampel })),
      );
      await linkBooks(
        db,
        loc.id,
        linked.map((b) => b.id),
      );
    }
    const nrsOf = async (token: string, query: string) => {
      const res = await call(token, w.tenantId, `/customerlocation?${query}`);
      expect(res.statusCode, query).toBe(200);
      return res.json() as { docs: { nr: string }[]; total: number };
    };
    // The whole list on one page is ordered by the outer query; pages of one row by the page's own cut.
    for (const token of [w.office.token, (await branch).token]) {
      for (const field of CUSTOMER_LOCATION_SORT_FIELDS) {
        for (const sort of [field, `-${field}`]) {
          const whole = await nrsOf(token, `size=50&sort=${sort}`);
          expect(whole.total, sort).toBe(5);
          const walked: string[] = [];
          for (let page = 1; page <= 5; page++) {
            const one = await nrsOf(token, `size=1&page=${page}&sort=${sort}`);
            expect(one.total, `${sort} page ${page}`).toBe(5);
            walked.push(...one.docs.map((d) => d.nr));
          }
          expect(
            whole.docs.map((d) => d.nr),
            sort,
          ).toEqual(walked);
        }
      }
    }
    const order = async (sort: string) => (await nrsOf(w.office.token, `size=50&sort=${sort}`)).docs.map((d) => d.nr);
    // Worst first, dormant last; ties by ZNL, then Nr.
    expect(await order('ampel')).toEqual(['4', '3', '1', '2', '5']);
    expect(await order('znl')).toEqual(['1', '4', '3', '5', '2']);
    expect(await order('-znl')).toEqual(['2', '3', '5', '1', '4']);
    expect(await order('location')).toEqual(['1', '2', '4', '3', '5']);
  });
});

describe('one statement per shape of the staff list (customerlocations.list.ts)', () => {
  it('serves each tenant its own rows and each value its own page, in every shape, in turns', async () => {
    const a = await world();
    const b = await world();
    // The same keys in both tenants, so that only the tenant tells the rows apart.
    for (const w of [a, b]) {
      for (const [nr, ampel, ruhend, active] of [
        ['1', 'red', false, true],
        ['2', 'green', false, true],
        ['3', 'green', true, true],
        ['4', 'red', false, false],
      ] as const) {
        const loc = await insertLocation(db, w.tenantId, {
          nr,
          znl: 'Mitte',
          bemerkungen: w === a ? 'A' : 'B',
          ruhend,
          active,
          address: { _id: randomUUID(), ...address({ location: nr === '2' ? 'Fulda' : 'Kassel' }) },
        });
        await linkBooks(db, loc.id, [(await insertBook(db, w.tenantId, { inspectionAmpel: ampel })).id]);
      }
    }
    const queries: [string, string[]][] = [
      ['sort=nr', ['1', '2', '3']],
      ['sort=nr&inactive=true', ['1', '2', '3', '4']],
      ['sort=nr&search=fulda', ['2']],
      ['sort=nr&search=kassel', ['1', '3']],
      ['sort=nr&ampel=red', ['1']],
      ['sort=nr&ampel=green', ['2']],
      ['sort=nr&ampel=grey', ['3']],
      ['sort=nr&ampel=red&inactive=true&search=kassel', ['1', '4']],
      ['sort=-nr&size=1&page=2', ['2']],
    ];
    for (let round = 0; round < 2; round++) {
      for (const [query, nrs] of queries) {
        for (const [w, mark] of [
          [a, 'A'],
          [b, 'B'],
        ] as const) {
          const res = await call(w.office.token, w.tenantId, `/customerlocation?${query}`);
          expect(res.statusCode, query).toBe(200);
          const docs = (res.json() as { docs: { nr: string; bemerkungen: string }[] }).docs;
          expect(
            docs.map((d) => d.nr),
            `${mark} ${query}`,
          ).toEqual(nrs);
          expect(new Set(docs.map((d) => d.bemerkungen)), `${mark} ${query}`).toEqual(new Set([mark]));
        }
      }
    }
  });
});
