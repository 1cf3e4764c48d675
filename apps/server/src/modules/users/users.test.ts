import { randomUUID } from 'node:crypto';
import { CustomerRole, Department, Role } from '@pruefbuch/domain/roles';
import { beforeAll, describe, expect, it } from 'vitest';
import { dbReads, email, fieldsOf, tag } from '../../../test/fixtures/users';
import { createTestApp } from '../../../test/helper';

// A high address limit: on a shared PostgreSQL other test files record login failures from 127.0.0.1 too.
const t = await createTestApp({ LOCKOUT_IP_MAX: '100000' });
const { rowOf } = dbReads(t);

describe('GET users (list)', () => {
  async function three() {
    const marker = tag();
    const made = [];
    for (const [first, last, role] of [
      ['Clara', `Bauer${marker}`, Role.STANDARD_ROLE],
      ['Anton', `Adler${marker}`, Role.PROJECT_ROLE],
      ['Berta', `Christ${marker}`, Role.STANDARD_ROLE],
    ] as const) {
      made.push(
        await t.createUser({
          firstName: first,
          lastName: last,
          role,
          email: `${first.toLowerCase()}-${marker}@list.example`,
        }),
      );
    }
    return { marker, made };
  }

  it('pages, counts and sorts the matches of a search', async () => {
    const { token } = await t.signedIn(Role.ADMIN_ROLE);
    const { marker } = await three();
    const page1 = await t.api({ method: 'GET', url: `/users?search=${marker}&size=2&sort=name`, token });
    expect(page1.statusCode).toBe(200);
    expect(page1.json()).toMatchObject({ total: 3, page: 1, size: 2, pages: 2 });
    expect(page1.json().docs.map((u: { lastName: string }) => u.lastName)).toEqual([
      `Adler${marker}`,
      `Bauer${marker}`,
    ]);
    const page2 = await t.api({ method: 'GET', url: `/users?search=${marker}&size=2&page=2&sort=name`, token });
    expect(page2.json()).toMatchObject({ total: 3, page: 2, pages: 2 });
    expect(page2.json().docs.map((u: { lastName: string }) => u.lastName)).toEqual([`Christ${marker}`]);

    const desc = await t.api({ method: 'GET', url: `/users?search=${marker}&sort=-name`, token });
    expect(desc.json().docs.map((u: { firstName: string }) => u.firstName)).toEqual(['Berta', 'Clara', 'Anton']);
    const byEmail = await t.api({ method: 'GET', url: `/users?search=${marker}&sort=email`, token });
    expect(byEmail.json().docs.map((u: { firstName: string }) => u.firstName)).toEqual(['Anton', 'Berta', 'Clara']);
    const byRole = await t.api({ method: 'GET', url: `/users?search=${marker}&role=${Role.PROJECT_ROLE}`, token });
    expect(byRole.json().docs.map((u: { firstName: string }) => u.firstName)).toEqual(['Anton']);
  });

  it('finds users by first name, full name and email, and keeps secrets out of the docs', async () => {
    const { token } = await t.signedIn(Role.ADMIN_ROLE);
    const { marker, made } = await three();
    const full = await t.api({
      method: 'GET',
      url: `/users?search=${encodeURIComponent(`Clara Bauer${marker}`)}`,
      token,
    });
    expect(full.json().docs.map((u: { _id: string }) => u._id)).toEqual([made[0]?.id]);
    const mail = await t.api({ method: 'GET', url: `/users?search=berta-${marker}@LIST`, token });
    expect(mail.json().total).toBe(1);
    expect(mail.json().docs[0].email).toBe(`berta-${marker}@list.example`);
    const doc = mail.json().docs[0];
    for (const secret of [
      'passwordHash',
      'password',
      'totpSecret',
      'confirmationTokenHash',
      'resetPasswordTokenHash',
    ]) {
      expect(doc).not.toHaveProperty(secret);
    }
    // LIKE wildcards in the search are taken literally.
    const wild = await t.api({ method: 'GET', url: `/users?search=${marker.slice(0, 5)}_${marker.slice(6)}`, token });
    expect(wild.json()).toMatchObject({ total: 0, docs: [], pages: 1 });
  });

  it('filters by tenant', async () => {
    const { token } = await t.signedIn(Role.ADMIN_ROLE);
    const tenant = await t.createTenant('Filter');
    const inside = await t.createUser({ tenantIds: [tenant.id] });
    await t.createUser();
    const res = await t.api({ method: 'GET', url: `/users?tenant=${tenant.id}`, token });
    expect(res.json().docs.map((u: { _id: string; tenants: string[] }) => [u._id, u.tenants])).toEqual([
      [inside.id, [tenant.id]],
    ]);
  });

  it('rejects bad paging input, non-admins and missing tokens', async () => {
    const admin = await t.signedIn(Role.ADMIN_ROLE);
    const tooBig = await t.api({ method: 'GET', url: '/users?size=101', token: admin.token });
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json()).toMatchObject({ statusCode: 400, code: 'VALIDATION' });
    expect(fieldsOf(tooBig)).toEqual(['querystring.size']);
    expect((await t.api({ method: 'GET', url: '/users?page=0', token: admin.token })).statusCode).toBe(400);
    expect((await t.api({ method: 'GET', url: '/users?size=abc', token: admin.token })).statusCode).toBe(400);
    expect((await t.api({ method: 'GET', url: '/users?tenant=nope', token: admin.token })).statusCode).toBe(400);

    for (const role of [Role.LIST_ADMIN_ROLE, Role.STANDARD_ROLE]) {
      const { token } = await t.signedIn(role);
      const res = await t.api({ method: 'GET', url: '/users', token });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
    }
    const anonymous = await t.api({ method: 'GET', url: '/users' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().code).toBe('UNAUTHENTICATED');
    expect((await t.api({ method: 'GET', url: '/users', token: 'not.a.jwt' })).statusCode).toBe(401);
  });
});

