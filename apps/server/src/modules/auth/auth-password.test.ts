import { Role } from '@pruefbuch/domain/roles';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { lastMailTo, linkIn } from '../../../test/fixtures/auth';
import { createTestApp, PUBLIC_URL, TEST_PASSWORD, type TestApp } from '../../../test/helper';
import { mailOutbox, users } from '../../db/schema/index';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOCKOUT_IP_MAX: '1000' });
});

describe('password change and reset', () => {
  it('changes the password per SPEC §5 and ends every session', async () => {
    const { user, session } = await t.signedIn(Role.STANDARD_ROLE);
    const other = await t.login(user.email);
    const url = '/users/changepassword';
    const token = session.token;
    const mismatch = await t.api({
      method: 'PUT',
      url,
      token,
      payload: { currentPassword: TEST_PASSWORD, password: 'neues-pw', passwordConfirm: 'anderes' },
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().details).toContainEqual(
      expect.objectContaining({ field: 'passwordConfirm', message: 'Das bestätigte Passwort stimmt nicht überein.' }),
    );
    const short = await t.api({
      method: 'PUT',
      url,
      token,
      payload: { currentPassword: TEST_PASSWORD, password: ' abc ', passwordConfirm: ' abc ' },
    });
    expect(short.json().details).toContainEqual(
      expect.objectContaining({ field: 'password', message: 'Ihr neues Passwort muss mind. 5 Zeichen lang sein.' }),
    );
    const long = await t.api({
      method: 'PUT',
      url,
      token,
      payload: { currentPassword: TEST_PASSWORD, password: 'x'.repeat(51), passwordConfirm: 'x'.repeat(51) },
    });
    expect(long.json().details[0].message).toBe('Ihr neues Passwort darf max. 50 Zeichen haben.');
    const wrongCurrent = await t.api({
      method: 'PUT',
      url,
      token,
      payload: { currentPassword: 'falsch', password: 'neues-pw', passwordConfirm: 'neues-pw' },
    });
    expect(wrongCurrent.statusCode).toBe(400);
    expect(wrongCurrent.json().details[0].field).toBe('currentPassword');

    const ok = await t.api({
      method: 'PUT',
      url,
      token,
      payload: { currentPassword: TEST_PASSWORD, password: '  neues-pw ', passwordConfirm: 'neues-pw' },
    });
    expect(ok.statusCode).toBe(200);
    expect((await t.api({ method: 'GET', url: '/users/me', token })).statusCode).toBe(401);
    expect((await t.api({ method: 'GET', url: '/users/me', token: other.token })).statusCode).toBe(401);
    expect((await t.login(user.email, 'neues-pw')).userId).toBe(user.id);
  });

  it('resets by a mailed key that expires and works once; links ignore a forged Host', async () => {
    const user = await t.createUser();
    const res = await t.api({
      method: 'POST',
      url: '/users/reset',
      payload: { email: user.email },
      headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' },
    });
    expect(res.statusCode).toBe(200);
    const mail = await lastMailTo(t, user.email);
    const link = linkIn(mail?.text);
    expect(link.startsWith(`${PUBLIC_URL}/app/admin/reset/finish?key=`)).toBe(true);
    const key = new URL(link).searchParams.get('key') ?? '';

    expect((await t.api({ method: 'POST', url: `/users/reset/${key}`, payload: { password: 'abc' } })).statusCode).toBe(
      400,
    );
    expect(
      (await t.api({ method: 'POST', url: `/users/reset/${key}`, payload: { password: 'brandneu' } })).statusCode,
    ).toBe(200);
    expect(
      (await t.api({ method: 'POST', url: `/users/reset/${key}`, payload: { password: 'brandneu2' } })).json().code,
    ).toBe('TOKEN_INVALID');
    expect((await t.login(user.email, 'brandneu')).userId).toBe(user.id);

    await t.api({ method: 'POST', url: '/users/reset', payload: { email: user.email } });
    const key2 = new URL(linkIn((await lastMailTo(t, user.email))?.text)).searchParams.get('key');
    await t.database.db
      .update(users)
      .set({ resetPasswordExpires: new Date(Date.now() - 1000) })
      .where(eq(users.id, user.id));
    const expired = await t.api({ method: 'POST', url: `/users/reset/${key2}`, payload: { password: 'zu-spaet' } });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().code).toBe('TOKEN_INVALID');
  });

  it('answers a reset for an unknown email like a known one', async () => {
    const before = await t.database.db.select().from(mailOutbox);
    const res = await t.api({ method: 'POST', url: '/users/reset', payload: { email: 'unbekannt@x.example' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect((await t.database.db.select().from(mailOutbox)).length).toBe(before.length);
  });
});
