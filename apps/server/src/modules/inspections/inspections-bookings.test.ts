import { Role } from '@pruefbuch/domain/roles';
import { describe, expect, it } from 'vitest';
import { auditRowsOf, branchMember, fieldsOf, member } from '../../../test/fixtures/books';
import { call, FOREIGN, inspectionWorld, isoDay } from '../../../test/fixtures/inspections';
import { createTestApp } from '../../../test/helper';

const t = await createTestApp();
const person = (extra: Record<string, unknown> = {}) => ({ firstName: 'Mia', lastName: 'Muster', ...extra });

describe('POST books/{id}/inspection (bookings)', () => {
  it("registers people for the book's slots with 'Anmeldung erfolgreich!' until they are full", async () => {
    const w = await inspectionWorld(t, Role.STANDARD_ROLE, { slots: 2, enableFrom: isoDay(-5), enableTo: isoDay(5) });
    const meta0 = await call(t, w)('GET', `/books/${w.book._id}/meta`);
    expect(meta0.json()).toEqual({ freeslots: 2, usedslots: 0, bookable: true, bookableInFuture: false });
    const first = await call(t, w)('POST', `/books/${w.book._id}/inspection`, person({ user_id: w.user.id }));
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({
      success: true,
      message: 'Anmeldung erfolgreich!',
      meta: { freeslots: 1, usedslots: 1, bookable: true, bookableInFuture: false },
    });
    const again = await call(t, w)('POST', `/books/${w.book._id}/inspection`, person({ user_id: w.user.id }));
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('ALREADY_BOOKED');
    const second = await call(t, w)('POST', `/books/${w.book._id}/inspection`, person({ dob: '2016-05-01' }));
    expect(second.json().meta).toEqual({ freeslots: 0, usedslots: 2, bookable: false, bookableInFuture: false });
    const full = await call(t, w)('POST', `/books/${w.book._id}/inspection`, person());
    expect(full.statusCode).toBe(409);
    expect(full.json()).toMatchObject({ code: 'FULLY_BOOKED', message: 'Es sind keine Plätze mehr frei.' });
    expect((await auditRowsOf(t, w.book._id)).filter((a) => a.field === 'booking')).toHaveLength(2);
  });

  it("answers before the window with 'TOO EARLY' and after it with TOO_LATE", async () => {
    const early = await inspectionWorld(t, Role.STANDARD_ROLE, { enableFrom: isoDay(3) });
    const res = await call(t, early)('POST', `/books/${early.book._id}/inspection`, person());
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'TOO EARLY',
      message: 'Sie sind etwas zu früh dran - probieren sie es bitte später!',
    });
    expect((await call(t, early)('GET', `/books/${early.book._id}/meta`)).json()).toEqual({
      freeslots: 1,
      usedslots: 0,
      bookable: false,
      bookableInFuture: true,
    });
    const late = await inspectionWorld(t, Role.STANDARD_ROLE, { enableFrom: isoDay(-9), enableTo: isoDay(-2) });
    const tooLate = await call(t, late)('POST', `/books/${late.book._id}/inspection`, person());
    expect(tooLate.statusCode).toBe(400);
    expect(tooLate.json().code).toBe('TOO_LATE');
    expect((await call(t, late)('GET', `/books/${late.book._id}/meta`)).json().bookable).toBe(false);
  });

  it('gives one of two simultaneous bookings the last slot', async () => {
    const w = await inspectionWorld(t);
    const codes = (
      await Promise.all([1, 2, 3].map(() => call(t, w)('POST', `/books/${w.book._id}/inspection`, person())))
    )
      .map((r) => r.statusCode)
      .sort();
    expect(codes).toEqual([201, 409, 409]);
  });

  it('refuses bad entries, unknown and foreign books and users', async () => {
    const w = await inspectionWorld(t);
    const other = await inspectionWorld(t);
    const post = (id: string, body: unknown) => call(t, w)('POST', `/books/${id}/inspection`, body);
    expect(fieldsOf(await post(w.book._id, { lastName: 'x' }))).toEqual(['firstName']);
    expect(fieldsOf(await post(w.book._id, person({ dob: '1.1.2010' })))).toEqual(['dob']);
    expect(fieldsOf(await post(w.book._id, person({ user_id: 'abc' })))).toEqual(['user_id']);
    expect((await post(w.book._id, person({ user_id: other.user.id }))).statusCode).toBe(404);
    expect((await post(w.book._id, person({ user_id: FOREIGN }))).statusCode).toBe(404);
    expect((await post(other.book._id, person())).statusCode).toBe(404);
    expect((await post('abc', person())).statusCode).toBe(400);
    expect((await call(t, w)('GET', `/books/${other.book._id}/meta`)).statusCode).toBe(404);
    expect((await call(t, w)('GET', `/books/${w.book._id}/meta`)).json().usedslots).toBe(0);
  });
});

