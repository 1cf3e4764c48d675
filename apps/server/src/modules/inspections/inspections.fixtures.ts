import { Role, type RoleNumber } from '@pruefbuch/domain/roles';
import { defectsAgainstOperation } from '@pruefbuch/domain/rules/continued-operation';
import type { Book } from '@pruefbuch/domain/schemas/book';
import type { Inspection } from '@pruefbuch/domain/schemas/inspection';
import type { TestApp } from '../../../test/helper';
import { createBook, member, SLIDING_DOOR_TYPE, tag } from '../books/books.fixtures';

/** Small helpers of the inspection, booking and list API tests. */

/** A 1×1 PNG as a data URL: a valid drawn signature as far as the API is concerned. */
export const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
export const signature = (name = 'Tobias Techniker') => ({ name, image: PNG });

export const FOREIGN = '11111111-1111-4111-8111-111111111111';

/** The ISO date `days` from today (UTC; the tests keep a day's margin to Berlin's date). */
export const isoDay = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** A tenant with a standard user and a sliding door (yearly inspection, monthly self-inspection). */
export async function inspectionWorld(t: TestApp, role: RoleNumber = Role.STANDARD_ROLE, bookFields = {}) {
  const tenant = await t.createTenant(`Prüfmandant ${tag()}`);
  const user = await member(t, role, [tenant.id]);
  const book = await createBook(t, user.token, tenant.id, {
    title: `Schiebetür ${tag()}`,
    bookType: SLIDING_DOOR_TYPE,
    serviceinterval: 12,
    selfserviceinterval: 1,
    ...bookFields,
  });
  return { tenant, tenantId: tenant.id, user, book };
}
export type World = Awaited<ReturnType<typeof inspectionWorld>>;

export const call =
  (t: TestApp, w: { tenantId: string; user: { token: string } }) =>
  (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, token = w.user.token) =>
    t.api({ method, url, token, tenant: w.tenantId, ...(payload === undefined ? {} : { payload: payload as object }) });

/** POST inspections (or selfinspections for kind 'self'); fails the test on anything but 201. */
export async function draft(t: TestApp, w: World, fields: Record<string, unknown> = {}, token = w.user.token) {
  const self = fields.kind === 'self';
  const { kind, ...rest } = fields;
  const res = await call(t, w)(
    'POST',
    self ? '/selfinspections' : '/inspections',
    { book: w.book._id, when: isoDay(-1), ...(self ? {} : { kind: kind ?? 'inspection' }), ...rest },
    token,
  );
  if (res.statusCode !== 201) throw new Error(`draft failed: ${res.statusCode} ${res.body}`);
  return res.json() as Inspection;
}

/**
 * Every checklist item ok, signed, continued operation stated (yes, unless an open defect rules it
 * out): what finalize needs.
 */
export const complete = (r: Inspection, extra: Record<string, unknown> = {}) => ({
  __v: r.__v,
  checklist: r.checklist.map((c) => ({ ...c, result: 'ok' })),
  continuedOperation:
    defectsAgainstOperation({ defects: (extra.defects as Inspection['defects']) ?? r.defects }).length === 0,
  inspectorSignature: signature(),
  ...extra,
});

const base = (r: Inspection) => (r.kind === 'self' ? '/selfinspections' : '/inspections');

/** Completes a draft and finalizes it; fails the test unless both succeed. */
export async function finalized(t: TestApp, w: World, fields: Record<string, unknown> = {}, extra = {}) {
  const r = await draft(t, w, fields);
  const put = await call(t, w)('PUT', `${base(r)}/${r._id}`, complete(r, extra));
  if (put.statusCode !== 200) throw new Error(`update failed: ${put.statusCode} ${put.body}`);
  const res = await call(t, w)('POST', `${base(r)}/${r._id}/finalize`, { __v: put.json().__v });
  if (res.statusCode !== 200) throw new Error(`finalize failed: ${res.statusCode} ${res.body}`);
  return res.json() as Inspection;
}

export async function bookOf(t: TestApp, w: World) {
  const res = await call(t, w)('GET', `/books/${w.book._id}`);
  return res.json() as Book;
}
