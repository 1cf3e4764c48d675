import { Role } from '@pruefbuch/domain/roles';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/helper';

const t = await createTestApp();

type C = { _id: string; name: string; code: string };

describe('GET country', () => {
  it('lists every ISO country in German, Germany, Austria and Switzerland first, then by name', async () => {
    const { token } = await t.signedIn(Role.STANDARD_ROLE);
    const res = await t.api({ method: 'GET', url: '/country', token });
    expect(res.statusCode).toBe(200);
    const list: C[] = res.json();
    expect(list.length).toBeGreaterThanOrEqual(249);
    expect(list.slice(0, 3)).toEqual([
      { _id: 'DE', code: 'DE', name: 'Deutschland' },
      { _id: 'AT', code: 'AT', name: 'Österreich' },
      { _id: 'CH', code: 'CH', name: 'Schweiz' },
    ]);
    const rest = list.slice(3).map((c) => c.name);
    expect(rest).toEqual([...rest].sort(new Intl.Collator('de').compare));
    expect(list.find((c) => c.code === 'FR')?.name).toBe('Frankreich');
    expect(list.find((c) => c.code === 'NL')?.name).toBe('Niederlande');
    // Umlauts sort with their base letter: Ägypten between Afghanistan and Albanien.
    const names = list.map((c) => c.name);
    expect(names.indexOf('Ägypten')).toBeGreaterThan(names.indexOf('Afghanistan'));
    expect(names.indexOf('Ägypten')).toBeLessThan(names.indexOf('Albanien'));
    expect(new Set(list.map((c) => c._id)).size).toBe(list.length);
    expect(list.every((c) => /^[A-Z]{2}$/.test(c.code) && c._id === c.code)).toBe(true);
  });

  it('answers in English for Accept-Language en, German otherwise', async () => {
    const { token } = await t.signedIn(Role.ROLE_FILIALE, { customerRole: 1 });
    const en = await t.api({ method: 'GET', url: '/country', token, headers: { 'accept-language': 'en-GB,en;q=0.9' } });
    const list: C[] = en.json();
    expect(list.slice(0, 3).map((c) => c.name)).toEqual(['Germany', 'Austria', 'Switzerland']);
    expect(list.find((c) => c.code === 'FR')?.name).toBe('France');
    const rest = list.slice(3).map((c) => c.name);
    expect(rest).toEqual([...rest].sort(new Intl.Collator('en').compare));
    const fr = await t.api({ method: 'GET', url: '/country', token, headers: { 'accept-language': 'fr-FR' } });
    expect(fr.json()[0].name).toBe('Deutschland');
  });

  it('needs a signed-in user', async () => {
    expect((await t.api({ method: 'GET', url: '/country' })).statusCode).toBe(401);
  });
});
