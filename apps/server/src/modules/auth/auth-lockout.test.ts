import { randomInt } from 'node:crypto';
import { Role } from '@pruefbuch/domain/roles';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { lastMailTo, linkIn } from '../../../test/fixtures/auth';
import { account } from '../../../test/fixtures/users';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../../../test/helper';
import { authFailures, mailOutbox } from '../../db/schema/index';

let t: TestApp;
beforeAll(async () => {
  // The policy's defaults (5 per account and address, 30 per account, 60 s steps); a small flood limit.
  t = await createTestApp({ LOCKOUT_IP_MAX: '8' });
});

/** A fresh client address per use, so tests (and test files on a shared database) do not meet. */
const address = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
const LOCKED_SUBJECT = 'Prüfbuch: Anmeldung vorübergehend gesperrt';

const signIn = (email: string, password: string, remoteAddress: string) =>
  t.api({ method: 'POST', url: '/users/login', payload: { email, password }, remoteAddress });

async function failFrom(email: string, remoteAddress: string, times: number) {
  for (let i = 0; i < times; i++) expect((await signIn(email, 'falsch', remoteAddress)).statusCode).toBe(401);
}

/** 30 failures from six addresses, five each: no single address reaches more than its own lock. */
async function lockAccount(email: string) {
  for (let i = 0; i < 6; i++) await failFrom(email, address(), 5);
}

/** Moves the failures of an account into the past, as if the clock had gone on. */
const age = (email: string, seconds: number) =>
  t.database.db
    .update(authFailures)
    .set({ createdAt: sql`${authFailures.createdAt} - make_interval(secs => ${seconds})` })
    .where(eq(authFailures.account, email));

const lockMails = (email: string) =>
  t.database.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, email), eq(mailOutbox.subject, LOCKED_SUBJECT)));

function expectLocked(res: Awaited<ReturnType<typeof signIn>>, min: number, max: number) {
  expect(res.statusCode).toBe(429);
  expect(res.json().code).toBe('LOGIN_LOCKED');
  expect(res.json().retryAfterSeconds).toBeGreaterThan(min);
  expect(res.json().retryAfterSeconds).toBeLessThanOrEqual(max);
}

describe('sign-in lockout', () => {
  it('holds back an address after five wrong passwords, not the owner signing in from elsewhere', async () => {
    const user = await t.createUser();
    const attacker = address();
    await failFrom(user.email, attacker, 5);
    expectLocked(await signIn(user.email, TEST_PASSWORD, attacker), 50, 60);
    expect((await signIn(user.email, TEST_PASSWORD, address())).statusCode).toBe(200);
    // After the wait, one more failure from there waits two steps.
    await age(user.email, 61);
    await failFrom(user.email, attacker, 1);
    expectLocked(await signIn(user.email, TEST_PASSWORD, attacker), 110, 120);
  });

  it('locks the account for everyone only at 30 failures, with waits growing by 60 s, and mails the owner once', async () => {
    const user = await t.createUser();
    for (let i = 0; i < 5; i++) await failFrom(user.email, address(), 5);
    await failFrom(user.email, address(), 4);
    // 29 failures: the owner still gets in (and that does not forgive the failures from elsewhere).
    expect((await signIn(user.email, TEST_PASSWORD, address())).statusCode).toBe(200);
    expect(await lockMails(user.email)).toHaveLength(0);
    await failFrom(user.email, address(), 1);

    expectLocked(await signIn(user.email, TEST_PASSWORD, address()), 50, 60);
    const mail = await lastMailTo(t, user.email);
    expect(mail).toMatchObject({ subject: LOCKED_SUBJECT, status: 'stored' });
    expect(mail?.text).toContain('zunächst für 1 Minute(n)');
    expect(linkIn(mail?.text)).toBe('https://pruefbuch.example.org/app/admin/passwordreset');

    await age(user.email, 61);
    await failFrom(user.email, address(), 1);
    expectLocked(await signIn(user.email, TEST_PASSWORD, address()), 110, 120);
    await age(user.email, 121);
    await failFrom(user.email, address(), 1);
    expectLocked(await signIn(user.email, TEST_PASSWORD, address()), 170, 180);
    expect(await lockMails(user.email)).toHaveLength(1);
  });

  it('caps the wait at 15 minutes', async () => {
    const user = await t.createUser();
    await lockAccount(user.email);
    // 50 failures in the window: 21 steps of 60 s would be 21 minutes.
    for (let i = 0; i < 20; i++) {
      await age(user.email, 901);
      await failFrom(user.email, address(), 1);
    }
    expectLocked(await signIn(user.email, TEST_PASSWORD, address()), 890, 900);
  });

  it('is lifted by a completed password reset', async () => {
    const user = await t.createUser();
    await lockAccount(user.email);
    expectLocked(await signIn(user.email, TEST_PASSWORD, address()), 50, 60);
    expect((await t.api({ method: 'POST', url: '/users/reset', payload: { email: user.email } })).statusCode).toBe(200);
    const key = new URL(linkIn((await lastMailTo(t, user.email))?.text)).searchParams.get('key');
    const done = await t.api({ method: 'POST', url: `/users/reset/${key}`, payload: { password: 'neu-und-gut' } });
    expect(done.statusCode).toBe(200);
    expect((await signIn(user.email, 'neu-und-gut', address())).statusCode).toBe(200);
  });

  it('is lifted when an admin saves the account', async () => {
    const admin = await t.signedIn(Role.ADMIN_ROLE);
    const user = await t.createUser();
    await lockAccount(user.email);
    expectLocked(await signIn(user.email, TEST_PASSWORD, address()), 50, 60);
    const saved = await t.api({
      method: 'PUT',
      url: `/users/admin/${user.id}`,
      token: admin.token,
      payload: account({ email: user.email }),
    });
    expect(saved.statusCode).toBe(200);
    expect((await signIn(user.email, TEST_PASSWORD, address())).statusCode).toBe(200);
  });

  it('holds back a flooding address, but not accounts that have signed in from it before', async () => {
    const flooded = address();
    const regular = await t.createUser();
    const newcomer = await t.createUser();
    expect((await signIn(regular.email, TEST_PASSWORD, flooded)).statusCode).toBe(200);
    // One wrong password each at eight accounts: no account is under attack, the address is.
    for (let i = 0; i < 8; i++) await failFrom(`spray-${i}-${randomInt(1e9)}@test.example`, flooded, 1);

    expectLocked(await signIn(newcomer.email, TEST_PASSWORD, flooded), 50, 60);
    expect((await signIn(regular.email, TEST_PASSWORD, flooded)).statusCode).toBe(200);
    expect((await signIn(newcomer.email, TEST_PASSWORD, address())).statusCode).toBe(200);
  });
});
