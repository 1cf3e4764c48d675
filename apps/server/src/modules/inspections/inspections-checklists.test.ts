/**
 * Records take the checklist of their book type (decision 021): its own lists once an admin changed
 * them, and a finalized record keeps the items and texts it had, whatever the type's list becomes.
 */

import { Role } from '@pruefbuch/domain/roles';
import { NORM_CHECKLISTS } from '@pruefbuch/domain/rules/checklists';
import type { BookType } from '@pruefbuch/domain/schemas/booktype';
import type { Inspection } from '@pruefbuch/domain/schemas/inspection';
import { describe, expect, it } from 'vitest';
import { member, tag } from '../../../test/fixtures/books';
import { call, complete, draft, finalized, inspectionWorld, isoDay } from '../../../test/fixtures/inspections';
import { createTestApp } from '../../../test/helper';

const t = await createTestApp();
const admin = await member(t, Role.ADMIN_ROLE, []);

const items = (r: { checklist: { item: string }[] }) => r.checklist.map((c) => c.item);
const labels = (r: { checklist: { label: string }[] }) => r.checklist.map((c) => c.label);

async function bookType(payload: Record<string, unknown>) {
  const res = await t.api({ method: 'POST', url: '/booktype', token: admin.token, payload });
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json() as BookType;
}

async function changeLists(bt: BookType, changes: Record<string, unknown>) {
  const current = (await t.api({ method: 'GET', url: `/booktype/${bt._id}`, token: admin.token })).json() as BookType;
  const { _id, createdAt, updatedAt, ...fields } = current;
  const res = await t.api({
    method: 'PUT',
    url: `/booktype/${_id}`,
    token: admin.token,
    payload: { ...fields, ...changes },
  });
  if (res.statusCode !== 200) throw new Error(res.body);
  return res.json() as BookType;
}

describe('the checklist of a new record', () => {
  it.each([
    ['Rauch- und Wärmeabzugsanlage', 'DIN 18232-2', 'rwa'],
    ['Feststellanlage', 'DIN 14677', 'holdOpen'],
    ['Kraftbetätigtes Tor', 'ASR A1.7', 'gate'],
    ['Automatische Drehflügeltür', 'DIN 18650 / EN 16005', 'swing'],
  ] as const)(
    '%s: the operator’s list for a self-inspection, the specialist’s for the others',
    async (type, component, installation) => {
      const bt = await bookType({ type: `${type} ${tag()}`, component });
      const w = await inspectionWorld(t, Role.STANDARD_ROLE, { bookType: bt._id });
      const self = await draft(t, w, { kind: 'self' });
      expect(items(self)).toEqual(NORM_CHECKLISTS[installation].operator);
      expect(self.checklistName).toBe(`${installation}Self`);
      for (const kind of ['inspection', 'wartung', 'gutachten']) {
        const r = await draft(t, w, { kind });
        expect(items(r), kind).toEqual(NORM_CHECKLISTS[installation].specialist);
        expect(r.checklistName).toBe(installation);
      }
    },
  );

  it('is the type’s own list once an admin changed it, with the admin’s texts and the norm texts in German', async () => {
    const bt = await bookType({ type: `Schiebetür ${tag()}`, component: 'DIN 18650' });
    await changeLists(bt, {
      selfChecklist: [
        { item: 'custom.key01', label: 'Schlüsselschalter außen funktioniert' },
        { item: 'doorCheck.opens', label: '' },
        { item: 'doorCheck.safetyStop', label: 'Tür stoppt vor dem Kinderwagen' },
      ],
    });
    const w = await inspectionWorld(t, Role.STANDARD_ROLE, { bookType: bt._id });
    const self = await draft(t, w, { kind: 'self' });
    expect(items(self)).toEqual(['custom.key01', 'doorCheck.opens', 'doorCheck.safetyStop']);
    expect(labels(self)).toEqual([
      'Schlüsselschalter außen funktioniert',
      'Tür öffnet bei Annäherung zügig und schließt nach dem Durchgang',
      'Tür stoppt vor dem Kinderwagen',
    ]);
    // The default text lists the type's checks.
    expect(self.text).toContain('- Schlüsselschalter außen funktioniert');
    // The editor sends the list back without texts: the type's texts are kept.
    const sent = await call(t, w)('POST', '/selfinspections', {
      book: w.book._id,
      when: isoDay(-1),
      checklist: self.checklist.map((c) => ({ item: c.item, label: '', result: 'ok' })),
    });
    expect(sent.statusCode).toBe(201);
    expect(labels(sent.json())).toEqual(labels(self));
    // A specialist's record of the same type still gets the norm list.
    expect(items(await draft(t, w, { kind: 'wartung' }))).toEqual(NORM_CHECKLISTS.sliding.specialist);
  });
});

