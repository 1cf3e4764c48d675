import { randomUUID } from 'node:crypto';
import { CustomerRole, Department, Role } from '@pruefbuch/domain/roles';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { account, dbReads, email, fieldsOf, linkIn, tag } from '../../../test/fixtures/users';
import { createTestApp, PUBLIC_URL, TEST_PASSWORD } from '../../../test/helper';
import { users } from '../../db/schema/index';

// A high address limit: on a shared PostgreSQL other test files record login failures from 127.0.0.1 too.
const t = await createTestApp({ LOCKOUT_IP_MAX: '100000' });
const db = t.database.db;
const { mailsTo, rowOf } = dbReads(t);

describe('PUT users (create by an admin)', () => {
  it('creates a verified account that can sign in at once', async () => {
    const admin = await t.signedIn(Role.ADMIN_ROLE);
    const tenant = await t.createTenant();
    const body = account({ password: 'anfang1', tenants: [tenant.id], email: `  ${email('Gross').toUpperCase()} ` });
    const res = await t.api({ method: 'PUT', url: '/users', token: admin.token, payload: body });
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({
      firstName: 'Erika',
      lastName: 'Muster',
      email: body.email.trim().toLowerCase(),
      role: Role.STANDARD_ROLE,
      department: Department.OPM,
      customerRole: null,
      isVerified: true,
      isResigned: false,
      is2FaUsed: false,
      tenants: [tenant.id],
    });
    const session = await t.login(created.email, 'anfang1');
    expect(session.userId).toBe(created._id);
    expect(await mailsTo(created.email)).toEqual([]);
  });

  it('mails a reset link when no password is given; the link sets the first password', async () => {
    const admin = await t.signedIn(Role.ADMIN_ROLE);
    const res = await t.api({ method: 'PUT', url: '/users', token: admin.token, payload: account() });
    expect(res.statusCode).toBe(201);
    const { email: to, _id } = res.json();
    expect((await rowOf(_id)).passwordHash).toBeNull();
    const [mail, ...more] = await mailsTo(to);
    expect(more).toEqual([]);
    expect(mail).toMatchObject({ status: 'stored', subject: 'Prüfbuch: Passwort zurücksetzen' });
    const link = linkIn(mail?.text ?? '');
    expect(link.startsWith(`${PUBLIC_URL}/app/admin/reset/finish?key=`)).toBe(true);

    const noPassword = await t.api({ method: 'POST', url: '/users/login', payload: { email: to, password: 'x' } });
    expect(noPassword.statusCode).toBe(401);
    const key = new URL(link).searchParams.get('key');
    const finish = await t.api({ method: 'POST', url: `/users/reset/${key}`, payload: { password: 'erstes1' } });
    expect(finish.statusCode).toBe(200);
    expect((await t.login(to, 'erstes1')).userId).toBe(_id);
  });

  it('refuses a taken email with 409 EMAIL_EXISTS naming the field, whatever its case', async () => {
    const admin = await t.signedIn(Role.ADMIN_ROLE);
    const existing = await t.createUser();
    const res = await t.api({
      method: 'PUT',
      url: '/users',
      token: admin.token,
      payload: account({ email: existing.email.toUpperCase() }),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      statusCode: 409,
      code: 'EMAIL_EXISTS',
      details: [{ field: 'email', key: 'errors.EMAIL_EXISTS' }],
    });
    expect(res.json().details[0].message).toBe('Diese E-Mail-Adresse wird bereits verwendet.');
  });

  it('answers 409, not 500, when the same email is saved twice at once', async () => {
    const admin = await t.signedIn(Role.ADMIN_ROLE);
    const payload = account({ password: 'anfang1' });
    const replies = await Promise.all(
      [1, 2, 3].map(() => t.api({ method: 'PUT', url: '/users', token: admin.token, payload })),
    );
    expect(replies.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    for (const r of replies.filter((r) => r.statusCode === 409)) expect(r.json().code).toBe('EMAIL_EXISTS');
    const [a, b] = [await t.createUser(), await t.createUser()];
    const target = email('ziel');
    const updates = await Promise.all(
      [a, b].map((u) =>
        t.api({ method: 'PUT', url: `/users/admin/${u.id}`, token: admin.token, payload: account({ email: target }) }),
      ),
    );
    expect(updates.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });

  it('names every missing field', async () => {
    const admin = await t.signedIn(Role.ADMIN_ROLE);
    const res = await t.api({ method: 'PUT', url: '/users', token: admin.token, payload: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION');
    expect(fieldsOf(res).sort()).toEqual(['email', 'firstName', 'lastName', 'role']);
    const blank = await t.api({
      method: 'PUT',
      url: '/users',
      token: admin.token,
      payload: account({ firstName: '   ', email: '' }),
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().details).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'firstName', key: 'validation.firstName.required' }),
        expect.objectContaining({ field: 'email', key: 'validation.email.required' }),
      ]),
    );
  });

  it.each([
    ['role', { role: 'admin' }, 'validation.role'],
    ['role', { role: 13 }, 'validation.role'],
    ['firstName', { firstName: 42 }, 'validation.firstName.required'],
    ['department', { department: 9 }, 'validation.department'],
    ['customer', { customer: 2 }, 'validation.customer'],
    ['customerRole', { customerRole: 4 }, 'validation.customerRole'],
    ['auswertung', { auswertung: 'ja' }, undefined],
    ['tenants', { tenants: 'abc' }, undefined],
    ['tenants.0', { tenants: ['abc'] }, 'validation.id'],
    ['userInspection.0.dob', { userInspection: [{ dob: '01.02.2015', positionsNummer: 1 }] }, 'validation.date'],
    ['email', { email: 'kein-at-zeichen' }, 'validation.email.invalid'],
    ['email', { email: 'a@b' }, 'validation.email.min'],
    ['email', { email: `${'a'.repeat(39)}@test.example` }, 'validation.email.max'],
    ['firstName', { firstName: 'x'.repeat(101) }, 'validation.max'],
    ['tel', { tel: '1'.repeat(51) }, 'validation.max'],
    ['abbreviation', { abbreviation: 'ABCDEFGHIJK' }, 'validation.max'],
    ['password', { password: 'kurz' }, 'validation.password.min'],
    ['password', { password: 'p'.repeat(51) }, 'validation.password.max'],
  ])('rejects a bad %s: %j', async (field, patch, key) => {
    const admin = await t.signedIn(Role.ADMIN_ROLE);
    const res = await t.api({ method: 'PUT', url: '/users', token: admin.token, payload: account(patch) });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION');
    const detail = res.json().details.find((d: { field: string }) => d.field === field);
    expect(detail).toBeDefined();
    if (key) expect(detail.key).toBe(key);
    expect(typeof detail.message).toBe('string');
  });

  it('accepts an email of exactly 50 characters', async () => {
    const admin = await t.signedIn(Role.ADMIN_ROLE);
    const fifty = `${tag()}${'a'.repeat(25)}@test.example`;
    expect(fifty).toHaveLength(50);
    const res = await t.api({ method: 'PUT', url: '/users', token: admin.token, payload: account({ email: fifty }) });
    expect(res.statusCode).toBe(201);
  });

  it('checks references: unknown tenants and a branch user without customer role', async () => {
    const admin = await t.signedIn(Role.ADMIN_ROLE);
    const tenant = await t.createTenant();
    const unknown = await t.api({
      method: 'PUT',
      url: '/users',
      token: admin.token,
      payload: account({ tenants: [tenant.id, randomUUID()] }),
    });
    expect(unknown.statusCode).toBe(400);
    expect(fieldsOf(unknown)).toEqual(['tenants']);
    const branch = await t.api({
      method: 'PUT',
      url: '/users',
      token: admin.token,
      payload: account({ role: Role.ROLE_FILIALE }),
    });
    expect(branch.statusCode).toBe(400);
    expect(fieldsOf(branch)).toEqual(['customerRole']);
    // A customer role only belongs to branch users.
    const staff = await t.api({
      method: 'PUT',
      url: '/users',
      token: admin.token,
      payload: account({ customerRole: CustomerRole.ROLE_CONTROL }),
    });
    expect(staff.json().customerRole).toBeNull();
  });

  it('ignores server-set fields in the body', async () => {
    const admin = await t.signedIn(Role.ADMIN_ROLE);
    const forgedId = randomUUID();
    const res = await t.api({
      method: 'PUT',
      url: '/users',
      token: admin.token,
      payload: account({
        password: 'anfang1',
        _id: forgedId,
        __v: 7,
        isVerified: false,
        is2FaUsed: true,
        createdAt: '2000-01-01T00:00:00.000Z',
        updatedAt: '2000-01-01T00:00:00.000Z',
        confirmationToken: 'known-token-0123456789',
        resetPasswordToken: 'known-key-0123456789',
        resetPasswordExpires: '2100-01-01T00:00:00.000Z',
        passwordHash: 'plain',
        totpSecret: 'JBSWY3DPEHPK3PXP',
      }),
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body._id).not.toBe(forgedId);
    expect(body).toMatchObject({ isVerified: true, is2FaUsed: false });
    expect(new Date(body.createdAt).getFullYear()).toBeGreaterThan(2000);
    const row = await rowOf(body._id);
    expect(row).toMatchObject({
      isVerified: true,
      is2FaUsed: false,
      version: 0,
      totpSecret: null,
      confirmationTokenHash: null,
      resetPasswordTokenHash: null,
      resetPasswordExpires: null,
    });
    expect(row.passwordHash).toMatch(/^\$argon2/);
    expect(await db.select().from(users).where(eq(users.id, forgedId))).toEqual([]);
    const confirm = await t.api({ method: 'POST', url: '/users/confirmation/known-token-0123456789' });
    expect(confirm.statusCode).toBe(400);
  });

  it('is for admins only', async () => {
    const { token } = await t.signedIn(Role.LIST_ADMIN_ROLE);
    const res = await t.api({ method: 'PUT', url: '/users', token, payload: account() });
    expect(res.statusCode).toBe(403);
    expect((await t.api({ method: 'PUT', url: '/users', payload: account() })).statusCode).toBe(401);
  });
});

describe.each(['/users', '/users/signup'])('POST %s (registration by an admin)', (url) => {
  describe('an account it creates', () => {
    const body = account({ password: 'start12', isVerified: true });
    let res: Awaited<ReturnType<typeof t.api>>;
    let mails: Awaited<ReturnType<typeof mailsTo>>;
    let link = '';
    beforeAll(async () => {
      const admin = await t.signedIn(Role.ADMIN_ROLE);
      res = await t.api({ method: 'POST', url, token: admin.token, payload: body });
      mails = await mailsTo(body.email);
      link = linkIn(mails[0]?.text ?? '');
    });

    it('is unverified', async () => {
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ email: body.email, isVerified: false });
      expect((await rowOf(res.json()._id)).isVerified).toBe(false);
    });

    it('gets one mail with a confirmation link under PUBLIC_URL', () => {
      const [mail, ...more] = mails;
      expect(more).toEqual([]);
      expect(mail).toMatchObject({ subject: 'Prüfbuch: Benutzerkonto aktivieren', status: 'stored' });
      expect(link.startsWith(`${PUBLIC_URL}/app/confirmation?token=`)).toBe(true);
    });

    it('cannot sign in before it is confirmed', async () => {
      const early = await t.api({
        method: 'POST',
        url: '/users/login',
        payload: { email: body.email, password: 'start12' },
      });
      expect(early.statusCode).toBe(403);
      expect(early.json().code).toBe('ACCOUNT_NOT_VERIFIED');
    });

    it('is activated by the link, once', async () => {
      const token = new URL(link).searchParams.get('token') ?? '';
      const confirm = await t.api({ method: 'POST', url: `/users/confirmation/${token}` });
      expect(confirm.statusCode).toBe(200);
      expect(confirm.json()).toEqual({ success: true });
      expect((await t.login(body.email, 'start12')).userId).toBe(res.json()._id);

      const again = await t.api({ method: 'POST', url: `/users/confirmation/${token}` });
      expect(again.statusCode).toBe(400);
      expect(again.json().code).toBe('TOKEN_INVALID');
    });
  });

  it('needs a password, a free email and an admin', async () => {
    const admin = await t.signedIn(Role.ADMIN_ROLE);
    const noPassword = await t.api({ method: 'POST', url, token: admin.token, payload: account() });
    expect(noPassword.statusCode).toBe(400);
    expect(fieldsOf(noPassword)).toEqual(['password']);
    const taken = await t.createUser();
    const dup = await t.api({
      method: 'POST',
      url,
      token: admin.token,
      payload: account({ email: taken.email, password: 'start12' }),
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().code).toBe('EMAIL_EXISTS');
    expect(await mailsTo(taken.email)).toEqual([]);
    const { token } = await t.signedIn(Role.STANDARD_ROLE);
    expect((await t.api({ method: 'POST', url, token, payload: account({ password: 'start12' }) })).statusCode).toBe(
      403,
    );
  });
});

