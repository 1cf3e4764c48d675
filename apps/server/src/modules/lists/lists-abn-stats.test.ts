import { Role } from '@pruefbuch/domain/roles';
import { describe, expect, it } from 'vitest';
import { fieldsOf, member } from '../../../test/fixtures/books';
import { call, complete, draft, FOREIGN, finalized, inspectionWorld } from '../../../test/fixtures/inspections';
import { createTestApp } from '../../../test/helper';

const t = await createTestApp();

describe('GET inspections/abnStats/{tenantId}/{from}/{to}', () => {
  it('counts finalized expert reports per month, acceptance and periodic, every month of the range', async () => {
    const w = await inspectionWorld(t, Role.ROLE_SERVICE_TECHNIKER);
    await finalized(t, w, { kind: 'gutachten', when: '2026-01-10', isAbnahmeGutachten: true });
    await finalized(t, w, { kind: 'gutachten', when: '2026-01-31' });
    const corrected = await finalized(t, w, { kind: 'gutachten', when: '2026-03-01' });
    await finalized(t, w, { kind: 'gutachten', when: '2026-04-02' });
    // Not counted: a draft, other kinds, outside the range, another tenant.
    await draft(t, w, { kind: 'gutachten', when: '2026-02-05' });
    await finalized(t, w, { kind: 'inspection', when: '2026-02-05' });
    await finalized(t, w, { kind: 'gutachten', when: '2025-12-31' });
    const other = await inspectionWorld(t);
    await finalized(t, other, { kind: 'gutachten', when: '2026-02-05' });
    // A finalized correction replaces the report it corrects: counted once, in the correction's month.
    const c = await draft(t, w, {
      kind: 'gutachten',
      when: '2026-03-20',
      corrects: corrected._id,
      isAbnahmeGutachten: true,
    });
    const put = await call(t, w)('PUT', `/inspections/${c._id}`, complete(c));
    await call(t, w)('POST', `/inspections/${c._id}/finalize`, { __v: put.json().__v });

    const res = await call(t, w)('GET', `/inspections/abnStats/${w.tenantId}/2026-01-01/2026-03-31`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      from: '2026-01-01',
      to: '2026-03-31',
      months: [
        { month: '2026-01', acceptance: 1, periodic: 1, total: 2 },
        { month: '2026-02', acceptance: 0, periodic: 0, total: 0 },
        { month: '2026-03', acceptance: 1, periodic: 0, total: 1 },
      ],
      total: 3,
    });
  });

  it('refuses bad dates, a reversed or too long range, and tenants the user may not use', async () => {
    const w = await inspectionWorld(t);
    const other = await inspectionWorld(t);
    const get = (tenant: string, from: string, to: string) =>
      call(t, w)('GET', `/inspections/abnStats/${tenant}/${from}/${to}`);
    expect(fieldsOf(await get(w.tenantId, '2026-13-01', '2026-12-31'))).toEqual(['params.from']);
    expect(fieldsOf(await get(w.tenantId, '2026-01-01', 'morgen'))).toEqual(['params.to']);
    expect(fieldsOf(await get(w.tenantId, '2026-05-01', '2026-04-30'))).toEqual(['to']);
    expect(fieldsOf(await get(w.tenantId, '2021-01-01', '2026-01-02'))).toEqual(['to']);
    expect((await get(w.tenantId, '2021-01-01', '2026-01-01')).json().months).toHaveLength(61);
    expect((await get(w.tenantId, '2026-04-30', '2026-04-30')).json().months).toEqual([
      { month: '2026-04', acceptance: 0, periodic: 0, total: 0 },
    ]);
    expect((await get(other.tenantId, '2026-01-01', '2026-12-31')).statusCode).toBe(404);
    expect((await get(FOREIGN, '2026-01-01', '2026-12-31')).statusCode).toBe(404);
    expect((await get('abc', '2026-01-01', '2026-12-31')).statusCode).toBe(400);
    const branch = await member(t, Role.ROLE_FILIALE, [w.tenantId]);
    const refused = await call(t, w)(
      'GET',
      `/inspections/abnStats/${w.tenantId}/2026-01-01/2026-12-31`,
      undefined,
      branch.token,
    );
    expect(refused.statusCode).toBe(403);
  });
});