describe('GET books/{id}/inspectionUser/{userId}', () => {
  it('shows users their own bookings; office roles anybody’s of the tenant; others 403', async () => {
    const w = await inspectionWorld(t, Role.STANDARD_ROLE, { slots: 5 });
    const tech = await member(t, Role.ROLE_SERVICE_TECHNIKER, [w.tenantId]);
    const booked = await call(t, w)(
      'POST',
      `/books/${w.book._id}/inspection`,
      person({ user_id: tech.id }),
      tech.token,
    );
    expect(booked.statusCode).toBe(201);
    const own = await call(t, w)('GET', `/books/${w.book._id}/inspectionUser/${tech.id}`, undefined, tech.token);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual([
      expect.objectContaining({ book: w.book._id, user_id: tech.id, firstName: 'Mia', lastName: 'Muster', dob: null }),
    ]);
    const byOffice = await call(t, w)('GET', `/books/${w.book._id}/inspectionUser/${tech.id}`);
    expect(byOffice.json()).toHaveLength(1);
    const notOwn = await call(t, w)('GET', `/books/${w.book._id}/inspectionUser/${w.user.id}`, undefined, tech.token);
    expect(notOwn.statusCode).toBe(403);
    const outsider = await inspectionWorld(t);
    expect((await call(t, w)('GET', `/books/${w.book._id}/inspectionUser/${outsider.user.id}`)).statusCode).toBe(404);
    expect((await call(t, w)('GET', `/books/${outsider.book._id}/inspectionUser/${w.user.id}`)).statusCode).toBe(404);
    expect((await call(t, w)('GET', `/books/${w.book._id}/inspectionUser/abc`)).statusCode).toBe(400);
    expect((await call(t, w)('GET', `/books/${w.book._id}/inspectionUser/${w.user.id}`)).json()).toEqual([]);
  });
});

