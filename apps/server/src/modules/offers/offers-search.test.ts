/**
 * The offer search (decision 076): one stored text of the searched fields, each search type within its own
 * fields, and a count that stops at SEARCH_COUNT_CAP with `more`, as the order searches do (decision 024).
 */
import { SEARCH_COUNT_CAP } from '@pruefbuch/domain/constants';
import type { Offer, OfferListItem } from '@pruefbuch/domain/schemas/offer';
import { describe, expect, it } from 'vitest';
import { offerValues } from '../../../test/factories';
import { angebot, offerWorld } from '../../../test/fixtures/offers';
import { createTestApp } from '../../../test/helper';
import { insertOfferRows } from './offers.store';

const t = await createTestApp();

type Page = { docs: OfferListItem[]; total: number; pages: number; more?: boolean };

/** A tenant with offers named in every searched field, and `common` offers more for Bäckerei Kamps. */
async function searchWorld(common = 0) {
  const w = await offerWorld(t, 'Suche');
  const full = await w.create({
    csnr: 'CS-4711',
    debitor: 'Klinikum Nordwest gGmbH',
    objekt: 'Rathaus Höchst',
    plz: '65929',
    contactPerson: 'Jana Wegner',
    customerEmail: 'einkauf@klinikum-nordwest.de',
    contactPersonTelNr: '069 7601-0',
    angebot: angebot({ offerNr: 'AN-2026-0815' }),
  });
  const other = await w.create({ csnr: 'CS-1000', debitor: 'Galeria Zeil', objekt: 'Filiale Zeil 116' });
  if (common)
    await insertOfferRows(
      t.database.db,
      Array.from({ length: common }, (_, i) =>
        offerValues(w.tenantId, { csnr: `CS-9${i}`, debitor: 'Bäckerei Kamps GmbH', objekt: `Filiale ${i}` }),
      ),
    );
  const list = async (q: string) => {
    const res = await w.call('GET', `/offer?${q}`);
    expect(res.statusCode, q).toBe(200);
    return res.json() as Page;
  };
  const found = async (q: string) => (await list(q)).docs.map((d) => d._id).sort();
  return { w, full, other, list, found };
}