describe('a finalized record', () => {
  it('keeps its items and texts when the type’s list is changed, renamed or reset; a new record takes the new list', async () => {
    const bt = await bookType({ type: `RWA ${tag()}`, component: 'DIN 18232-2' });
    const w = await inspectionWorld(t, Role.STANDARD_ROLE, { bookType: bt._id });
    await changeLists(bt, {
      checklist: [
        { item: 'rwa.triggerTest', label: '' },
        { item: 'custom.roof', label: 'Dachzugang gesichert' },
      ],
    });
    const done = await finalized(t, w, { kind: 'inspection' });
    const draftBefore = await draft(t, w, { kind: 'wartung' });
    expect(items(done)).toEqual(['rwa.triggerTest', 'custom.roof']);
    const before = labels(done);

    await changeLists(bt, {
      checklist: [
        { item: 'custom.roof', label: 'Dachzugang mit Absturzsicherung' },
        { item: 'rwa.openingTime', label: 'Öffnungszeit unter 60 s' },
      ],
    });
    const read = (await call(t, w)('GET', `/inspections/${done._id}`)).json() as Inspection;
    expect(items(read)).toEqual(['rwa.triggerTest', 'custom.roof']);
    expect(labels(read)).toEqual(before);
    expect(labels(read)).toContain('Dachzugang gesichert');
    // A draft made before the change keeps the texts it was made with when it is saved.
    const saved = await call(t, w)('PUT', `/inspections/${draftBefore._id}`, complete(draftBefore));
    expect(saved.statusCode).toBe(200);
    expect(labels(saved.json())).toEqual(before);
    // A correction of the finalized record keeps its items and texts too.
    const correction = await call(t, w)('POST', '/inspections', {
      book: w.book._id,
      kind: 'inspection',
      when: isoDay(-1),
      corrects: done._id,
    });
    expect(correction.statusCode).toBe(201);
    expect(labels(correction.json())).toEqual(before);

    const fresh = await draft(t, w, { kind: 'inspection' });
    expect(items(fresh)).toEqual(['custom.roof', 'rwa.openingTime']);
    expect(labels(fresh)).toEqual(['Dachzugang mit Absturzsicherung', 'Öffnungszeit unter 60 s']);

    await changeLists(bt, { checklist: null });
    expect(labels((await call(t, w)('GET', `/inspections/${done._id}`)).json())).toEqual(before);
    expect(items(await draft(t, w, { kind: 'inspection' }))).toEqual(NORM_CHECKLISTS.rwa.specialist);
  });

  it('keeps its items when its book type is deleted', async () => {
    const bt = await bookType({ type: `Tor ${tag()}`, component: 'ASR A1.7' });
    const w = await inspectionWorld(t, Role.STANDARD_ROLE, { bookType: bt._id });
    const done = await finalized(t, w, { kind: 'self' });
    expect((await t.api({ method: 'DELETE', url: `/booktype/${bt._id}`, token: admin.token })).statusCode).toBe(204);
    const read = (await call(t, w)('GET', `/selfinspections/${done._id}`)).json() as Inspection;
    expect(items(read)).toEqual(NORM_CHECKLISTS.gate.operator);
    expect(labels(read)).toEqual(labels(done));
  });
});