describe('GET books/{id}/bookings and DELETE books/{id}/bookings/{bookingId}', () => {
  it('lets the office see who registered, with date of birth and child entries', async () => {
    const w = await inspectionWorld(t, Role.STANDARD_ROLE, { slots: 5 });
    const tech = await member(t, Role.ROLE_SERVICE_TECHNIKER, [w.tenantId]);
    const children = [{ firstName: 'Ben', lastName: 'Muster', dob: '2016-04-02', positionsNummer: 1 }];
    const booked = await call(t, w)(
      'POST',
      `/books/${w.book._id}/inspection`,
      person({ user_id: tech.id, dob: '1990-01-15', properties: { userInspection: children } }),
      tech.token,
    );
    expect(booked.statusCode).toBe(201);
    const list = await call(t, w)('GET', `/books/${w.book._id}/bookings`);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([
      expect.objectContaining({
        user_id: tech.id,
        firstName: 'Mia',
        lastName: 'Muster',
        dob: '1990-01-15',
        properties: { userInspection: children },
      }),
    ]);
    // Only the office roles see everybody's registrations.
    expect((await call(t, w)('GET', `/books/${w.book._id}/bookings`, undefined, tech.token)).statusCode).toBe(403);
    const outsider = await inspectionWorld(t);
    expect((await call(t, outsider)('GET', `/books/${w.book._id}/bookings`)).statusCode).toBe(404);
    // Child entries are typed: a date of birth must be a date.
    const bad = await call(t, w)(
      'POST',
      `/books/${w.book._id}/inspection`,
      person({ properties: { userInspection: [{ firstName: 'X', dob: '2.4.2016' }] } }),
    );
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad)).toEqual(['properties.userInspection.0.dob']);
  });

  it('cancels one’s own registration and frees the slot; the office may cancel anybody’s, others nobody else’s', async () => {
    const w = await inspectionWorld(t, Role.STANDARD_ROLE, { slots: 3, enableFrom: isoDay(-1), enableTo: isoDay(9) });
    const tech = await member(t, Role.ROLE_SERVICE_TECHNIKER, [w.tenantId]);
    const branch = await branchMember(t, w.tenantId, [w.book._id]);
    const book = (token: string, user_id: string) =>
      call(t, w)('POST', `/books/${w.book._id}/inspection`, person({ user_id }), token);
    expect((await book(tech.token, tech.id)).statusCode).toBe(201);
    expect((await book(branch.token, branch.id)).statusCode).toBe(201);
    const ids = Object.fromEntries(
      ((await call(t, w)('GET', `/books/${w.book._id}/bookings`)).json() as { _id: string; user_id: string }[]).map(
        (b) => [b.user_id, b._id],
      ),
    );
    const cancel = (id: string, token?: string) =>
      call(t, w)('DELETE', `/books/${w.book._id}/bookings/${id}`, undefined, token);

    // Somebody else's registration: not found for the technician.
    expect((await cancel(ids[branch.id] as string, tech.token)).statusCode).toBe(404);
    const own = await cancel(ids[tech.id] as string, tech.token);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual({ freeslots: 2, usedslots: 1, bookable: true, bookableInFuture: false });
    expect((await cancel(ids[tech.id] as string, tech.token)).statusCode).toBe(404);
    // Registering again after cancelling works.
    expect((await book(tech.token, tech.id)).statusCode).toBe(201);
    // The office removes the branch user's registration.
    const byOffice = await cancel(ids[branch.id] as string);
    expect(byOffice.statusCode).toBe(200);
    expect(byOffice.json().usedslots).toBe(1);
    const rows = (await auditRowsOf(t, w.book._id)).filter((a) => a.field === 'booking');
    expect(rows.filter((a) => a.newValue === null).map((a) => a.oldValue)).toEqual(['Mia Muster', 'Mia Muster']);
    const other = await inspectionWorld(t);
    expect((await call(t, other)('DELETE', `/books/${w.book._id}/bookings/${ids[tech.id]}`)).statusCode).toBe(404);
    expect((await cancel('abc')).statusCode).toBe(400);
  });
});

describe('POST books/calculatedate', () => {
  it.each([
    [{ date: '2026-01-31', serviceinterval: 1 }, '2026-02-28'],
    [{ date: '2024-02-29', serviceinterval: 12 }, '2025-02-28'],
    [{ date: '2026-03-15', serviceinterval: 3 }, '2026-06-15'],
    [{ date: '2026-03-15', serviceinterval: -7 }, '2026-03-22'],
    [{ date: '2026-03-15', serviceinterval: 0 }, null],
    [{ date: '2026-03-15', serviceinterval: 12, kind: 'gutachten', isAbnahmeGutachten: true }, null],
  ])('%o → %s', async (payload, calcdate) => {
    const w = await inspectionWorld(t);
    const res = await call(t, w)('POST', '/books/calculatedate', payload);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ calcdate });
  });

  it('refuses an unknown interval and a bad date', async () => {
    const w = await inspectionWorld(t);
    expect(
      fieldsOf(await call(t, w)('POST', '/books/calculatedate', { date: '2026-03-15', serviceinterval: 5 })),
    ).toEqual(['serviceinterval']);
    expect(
      fieldsOf(await call(t, w)('POST', '/books/calculatedate', { date: '15.03.2026', serviceinterval: 12 })),
    ).toEqual(['date']);
  });
});