describe('PUT users/admin/{id}', () => {
  it('replaces the editable fields of an account', async () => {
    const admin = await t.signedIn(Role.ADMIN_ROLE);
    const [a, b] = [await t.createTenant('A'), await t.createTenant('B')];
    const user = await t.createUser({ tenantIds: [a.id] });
    const payload = account({
      email: user.email,
      role: Role.ROLE_FILIALE,
      customerRole: CustomerRole.ROLE_REGIONAL_MANAGER,
      customer: 1,
      department: Department.EL,
      auswertung: true,
      tenants: [b.id],
      userInspection: [{ firstName: 'Kind', lastName: 'Muster', dob: '2015-03-01', positionsNummer: 1 }],
    });
    const res = await t.api({ method: 'PUT', url: `/users/admin/${user.id}`, token: admin.token, payload });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      _id: user.id,
      firstName: 'Erika',
      role: Role.ROLE_FILIALE,
      customerRole: CustomerRole.ROLE_REGIONAL_MANAGER,
      customer: 1,
      department: Department.EL,
      auswertung: true,
      tenants: [b.id],
      isVerified: true,
    });
    expect(res.json().userInspection[0]._id).toMatch(/^[0-9a-f-]{36}$/);
    const row = await rowOf(user.id);
    expect(row.version).toBe(user.version + 1);
    expect(row.updatedAt.getTime()).toBeGreaterThan(user.updatedAt.getTime());
  });

  it('refuses an email of another account, unknown and malformed ids, and non-admins', async () => {
    const admin = await t.signedIn(Role.ADMIN_ROLE);
    const [user, other] = [await t.createUser(), await t.createUser()];
    const dup = await t.api({
      method: 'PUT',
      url: `/users/admin/${user.id}`,
      token: admin.token,
      payload: account({ email: other.email }),
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ code: 'EMAIL_EXISTS', details: [{ field: 'email' }] });
    const unknown = await t.api({
      method: 'PUT',
      url: `/users/admin/${randomUUID()}`,
      token: admin.token,
      payload: account(),
    });
    expect(unknown.statusCode).toBe(404);
    const bad = await t.api({ method: 'PUT', url: '/users/admin/xyz', token: admin.token, payload: account() });
    expect(bad.statusCode).toBe(400);
    const invalid = await t.api({ method: 'PUT', url: `/users/admin/${user.id}`, token: admin.token, payload: {} });
    expect(invalid.statusCode).toBe(400);
    const { token } = await t.signedIn(Role.STANDARD_ROLE);
    const forbidden = await t.api({
      method: 'PUT',
      url: `/users/admin/${user.id}`,
      token,
      payload: account({ email: user.email, role: Role.ADMIN_ROLE }),
    });
    expect(forbidden.statusCode).toBe(403);
    expect((await rowOf(user.id)).role).toBe(Role.STANDARD_ROLE);
  });

  it('ends every session of a resigned user and lets them in again once reinstated', async () => {
    const admin = await t.signedIn(Role.ADMIN_ROLE);
    const victim = await t.signedIn(Role.STANDARD_ROLE);
    const second = await t.login(victim.user.email);
    expect((await t.api({ method: 'GET', url: '/users/me', token: victim.token })).statusCode).toBe(200);

    const payload = account({ email: victim.user.email, isResigned: true });
    const res = await t.api({ method: 'PUT', url: `/users/admin/${victim.user.id}`, token: admin.token, payload });
    expect(res.statusCode).toBe(200);
    expect(res.json().isResigned).toBe(true);
    for (const token of [victim.token, second.token]) {
      expect((await t.api({ method: 'GET', url: '/users/me', token })).statusCode).toBe(401);
    }
    const refresh = await t.api({
      method: 'POST',
      url: '/users/auth/refresh',
      payload: { refreshToken: second.refreshToken },
    });
    expect(refresh.statusCode).toBe(401);
    const login = await t.api({
      method: 'POST',
      url: '/users/login',
      payload: { email: victim.user.email, password: TEST_PASSWORD },
    });
    expect(login.statusCode).toBe(403);
    expect(login.json().code).toBe('ACCOUNT_DISABLED');

    // Leaving isResigned out keeps it; false reinstates the account.
    const kept = await t.api({
      method: 'PUT',
      url: `/users/admin/${victim.user.id}`,
      token: admin.token,
      payload: account({ email: victim.user.email }),
    });
    expect(kept.json().isResigned).toBe(true);
    await t.api({
      method: 'PUT',
      url: `/users/admin/${victim.user.id}`,
      token: admin.token,
      payload: account({ email: victim.user.email, isResigned: false }),
    });
    expect((await t.login(victim.user.email)).userId).toBe(victim.user.id);
  });

  it('does not let an admin change their own role or resign themselves', async () => {
    const admin = await t.signedIn(Role.ADMIN_ROLE);
    const self = (patch: Record<string, unknown>) =>
      t.api({
        method: 'PUT',
        url: `/users/admin/${admin.user.id}`,
        token: admin.token,
        payload: account({ email: admin.user.email, role: Role.ADMIN_ROLE, ...patch }),
      });
    const demote = await self({ role: Role.STANDARD_ROLE });
    expect(demote.statusCode).toBe(400);
    expect(fieldsOf(demote)).toEqual(['role']);
    expect((await self({ isResigned: true })).statusCode).toBe(400);
    const row = await rowOf(admin.user.id);
    expect(row).toMatchObject({ role: Role.ADMIN_ROLE, isResigned: false });
    // Everything else of the own account may change.
    const rename = await self({ firstName: 'Neu' });
    expect(rename.statusCode).toBe(200);
    expect(rename.json()).toMatchObject({ firstName: 'Neu', role: Role.ADMIN_ROLE });
    expect((await t.api({ method: 'GET', url: '/users/me', token: admin.token })).statusCode).toBe(200);
  });
});
