/**
 * Decision 038: a book outside its visibility window is left out of a branch user's ampel, counts,
 * ampel filter and export of their branches, as it is out of their lists; staff keep the whole branch.
 */
import { CustomerRole, Role } from '@pruefbuch/domain/roles';
import { describe, expect, it } from 'vitest';
import { insertBook, insertLocation, linkBooks } from '../../../test/factories';
import { member, tag } from '../../../test/fixtures/books';
import { createTestApp } from '../../../test/helper';

const t = await createTestApp();
const db = t.database.db;
const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

async function world() {
  const tenant = await t.createTenant(`Sichtfenster ${tag()}`);
  const office = await member(t, Role.PROJECT_ROLE, [tenant.id]);
  const control = await member(t, Role.ROLE_FILIALE, [tenant.id], {
    customerRole: CustomerRole.ROLE_CONTROL,
    customer: 1,
  });
  const location = await insertLocation(db, tenant.id, { customer: 1, znl: 'Rhein-Main', nr: `V${tag().slice(0, 5)}` });
  const shown = await insertBook(db, tenant.id, { title: 'Eingangstür', inspectionAmpel: 'green' });
  // Removed last week: no longer the branch's installation for its users.
  const ended = await insertBook(db, tenant.id, {
    title: 'Alte Drehtür',
    inspectionAmpel: 'black',
    inspectionSelfAmpel: 'red',
    visibleTo: day(-7),
  });
  // Handed over next month.
  const coming = await insertBook(db, tenant.id, { title: 'Neue RWA', inspectionAmpel: 'red', visibleFrom: day(30) });
  await linkBooks(db, location.id, [shown.id, ended.id, coming.id]);
  const get = (token: string, url: string) => t.api({ method: 'GET', url, token, tenant: tenant.id });
  return { office, control, location, get };
}

describe('the visibility window in a branch user’s ampel, counts and export', () => {
  it('leaves books outside their window out for the branch user and keeps them for staff', async () => {
    const w = await world();
    const row = async (token: string) =>
      ((await w.get(token, '/customerlocation?size=50')).json().docs as { _id: string }[]).find(
        (l) => l._id === w.location.id,
      );
    expect(await row(w.control.token)).toMatchObject({
      inspectionAmpel: 'green',
      selfInspectionAmpel: null,
      bookCount: 1,
      overdueCount: 0,
      books: [expect.any(String)],
    });
    expect(await row(w.office.token)).toMatchObject({ inspectionAmpel: 'black', bookCount: 3, overdueCount: 2 });
    expect((await w.get(w.control.token, `/customerlocation/${w.location.id}`)).json()).toMatchObject({
      inspectionAmpel: 'green',
      bookCount: 1,
    });

    const filtered = async (token: string, ampel: string) =>
      ((await w.get(token, `/customerlocation?ampel=${ampel}`)).json().docs as { _id: string }[]).map((l) => l._id);
    expect(await filtered(w.control.token, 'green')).toEqual([w.location.id]);
    expect(await filtered(w.control.token, 'black')).toEqual([]);
    expect(await filtered(w.office.token, 'black')).toEqual([w.location.id]);

    const counts = (await w.get(w.control.token, '/customerlocation/getampelcount/-/-')).json();
    expect(counts.inspection).toMatchObject({ green: 1, black: 0, red: 0, total: 1 });
    expect(counts.selfInspection).toMatchObject({ none: 1, red: 0 });
    const staffCounts = (await w.get(w.office.token, '/customerlocation/getampelcount/-/-')).json();
    expect(staffCounts.inspection).toMatchObject({ black: 1, green: 0 });

    const csv = (await w.get(w.control.token, '/customerlocation/export?format=csv')).body;
    const line = csv.split('\r\n').find((l) => l.includes('Rhein-Main')) ?? '';
    expect(line).toContain('In Ordnung');
    expect(line).not.toContain('Außer Betrieb');
  });
});