describe('GET users/{id} and users/me', () => {
  it('lets an admin read any account and a user only its own', async () => {
    const admin = await t.signedIn(Role.ADMIN_ROLE);
    const tenant = await t.createTenant();
    const me = await t.signedIn(Role.STANDARD_ROLE, { firstName: 'Selma', department: Department.KTB });
    const other = await t.createUser({ tenantIds: [tenant.id] });

    const byAdmin = await t.api({ method: 'GET', url: `/users/${other.id}`, token: admin.token });
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json()).toMatchObject({ _id: other.id, email: other.email, tenants: [tenant.id], isVerified: true });
    expect(byAdmin.json()).not.toHaveProperty('passwordHash');

    const own = await t.api({ method: 'GET', url: `/users/${me.user.id}`, token: me.token });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ _id: me.user.id, firstName: 'Selma', department: Department.KTB });

    const foreign = await t.api({ method: 'GET', url: `/users/${other.id}`, token: me.token });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('NOT_FOUND');
  });

  it('answers 400 for a malformed id and 404 for an unknown one', async () => {
    const admin = await t.signedIn(Role.ADMIN_ROLE);
    const bad = await t.api({ method: 'GET', url: '/users/123', token: admin.token });
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad)).toEqual(['params.id']);
    const unknown = await t.api({ method: 'GET', url: `/users/${randomUUID()}`, token: admin.token });
    expect(unknown.statusCode).toBe(404);
    expect((await t.api({ method: 'GET', url: `/users/${randomUUID()}` })).statusCode).toBe(401);
  });

  it('GET users/me returns the signed-in account', async () => {
    const tenant = await t.createTenant();
    const user = await t.createUser({
      role: Role.ROLE_FILIALE,
      customerRole: CustomerRole.ROLE_CONTROL,
      tenantIds: [tenant.id],
    });
    const { token } = await t.login(user.email);
    const res = await t.api({ method: 'GET', url: '/users/me', token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      _id: user.id,
      email: user.email,
      role: Role.ROLE_FILIALE,
      customerRole: CustomerRole.ROLE_CONTROL,
      tenants: [tenant.id],
    });
    expect((await t.api({ method: 'GET', url: '/users/me' })).statusCode).toBe(401);
  });
});

