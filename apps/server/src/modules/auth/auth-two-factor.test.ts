import { Role } from '@pruefbuch/domain/roles';
import { beforeAll, describe, expect, it } from 'vitest';
import { codeAt, lastMailTo, linkIn } from '../../../test/fixtures/auth';
import { createTestApp, PUBLIC_URL, type TestApp } from '../../../test/helper';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOCKOUT_IP_MAX: '1000' });
});

describe('two-factor sign-in', () => {
  async function withTwoFactor() {
    const { user, token } = await t.signedIn(Role.STANDARD_ROLE);
    const qr = await t.api({ method: 'GET', url: `/users/barcode2fa/${user.id}`, token });
    expect(qr.statusCode).toBe(200);
    const { secret, qrCode, otpauthUrl } = qr.json();
    expect(qrCode).toMatch(/^data:image\/png;base64,/);
    expect(otpauthUrl).toContain('otpauth://totp/');
    const wrong = await t.api({
      method: 'POST',
      url: '/users/finish2fa',
      token,
      payload: { validationCode: '000000' === codeAt(secret) ? '111111' : '000000' },
    });
    expect(wrong.statusCode).toBe(400);
    const fin = await t.api({
      method: 'POST',
      url: '/users/finish2fa',
      token,
      payload: { validationCode: codeAt(secret) },
    });
    expect(fin.statusCode).toBe(200);
    return { user, secret, token };
  }

  it('activates with a first code and completes a login with the next one, once', async () => {
    const { user, secret } = await withTwoFactor();
    const first = await t.login(user.email);
    expect(first.is2FaUsed).toBe(true);
    expect(first.refreshToken).toBe('');
    // The pending token opens nothing but validate2fa.
    expect((await t.api({ method: 'GET', url: '/users/me', token: first.token })).statusCode).toBe(401);

    const code = codeAt(secret, 30);
    const ok = await t.api({
      method: 'POST',
      url: '/users/validate2fa',
      token: first.token,
      payload: { validationCode: code, userId: user.id },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().refreshToken.length).toBeGreaterThan(30);
    expect((await t.api({ method: 'GET', url: '/users/me', token: ok.json().token })).statusCode).toBe(200);

    const second = await t.login(user.email);
    const reused = await t.api({
      method: 'POST',
      url: '/users/validate2fa',
      token: second.token,
      payload: { validationCode: code, userId: user.id },
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().code).toBe('VALIDATION');
    expect(reused.json().details[0]).toMatchObject({ field: 'validationCode', message: 'Code nicht korrekt' });
  });

  it('refuses validate2fa without the pending token or for another user', async () => {
    const { user, secret } = await withTwoFactor();
    const other = await t.createUser();
    const pending = await t.login(user.email);
    const payload = { validationCode: codeAt(secret, 30), userId: user.id };
    expect((await t.api({ method: 'POST', url: '/users/validate2fa', payload })).statusCode).toBe(401);
    expect(
      (
        await t.api({
          method: 'POST',
          url: '/users/validate2fa',
          token: pending.token,
          payload: { ...payload, userId: other.id },
        })
      ).statusCode,
    ).toBe(401);
    expect(
      (
        await t.api({
          method: 'POST',
          url: '/users/validate2fa',
          token: pending.token,
          payload: { ...payload, validationCode: '12ab' },
        })
      ).statusCode,
    ).toBe(400);
  });

  it('locks the account for a while after repeated wrong codes', async () => {
    const { user, secret } = await withTwoFactor();
    const pending = await t.login(user.email);
    const bad = codeAt(secret, 30) === '123456' ? '654321' : '123456';
    for (let i = 0; i < 5; i++) {
      const r = await t.api({
        method: 'POST',
        url: '/users/validate2fa',
        token: pending.token,
        payload: { validationCode: bad, userId: user.id },
      });
      expect(r.statusCode).toBe(400);
    }
    const locked = await t.api({
      method: 'POST',
      url: '/users/validate2fa',
      token: pending.token,
      payload: { validationCode: codeAt(secret, 30), userId: user.id },
    });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe('TWO_FA_LOCKED');
  });

  it('is switched off by a code, or by a mailed link', async () => {
    const { user, secret, token } = await withTwoFactor();
    const off = await t.api({
      method: 'POST',
      url: '/users/deactivate2fa',
      token,
      payload: { validationCode: codeAt(secret, 30) },
    });
    expect(off.statusCode).toBe(200);
    expect((await t.login(user.email)).is2FaUsed).toBe(false);

    const again = await withTwoFactor();
    const sent = await t.api({
      method: 'POST',
      url: '/users/send2FaDeactivationEmail',
      payload: { email: again.user.email },
    });
    expect(sent.statusCode).toBe(200);
    const unknown = await t.api({
      method: 'POST',
      url: '/users/send2FaDeactivationEmail',
      payload: { email: 'nobody@x.example' },
    });
    expect(unknown.json()).toEqual(sent.json());
    const mail = await lastMailTo(t, again.user.email);
    const link = linkIn(mail?.text);
    expect(link.startsWith(`${PUBLIC_URL}/app/disable2fa?token=`)).toBe(true);
    const tokenParam = new URL(link).searchParams.get('token') ?? '';
    expect((await t.api({ method: 'POST', url: `/users/deactivate2fa/${tokenParam}` })).statusCode).toBe(200);
    expect((await t.api({ method: 'POST', url: `/users/deactivate2fa/${tokenParam}` })).statusCode).toBe(400);
    expect((await t.login(again.user.email)).is2FaUsed).toBe(false);
  });

  it('gives the QR only for the own account', async () => {
    const { token } = await t.signedIn(Role.ADMIN_ROLE);
    const other = await t.createUser();
    expect((await t.api({ method: 'GET', url: `/users/barcode2fa/${other.id}`, token })).statusCode).toBe(404);
  });
});
