import { Role } from '@pruefbuch/domain/roles';
import { beforeAll, describe, expect, it } from 'vitest';
import { account } from '../../../test/fixtures/users';
import { createTestApp } from '../../../test/helper';
import { deliverMails } from '../../../test/mail';
import { outboxMailOf } from './admin.outbox';

// A high address limit: on a shared PostgreSQL other test files record login failures from 127.0.0.1 too.
const t = await createTestApp({ LOCKOUT_IP_MAX: '100000' });

describe('GET admin/dashboard', () => {
  const dashboard = (token?: string) => t.api({ method: 'GET', url: '/admin/dashboard', token });

  describe('after two new accounts and a tenant', () => {
    type Dashboard = Awaited<ReturnType<typeof dashboard>>;
    type OutboxMail = { to: string; createdAt: string };
    let first: Dashboard;
    let second: Dashboard;
    let before: { users: number; tenants: number };
    let queued: { mailQueue: { waiting: number }; outbox: OutboxMail[] };
    let res: Dashboard;
    beforeAll(async () => {
      const admin = await t.signedIn(Role.ADMIN_ROLE);
      before = (await dashboard(admin.token)).json();
      await t.createTenant();
      first = await t.api({ method: 'PUT', url: '/users', token: admin.token, payload: account() });
      second = await t.api({ method: 'PUT', url: '/users', token: admin.token, payload: account() });
      queued = (await dashboard(admin.token)).json();
      await deliverMails(t);
      res = await dashboard(admin.token);
    });

    it('counts the queued mails as waiting, their text sealed (it holds a password link) and not shown', () => {
      expect(queued.mailQueue.waiting).toBeGreaterThanOrEqual(2);
      const waiting = queued.outbox.find((m: OutboxMail) => m.to === second.json().email);
      expect(waiting).toMatchObject({ status: 'queued', text: '', sealed: true, attempts: 0, resendable: false });
    });

    it('counts users, tenants and live sessions', () => {
      expect(res.statusCode).toBe(200);
      const after = res.json();
      expect(after.users - before.users).toBeGreaterThanOrEqual(2);
      expect(after.tenants - before.tenants).toBeGreaterThanOrEqual(1);
      // The admin's own session at least.
      expect(after.activeSessions).toBeGreaterThanOrEqual(1);
    });

    it('shows the newest mails first', () => {
      const { outbox } = res.json();
      const times = outbox.map((m: OutboxMail) => Date.parse(m.createdAt));
      expect(times).toEqual([...times].sort((a, b) => b - a));
      const to = outbox.map((m: OutboxMail) => m.to);
      const [iFirst, iSecond] = [to.indexOf(first.json().email), to.indexOf(second.json().email)];
      expect(iSecond).toBeGreaterThanOrEqual(0);
      expect(iSecond).toBeLessThan(iFirst);
    });

    it('shows a sent mail’s text: without SMTP it is stored, the outbox the admin reads (the demo’s way)', () => {
      const { outbox } = res.json();
      const mail = outbox.find((m: OutboxMail) => m.to === second.json().email);
      expect(mail).toMatchObject({ subject: 'Prüfbuch: Passwort zurücksetzen', status: 'stored' });
      expect(mail.text).toContain('/app/admin/reset/finish?key=');
    });

    it('has no mail waiting once the worker ran', () => {
      expect(res.json().mailQueue).toMatchObject({ waiting: 0, retrying: 0, dead: 0, oldestWaitingAt: null });
    });
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