describe('GET offer?search', () => {
  it('finds a term in each searched field with the search over all fields, in any case', async () => {
    const { full, found } = await searchWorld();
    for (const term of ['cs-4711', 'NORDWEST', 'rathaus', '65929', 'an-2026', 'wegner', 'einkauf@', '7601'])
      expect(await found(`search=${encodeURIComponent(term)}`), term).toEqual([full._id]);
  });

  it('finds no term that runs from one field into the next', async () => {
    const { found } = await searchWorld();
    // CS-Nr 'CS-4711' then debitor 'Klinikum…': stored side by side, but apart.
    expect(await found('search=4711klinikum')).toEqual([]);
    expect(await found('search=4711%20klinikum')).toEqual([]);
  });

  it('keeps each field in its place when a field holds the separator itself', async () => {
    const { w, found } = await searchWorld();
    const odd = await w.create({ csnr: 'CS-31', debitor: 'Nord\x1fSüd Immobilien', objekt: 'Lagerhalle' });
    expect(await found('search=lagerhalle&searchType=objekt')).toEqual([odd._id]);
    expect(await found('search=immobilien&searchType=debitor')).toEqual([odd._id]);
    expect(await found('search=immobilien&searchType=objekt')).toEqual([]);
    // Typed as it is stored, or with the separator: either finds it.
    expect(await found('search=nord%20s')).toEqual([odd._id]);
    expect(await found('search=nord%1Fs&searchType=debitor')).toEqual([odd._id]);
    // A separator alone is no search, as spaces alone are: the whole list, an offer without a space in it too.
    const plain = await w.create({ csnr: 'CS-77', debitor: 'Kamps', objekt: 'Lager' });
    const all = await found('size=50');
    expect(all).toContain(plain._id);
    expect(await found('search=%1F&size=50')).toEqual(all);
  });

  it('saves and finds an offer whose searched fields are full of three-byte characters', async () => {
    const { w, found } = await searchWorld();
    // About 3,000 bytes of search text: more than a btree index entry may hold (2,704), so the text is in none.
    const han = (n: number) => '検'.repeat(n);
    const res = await w.call('POST', '/offer', {
      csnr: han(40),
      debitor: `${han(199)}X`,
      objekt: han(300),
      plz: han(10),
      contactPerson: han(200),
      contactPersonTelNr: han(60),
      customerEmail: `${'a'.repeat(200)}@example.de`,
      angebot: angebot({ offerNr: han(40) }),
    });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(201);
    expect(await found('search=%E6%A4%9CX&searchType=debitor')).toEqual([(res.json() as Offer)._id]);
  });

  it('looks only in the fields of the search type asked for', async () => {
    const { full, found } = await searchWorld();
    expect(await found('search=klinikum&searchType=debitor')).toEqual([full._id]);
    // In the e-mail address too, which is a contact field, not the debitor.
    expect(await found('search=klinikum&searchType=contact')).toEqual([full._id]);
    expect(await found('search=klinikum&searchType=objekt')).toEqual([]);
    expect(await found('search=höchst&searchType=objekt')).toEqual([full._id]);
    expect(await found('search=65929&searchType=csnr')).toEqual([]);
    expect(await found('search=0815&searchType=offerNr')).toEqual([full._id]);
  });

  it('finds an offer by its new values after a change, not by its old ones', async () => {
    const { w, full, found } = await searchWorld();
    const res = await w.call('PUT', `/offer/${full._id}`, { ...full, debitor: 'Stadtwerke Mainz AG' });
    expect(res.statusCode).toBe(200);
    expect(res.json() as Offer).toMatchObject({ debitor: 'Stadtwerke Mainz AG', customerEmail: full.customerEmail });
    expect(await found('search=stadtwerke')).toEqual([full._id]);
    expect(await found('search=nordwest&searchType=debitor')).toEqual([]);
    // The e-mail address still names the old debitor.
    expect(await found('search=nordwest')).toEqual([full._id]);
  });

  it('counts a common term up to the cap and then says more', async () => {
    const { list } = await searchWorld(SEARCH_COUNT_CAP + 30);
    const first = await list('search=kamps&size=20');
    expect(first).toMatchObject({ total: SEARCH_COUNT_CAP, more: true, pages: SEARCH_COUNT_CAP / 20 + 1 });
    expect(first.docs).toHaveLength(20);
    // A page past the cap counts to its end: 120 of 130, still more.
    const sixth = await list('search=kamps&size=20&page=6');
    expect(sixth).toMatchObject({ total: 120, more: true });
    expect(sixth.docs).toHaveLength(20);
    // The last page counts them all.
    const last = await list('search=kamps&size=20&page=7');
    expect(last).toMatchObject({ total: SEARCH_COUNT_CAP + 30, pages: 7 });
    expect(last.more).toBeUndefined();
    expect(last.docs).toHaveLength(10);
    // Pages follow one another: no offer twice, none left out.
    const seen = new Set<string>();
    for (let page = 1; page <= 7; page++)
      for (const d of (await list(`search=kamps&size=20&page=${page}`)).docs) seen.add(d._id);
    expect(seen.size).toBe(SEARCH_COUNT_CAP + 30);
  });

  it('counts exactly a term with as many matches as the cap', async () => {
    const { list } = await searchWorld(SEARCH_COUNT_CAP);
    const page = await list('search=kamps&size=20');
    expect(page).toMatchObject({ total: SEARCH_COUNT_CAP, pages: SEARCH_COUNT_CAP / 20 });
    expect(page.more).toBeUndefined();
    // A search type counts the same way.
    expect(await list('search=kamps&searchType=debitor&size=50')).toMatchObject({ total: SEARCH_COUNT_CAP });
  });
});