describe('PUT users/{id} (own profile)', () => {
  it('changes name, phone and child entries, and nothing else', async () => {
    const me = await t.signedIn(Role.STANDARD_ROLE, { department: Department.OPM });
    const keptId = randomUUID();
    const res = await t.api({
      method: 'PUT',
      url: `/users/${me.user.id}`,
      token: me.token,
      payload: {
        firstName: ' Maria ',
        lastName: 'Neu',
        tel: '0171',
        role: Role.ADMIN_ROLE,
        email: email('umgezogen'),
        department: Department.EL,
        isVerified: false,
        auswertung: true,
        userInspection: [
          { _id: keptId, firstName: 'Tim', lastName: 'Neu', dob: '2014-05-06', positionsNummer: 1 },
          {
            firstName: 'Ida',
            lastName: 'Neu',
            dob: '2016-07-08',
            positionsNummer: 2,
            properties: { allergie: 'keine' },
          },
        ],
      },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      firstName: 'Maria',
      lastName: 'Neu',
      tel: '0171',
      role: Role.STANDARD_ROLE,
      email: me.user.email,
      department: Department.OPM,
      auswertung: false,
      isVerified: true,
    });
    expect(body.userInspection).toEqual([
      { _id: keptId, firstName: 'Tim', lastName: 'Neu', dob: '2014-05-06', positionsNummer: 1, properties: {} },
      expect.objectContaining({ firstName: 'Ida', positionsNummer: 2, properties: { allergie: 'keine' } }),
    ]);
    expect(body.userInspection[1]._id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await rowOf(me.user.id)).toMatchObject({ role: Role.STANDARD_ROLE, email: me.user.email });
  });

  it("answers 404 for another user's id, also for admins, and 400 for bad input", async () => {
    const me = await t.signedIn(Role.STANDARD_ROLE);
    const admin = await t.signedIn(Role.ADMIN_ROLE);
    const other = await t.createUser({ firstName: 'Bleibt' });
    const payload = { firstName: 'Fremd', lastName: 'Zugriff' };
    for (const token of [me.token, admin.token]) {
      const res = await t.api({ method: 'PUT', url: `/users/${other.id}`, token, payload });
      expect(res.statusCode).toBe(404);
    }
    expect((await rowOf(other.id)).firstName).toBe('Bleibt');
    const bad = await t.api({
      method: 'PUT',
      url: `/users/${me.user.id}`,
      token: me.token,
      payload: { firstName: '', lastName: 'x', userInspection: [{ dob: '2015-01-01', positionsNummer: 0 }] },
    });
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad).sort()).toEqual(['firstName', 'userInspection.0.positionsNummer']);
    expect((await t.api({ method: 'PUT', url: `/users/${me.user.id}`, payload })).statusCode).toBe(401);
  });
});

