/** The checklists of a book type (decision 021): norm lists to start with, the admin's own lists, back to the norm. */

import { Role } from '@pruefbuch/domain/roles';
import { NORM_CHECKLISTS } from '@pruefbuch/domain/rules/checklists';
import type { BookType } from '@pruefbuch/domain/schemas/booktype';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditRowsOf, fieldsOf, member, tag } from '../../../test/fixtures/books';
import { createTestApp } from '../../../test/helper';
import { bookTypes } from '../../db/schema/index';

const t = await createTestApp();
const admin = await member(t, Role.ADMIN_ROLE, []);

const items = (list: { item: string }[]) => list.map((e) => e.item);

async function created(payload: Record<string, unknown>) {
  const res = await t.api({ method: 'POST', url: '/booktype', token: admin.token, payload });
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json() as BookType;
}

const put = (bt: BookType, changes: Record<string, unknown>) => {
  const { _id, createdAt, updatedAt, ...fields } = bt;
  return t.api({ method: 'PUT', url: `/booktype/${_id}`, token: admin.token, payload: { ...fields, ...changes } });
};

describe('the seeded book types', () => {
  it('start with the norm lists of their installation, for the specialist and the operator', async () => {
    const res = await t.api({ method: 'GET', url: '/booktype/active', token: admin.token });
    const byType = Object.fromEntries((res.json() as BookType[]).map((b) => [b.type, b]));
    const expected: [string, keyof typeof NORM_CHECKLISTS][] = [
      ['Automatische Schiebetür', 'sliding'],
      ['Automatische Drehflügeltür', 'swing'],
      ['Automatische Karusselltür', 'revolving'],
      ['Rauch- und Wärmeabzugsanlage (RWA)', 'rwa'],
      ['Feststellanlage an Brandschutztür', 'holdOpen'],
      ['Kraftbetätigtes Tor', 'gate'],
    ];
    for (const [type, installation] of expected) {
      const bt = byType[type] as BookType;
      expect(items(bt.checklist), type).toEqual(NORM_CHECKLISTS[installation].specialist);
      expect(items(bt.selfChecklist), type).toEqual(NORM_CHECKLISTS[installation].operator);
      expect(bt.checklist.every((e) => e.label === '')).toBe(true);
    }
    // A sliding door's operator is not asked about storage heights.
    expect(items((byType['Automatische Schiebetür'] as BookType).selfChecklist)).not.toContain(
      'rwaCheck.storageHeight',
    );
  });
});

describe('a book type’s own checklists', () => {
  it('are stored as sent: added, removed, reordered and renamed items; the other list stays the norm', async () => {
    const bt = await created({ type: `Schiebetür ${tag()}`, component: 'DIN 18650' });
    expect(items(bt.selfChecklist)).toEqual(NORM_CHECKLISTS.sliding.operator);
    const own = [
      { item: 'doorCheck.safetyStop', label: '' },
      { item: 'doorCheck.opens', label: 'Tür öffnet für Rollstuhlfahrer weit genug' },
      { item: 'custom.key01', label: 'Schlüsselschalter außen funktioniert' },
    ];
    const res = await put(bt, { selfChecklist: own });
    expect(res.statusCode).toBe(200);
    expect(res.json().selfChecklist).toEqual(own);
    expect(items(res.json().checklist)).toEqual(NORM_CHECKLISTS.sliding.specialist);
    const read = await t.api({ method: 'GET', url: `/booktype/${bt._id}`, token: admin.token });
    expect(read.json().selfChecklist).toEqual(own);
    expect(read.json().__v).toBe(1);
    // The protocol names the list item by item.
    const rows = await auditRowsOf(t, bt._id);
    const change = rows.find((r) => r.action === 'update' && r.field === 'selfChecklist');
    expect(change?.newValue).toBe(
      'doorCheck.safetyStop\ndoorCheck.opens: Tür öffnet für Rollstuhlfahrer weit genug\ncustom.key01: Schlüsselschalter außen funktioniert',
    );
  });

  it('are kept when a write leaves them out, and go back to the norm list with null or the norm list itself', async () => {
    const bt = await created({
      type: `RWA ${tag()}`,
      component: 'DIN 18232-2',
      checklist: [{ item: 'rwa.triggerTest', label: '' }],
    });
    expect(items(bt.checklist)).toEqual(['rwa.triggerTest']);
    const rename = await put(bt, { type: `${bt.type} Dach`, checklist: undefined });
    expect(items(rename.json().checklist)).toEqual(['rwa.triggerTest']);
    const reset = await put(rename.json(), { checklist: null });
    expect(items(reset.json().checklist)).toEqual(NORM_CHECKLISTS.rwa.specialist);
    const [row] = await t.database.db.select().from(bookTypes).where(eq(bookTypes.id, bt._id));
    expect(row?.checklist).toBeNull();
    // The norm list sent back as it was read (its texts in German or English) is no list of its own.
    const withTexts = NORM_CHECKLISTS.rwa.operator.map((item, i) => ({
      item,
      label:
        i === 0
          ? 'Control unit and cabinet accessible'
          : i === 1
            ? 'Notstromversorgung: RWA-Zentrale zeigt Betrieb, keine Störungsanzeige'
            : '',
    }));
    const same = await put(reset.json(), { selfChecklist: withTexts });
    expect(same.statusCode).toBe(200);
    const [after] = await t.database.db.select().from(bookTypes).where(eq(bookTypes.id, bt._id));
    expect(after?.selfChecklist).toBeNull();
  });

  it('follow the type’s installation while they are the norm lists', async () => {
    const bt = await created({ type: `Anlage ${tag()}`, component: '' });
    expect(items(bt.selfChecklist)).toEqual(NORM_CHECKLISTS.general.operator);
    const res = await put(bt, { type: 'Feststellanlage Flur', component: 'DIN 14677' });
    expect(items(res.json().selfChecklist)).toEqual(NORM_CHECKLISTS.holdOpen.operator);
  });

  it('refuse an item twice, an own item without text and a bad key; a stale __v is 409', async () => {
    const bt = await created({ type: `Tor ${tag()}`, component: 'ASR A1.7' });
    const twice = await put(bt, { checklist: [{ item: 'gate.drive' }, { item: 'gate.drive' }] });
    expect(twice.statusCode).toBe(400);
    expect(fieldsOf(twice)).toEqual(['checklist.1.item']);
    expect(fieldsOf(await put(bt, { selfChecklist: [{ item: 'custom.x', label: '' }] }))).toEqual([
      'selfChecklist.0.label',
    ]);
    expect(fieldsOf(await put(bt, { checklist: [{ item: 'mit leerzeichen', label: 'x' }] }))).toEqual([
      'checklist.0.item',
    ]);
    const ok = await put(bt, { checklist: [{ item: 'gate.drive' }] });
    expect(ok.statusCode).toBe(200);
    const stale = await put(bt, { checklist: [{ item: 'gate.forces' }] });
    expect(stale.statusCode).toBe(409);
    expect(items(ok.json().checklist)).toEqual(['gate.drive']);
  });

  it('are changed by admins only', async () => {
    const bt = await created({ type: `Tür ${tag()}` });
    const standard = await member(t, Role.STANDARD_ROLE, []);
    const { _id, createdAt, updatedAt, ...fields } = bt;
    const res = await t.api({
      method: 'PUT',
      url: `/booktype/${_id}`,
      token: standard.token,
      payload: { ...fields, checklist: [{ item: 'general.visual' }] },
    });
    expect(res.statusCode).toBe(403);
  });
});
