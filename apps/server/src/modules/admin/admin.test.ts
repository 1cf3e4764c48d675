import { Role } from '@pruefbuch/domain/roles';
import { describe, expect, it } from 'vitest';
import { account } from '../../../test/fixtures/users';
import { createTestApp } from '../../../test/helper';
import { deliverMails } from '../../../test/mail';
import { outboxMailOf } from './admin.outbox';

// A high address limit: on a shared PostgreSQL other test files record login failures from 127.0.0.1 too.
const t = await createTestApp({ LOCKOUT_IP_MAX: '100000' });

describe('GET admin/dashboard', () => {
  const dashboard = (token?: string) => t.api({ method: 'GET', url: '/admin/dashboard', token });

  it('counts users, tenants and live sessions and shows the newest mails first', async () => {
    const admin = await t.signedIn(Role.ADMIN_ROLE);
    const before = (await dashboard(admin.token)).json();
    await t.createTenant();
    const first = await t.api({ method: 'PUT', url: '/users', token: admin.token, payload: account() });
    const second = await t.api({ method: 'PUT', url: '/users', token: admin.token, payload: account() });
    const queued = (await dashboard(admin.token)).json();
    // Queued: counted as waiting, the text sealed (it holds a password link) and not shown.
    expect(queued.mailQueue.waiting).toBeGreaterThanOrEqual(2);
    const waiting = queued.outbox.find((m: { to: string }) => m.to === second.json().email);
    expect(waiting).toMatchObject({ status: 'queued', text: '', sealed: true, attempts: 0, resendable: false });
    await deliverMails(t);
    const res = await dashboard(admin.token);
    expect(res.statusCode).toBe(200);
    const after = res.json();
    expect(after.users - before.users).toBeGreaterThanOrEqual(2);
    expect(after.tenants - before.tenants).toBeGreaterThanOrEqual(1);
    // The admin's own session at least.
    expect(after.activeSessions).toBeGreaterThanOrEqual(1);

    const times = after.outbox.map((m: { createdAt: string }) => Date.parse(m.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const to = after.outbox.map((m: { to: string }) => m.to);
    const [iFirst, iSecond] = [to.indexOf(first.json().email), to.indexOf(second.json().email)];
    expect(iSecond).toBeGreaterThanOrEqual(0);
    expect(iSecond).toBeLessThan(iFirst);
    // No SMTP in tests: the mail is stored and its text is the outbox the admin reads (the demo's way).
    expect(after.outbox[iSecond]).toMatchObject({ subject: 'Prüfbuch: Passwort zurücksetzen', status: 'stored' });
    expect(after.outbox[iSecond].text).toContain('/app/admin/reset/finish?key=');
    expect(after.mailQueue).toMatchObject({ waiting: 0, retrying: 0, dead: 0, oldestWaitingAt: null });
  });

  it('counts a revoked session no longer', async () => {
    const admin = await t.signedIn(Role.ADMIN_ROLE);
    const user = await t.signedIn(Role.STANDARD_ROLE);
    const before = (await dashboard(admin.token)).json().activeSessions;
    const logout = await t.api({ method: 'POST', url: '/users/logout', token: user.token });
    expect(logout.statusCode).toBe(204);
    const after = (await dashboard(admin.token)).json().activeSessions;
    // Other test files may open sessions meanwhile on a shared database; on PGlite the count is exact.
    if (t.database.kind === 'pglite') expect(after).toBe(before - 1);
  });

  it('is for admins only', async () => {
    for (const role of [Role.LIST_ADMIN_ROLE, Role.STANDARD_ROLE, Role.ROLE_FILIALE]) {
      const { token } = await t.signedIn(role, role === Role.ROLE_FILIALE ? { customerRole: 1 } : {});
      expect((await dashboard(token)).statusCode).toBe(403);
    }
    expect((await dashboard()).statusCode).toBe(401);
  });
});

describe('outboxMailOf', () => {
  it('never shows a dead letter’s kept text, sealed or not, and says it is kept', () => {
    const row = {
      id: '00000000-0000-4000-8000-000000000001',
      to: 'j.becker@tuerservice-rhein-main.example',
      subject: 'Prüfbuch: Nachfassen fällig',
      text: 'Hallo, https://pruefbuch.example/app/admin/reset/finish?key=abc',
      textSealed: false,
      status: 'dead' as const,
      attempts: 1,
      nextAttemptAt: new Date(),
      sentAt: null,
      onDelivered: null,
      error: '550 5.1.1 User unknown',
      createdAt: new Date(),
    };
    expect(outboxMailOf(row)).toMatchObject({ text: '', sealed: true, resendable: true });
    expect(outboxMailOf({ ...row, status: 'stored' })).toMatchObject({ text: row.text, sealed: false });
    expect(outboxMailOf({ ...row, status: 'sent', text: '' })).toMatchObject({ text: '', sealed: false });
  });
});