describe('PUT users/me/language', () => {
  it('keeps the choice on the account, so the next sign-in on any device starts in it', async () => {
    const { user, token, session } = await t.signedIn(Role.STANDARD_ROLE);
    expect(session.language).toBeNull();
    const res = await t.api({ method: 'PUT', url: '/users/me/language', token, payload: { language: 'en' } });
    expect(res.statusCode).toBe(204);
    expect((await t.login(user.email)).language).toBe('en');
    await t.api({ method: 'PUT', url: '/users/me/language', token, payload: { language: 'de' } });
    expect((await t.login(user.email)).language).toBe('de');
  });

  it("takes only the app's languages, and only from a signed-in user", async () => {
    const { token } = await t.signedIn(Role.STANDARD_ROLE);
    const bad = await t.api({ method: 'PUT', url: '/users/me/language', token, payload: { language: 'fr' } });
    expect(bad.statusCode).toBe(400);
    const anonymous = await t.api({ method: 'PUT', url: '/users/me/language', payload: { language: 'en' } });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('DELETE users/{id}', () => {
  it('deletes an account, which ends its sessions; a second delete is a 404', async () => {
    const admin = await t.signedIn(Role.ADMIN_ROLE);
    const victim = await t.signedIn(Role.STANDARD_ROLE);
    const res = await t.api({ method: 'DELETE', url: `/users/${victim.user.id}`, token: admin.token });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await t.api({ method: 'GET', url: `/users/${victim.user.id}`, token: admin.token })).statusCode).toBe(404);
    expect((await t.api({ method: 'DELETE', url: `/users/${victim.user.id}`, token: admin.token })).statusCode).toBe(
      404,
    );
    expect((await t.api({ method: 'GET', url: '/users/me', token: victim.token })).statusCode).toBe(401);
  });

  it('refuses the own account, malformed ids and non-admins', async () => {
    const admin = await t.signedIn(Role.ADMIN_ROLE);
    const own = await t.api({ method: 'DELETE', url: `/users/${admin.user.id}`, token: admin.token });
    expect(own.statusCode).toBe(400);
    expect(fieldsOf(own)).toEqual(['id']);
    expect((await t.api({ method: 'DELETE', url: '/users/1', token: admin.token })).statusCode).toBe(400);
    const other = await t.createUser();
    const { token } = await t.signedIn(Role.LIST_ADMIN_ROLE);
    expect((await t.api({ method: 'DELETE', url: `/users/${other.id}`, token })).statusCode).toBe(403);
    expect((await t.api({ method: 'DELETE', url: `/users/${other.id}` })).statusCode).toBe(401);
    expect(await rowOf(admin.user.id)).toBeDefined();
    expect(await rowOf(other.id)).toBeDefined();
  });
});

describe('look-up lists', () => {
  it('lists the 12 roles with role 2 as ROLE_TENANTADMIN, the customer roles, departments and customers', async () => {
    const { token } = await t.signedIn(Role.ROLE_FILIALE, { customerRole: CustomerRole.ROLE_DEFAULT });
    const get = async (what: string) => {
      const res = await t.api({ method: 'GET', url: `/users/${what}/all`, token });
      expect(res.statusCode).toBe(200);
      return res.json() as { id: number; name: string; label: string }[];
    };
    const roles = await get('roles');
    expect(roles).toHaveLength(12);
    expect(roles.map((r) => r.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(roles.find((r) => r.id === 2)?.name).toBe('ROLE_TENANTADMIN');
    expect(roles.find((r) => r.id === 1)?.name).toBe('ADMIN_ROLE');
    expect((await get('customerroles')).map((r) => [r.id, r.name])).toEqual([
      [1, 'ROLE_DEFAULT'],
      [2, 'ROLE_REGIONAL_MANAGER'],
      [3, 'ROLE_CONTROL'],
    ]);
    expect((await get('departments')).map((r) => [r.id, r.name])).toEqual([
      [1, 'NO_DEPARTMENT'],
      [2, 'EL'],
      [3, 'OPM'],
      [4, 'KTB'],
      [5, 'OFM'],
    ]);
    expect((await get('customers')).map((r) => r.id)).toEqual([0, 1]);
    expect((await t.api({ method: 'GET', url: '/users/roles/all' })).statusCode).toBe(401);
  });

  it('finds a user id by abbreviation', async () => {
    const tenant = await t.createTenant();
    const { token } = await t.signedIn(Role.STANDARD_ROLE, { tenantIds: [tenant.id] });
    const abbreviation = `Z${tag().slice(0, 7).toUpperCase()}`;
    const user = await t.createUser({ abbreviation, tenantIds: [tenant.id] });
    const res = await t.api({
      method: 'GET',
      url: `/users/findOneIdByAbbreviation?abbreviation=${abbreviation}`,
      token,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ _id: user.id });
    const unknown = await t.api({
      method: 'GET',
      url: '/users/findOneIdByAbbreviation?abbreviation=QQQQQQQQQQ',
      token,
    });
    expect(unknown.statusCode).toBe(404);
    const missing = await t.api({ method: 'GET', url: '/users/findOneIdByAbbreviation', token });
    expect(missing.statusCode).toBe(400);
    expect(fieldsOf(missing)).toEqual(['querystring.abbreviation']);
  });

  describe('the users of a department', () => {
    let token = '';
    let none: Awaited<ReturnType<typeof t.createUser>>;
    let noneResigned: typeof none;
    let ktb: typeof none;
    let ktbResigned: typeof none;
    const ids = async (url: string) => {
      const res = await t.api({ method: 'GET', url, token });
      expect(res.statusCode).toBe(200);
      return (res.json() as { _id: string; department: number }[]).map((u) => {
        expect(Object.keys(u).sort()).toEqual(['_id', 'abbreviation', 'department', 'email', 'firstName', 'lastName']);
        return u._id;
      });
    };
    beforeAll(async () => {
      const tenant = await t.createTenant();
      const tenantIds = [tenant.id];
      token = (await t.signedIn(Role.PROJECT_ROLE, { tenantIds })).token;
      none = await t.createUser({ department: Department.NO_DEPARTMENT, tenantIds });
      noneResigned = await t.createUser({ department: Department.NO_DEPARTMENT, isResigned: true, tenantIds });
      ktb = await t.createUser({ department: Department.KTB, lastName: 'Kaufmann', tenantIds });
      ktbResigned = await t.createUser({ department: Department.KTB, isResigned: true, tenantIds });
    });

    it('are the active ones, with the look-up fields only', async () => {
      const activeKtb = await ids(`/users/getUsersByDepartment/${Department.KTB}`);
      expect(activeKtb).toContain(ktb.id);
      expect(activeKtb).not.toContain(ktbResigned.id);
      expect(activeKtb).not.toContain(none.id);
    });

    it('include the resigned with getAll', async () => {
      const allKtb = await ids(`/users/getAllUsersByDepartment/${Department.KTB}`);
      expect(allKtb).toEqual(expect.arrayContaining([ktb.id, ktbResigned.id]));
      expect(allKtb).not.toContain(none.id);
    });

    it('are those of department 1 by default', async () => {
      for (const url of ['/users/getUsersByDepartment', '/users/getUsersByDepartment/']) {
        const byDefault = await ids(url);
        expect(byDefault).toContain(none.id);
        expect(byDefault).not.toContain(noneResigned.id);
        expect(byDefault).not.toContain(ktb.id);
      }
      for (const url of ['/users/getAllUsersByDepartment', '/users/getAllUsersByDepartment/']) {
        const allByDefault = await ids(url);
        expect(allByDefault).toEqual(expect.arrayContaining([none.id, noneResigned.id]));
        expect(allByDefault).not.toContain(ktb.id);
      }
    });

    it('are refused (400) for a department that is none', async () => {
      for (const dept of ['9', 'abc', '0']) {
        const res = await t.api({ method: 'GET', url: `/users/getUsersByDepartment/${dept}`, token });
        expect(res.statusCode).toBe(400);
      }
    });
  });

  it('keeps branch users (role 8) out of the user look-ups', async () => {
    const { token } = await t.signedIn(Role.ROLE_FILIALE, { customerRole: CustomerRole.ROLE_CONTROL });
    for (const url of [
      '/users/findOneIdByAbbreviation?abbreviation=AA',
      '/users/getUsersByDepartment',
      '/users/getUsersByDepartment/2',
      '/users/getAllUsersByDepartment',
      '/users/getAllUsersByDepartment/2',
    ]) {
      const res = await t.api({ method: 'GET', url, token });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
    }
    expect((await t.api({ method: 'GET', url: '/users/getUsersByDepartment' })).statusCode).toBe(401);
  });

  it("keeps the user directory in the caller's tenants", async () => {
    const own = await t.createTenant('Eigener Mandant');
    const other = await t.createTenant('Fremder Mandant');
    const { token } = await t.signedIn(Role.STANDARD_ROLE, { tenantIds: [own.id] });
    const colleague = await t.createUser({ department: Department.OFM, tenantIds: [own.id] });
    const stranger = await t.createUser({ department: Department.OFM, tenantIds: [other.id] });
    const both = await t.createUser({ department: Department.OFM, tenantIds: [other.id, own.id] });
    const homeless = await t.createUser({ department: Department.OFM });
    for (const url of [
      `/users/getUsersByDepartment/${Department.OFM}`,
      `/users/getAllUsersByDepartment/${Department.OFM}`,
    ]) {
      const res = await t.api({ method: 'GET', url, token });
      expect(res.statusCode, url).toBe(200);
      const ids = (res.json() as { _id: string }[]).map((u) => u._id);
      expect(ids, url).toEqual(expect.arrayContaining([colleague.id, both.id]));
      expect(ids, url).not.toContain(stranger.id);
      expect(ids, url).not.toContain(homeless.id);
      expect(res.body, url).not.toContain(stranger.email);
    }
    const byAbbreviation = (abbreviation: string) =>
      t.api({ method: 'GET', url: `/users/findOneIdByAbbreviation?abbreviation=${abbreviation}`, token });
    expect((await byAbbreviation(colleague.abbreviation)).json()).toEqual({ _id: colleague.id });
    expect((await byAbbreviation(stranger.abbreviation)).statusCode).toBe(404);
    // Admins work in every tenant.
    const admin = await t.signedIn(Role.ADMIN_ROLE);
    const all = await t.api({
      method: 'GET',
      url: `/users/getUsersByDepartment/${Department.OFM}`,
      token: admin.token,
    });
    expect((all.json() as { _id: string }[]).map((u) => u._id)).toEqual(
      expect.arrayContaining([colleague.id, stranger.id, homeless.id]),
    );
  });

  it('limits the look-ups to the back-office roles that assign people', async () => {
    const allowed = [
      Role.ADMIN_ROLE,
      Role.LIST_ADMIN_ROLE,
      Role.STANDARD_ROLE,
      Role.PROJECT_ROLE,
      Role.PROJECT_ONLY_ROLE,
      Role.ROLE_LEITER_FERTIGUNG,
    ];
    for (const role of Object.values(Role)) {
      const { token } = await t.signedIn(
        role,
        role === Role.ROLE_FILIALE ? { customerRole: CustomerRole.ROLE_CONTROL } : {},
      );
      const res = await t.api({ method: 'GET', url: '/users/getUsersByDepartment/2', token });
      expect(res.statusCode, `role ${role}`).toBe(allowed.includes(role as (typeof allowed)[number]) ? 200 : 403);
    }
  });
});
