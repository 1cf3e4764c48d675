/** SPEC §3 Tenant (stripped fields on create and update), the tenant url slug, the address and folder writes. */
import { describe, expect, it } from 'vitest';
import { addressWriteSchema } from './address';
import { folderCreateSchema, folderUpdateSchema } from './folder';
import { tenantTemplate, tenantUpdateSchema, tenantUrlSchema, tenantWriteSchema } from './tenant';

const messageOf = (r: { error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

describe('tenantWriteSchema', () => {
  const valid = { name: 'Türservice', url: 'tuerservice' };
  const stripped = { _id: '0b7c7f8e-0d5c-4c54-9a59-1d2a4c7e9a11', __v: 3, book: ['b1'], user: ['u1'] };

  it.each(Object.entries(stripped))('drops the stripped field %s', (field, value) => {
    expect(tenantWriteSchema.parse({ ...valid, [field]: value })).not.toHaveProperty(field);
  });

  it('fills the defaults of SPEC §3; the ampel thresholds stay unset (30 and 90 on create, unchanged on update)', () => {
    const { ampelOrangeDays, ampelBlackDays, retentionYears, ...defaults } = tenantTemplate();
    expect([ampelOrangeDays, ampelBlackDays, retentionYears]).toEqual([30, 90, 10]);
    expect(tenantWriteSchema.parse(valid)).toEqual({ ...defaults, ...valid, address: null });
  });

  it.each([
    [{ ampelOrangeDays: -1 }, 'validation.min'],
    [{ ampelOrangeDays: 366 }, 'validation.max'],
    [{ ampelOrangeDays: 1.5 }, 'validation.invalid'],
    [{ ampelBlackDays: 0 }, 'validation.min'],
    [{ ampelBlackDays: 3651 }, 'validation.max'],
    [{ ampelBlackDays: '90' }, 'validation.invalid'],
  ])('refuses ampel thresholds out of range: %o', (input, message) => {
    expect(messageOf(tenantWriteSchema.safeParse({ ...valid, ...input }))).toBe(message);
  });

  it('takes ampel thresholds within range', () => {
    expect(tenantWriteSchema.parse({ ...valid, ampelOrangeDays: 0, ampelBlackDays: 3650 })).toMatchObject({
      ampelOrangeDays: 0,
      ampelBlackDays: 3650,
    });
  });

  it('keeps __v on update only, and needs it there', () => {
    expect(tenantUpdateSchema.parse({ ...valid, __v: 2 }).__v).toBe(2);
    expect(messageOf(tenantUpdateSchema.safeParse(valid))).toBe('validation.version');
    expect(messageOf(tenantUpdateSchema.safeParse({ ...valid, __v: -1 }))).toBe('validation.version');
  });

  it('drops blank hot hints', () => {
    expect(tenantWriteSchema.parse({ ...valid, hotHint: [' a ', '', '  '] }).hotHint).toEqual(['a']);
  });

  it.each([
    ['', 'validation.notificationEmail', true],
    ['info@beispiel.de', '', true],
    ['info', 'validation.notificationEmail', false],
  ])('notificationEmail %j', (email, message, ok) => {
    const r = tenantWriteSchema.safeParse({ ...valid, notificationEmail: email });
    expect(r.success).toBe(ok);
    if (!ok) expect(messageOf(r)).toBe(message);
  });
});

describe('tenantUrlSchema', () => {
  it.each([
    ['rhein-main', 'rhein-main'],
    ['  Rhein-Main ', 'rhein-main'],
    ['nord2', 'nord2'],
    ['a', 'a'],
  ])('takes %j as %j', (input, out) => {
    expect(tenantUrlSchema.parse(input)).toBe(out);
  });

  it.each([
    ['', 'validation.required'],
    ['   ', 'validation.required'],
    ['rhein main', 'validation.slug'],
    ['-rhein', 'validation.slug'],
    ['rhein-', 'validation.slug'],
    ['rhein--main', 'validation.slug'],
    ['köln', 'validation.slug'],
    ['a/b', 'validation.slug'],
    ['a_b', 'validation.slug'],
    ['x'.repeat(61), 'validation.max'],
  ])('refuses %j with %s', (input, key) => {
    expect(messageOf(tenantUrlSchema.safeParse(input))).toBe(key);
  });
});

describe('addressWriteSchema', () => {
  it('drops a client _id, trims and upper-cases the country', () => {
    const parsed = addressWriteSchema.parse({ _id: 'x', street: ' Zeil ', country: 'de' });
    expect(parsed).not.toHaveProperty('_id');
    expect(parsed).toMatchObject({ street: 'Zeil', country: 'DE', zip: '' });
  });

  it.each(['D', 'DEU', 'Deutschland', '1A'])('refuses the country %j', (country) => {
    expect(messageOf(addressWriteSchema.safeParse({ country }))).toBe('validation.country');
  });
});

describe('folder writes', () => {
  it('need a folder name and ignore a tenant in the body', () => {
    expect(messageOf(folderCreateSchema.safeParse({ folderName: '  ' }))).toBe('validation.folderName.required');
    expect(folderCreateSchema.parse({ folderName: 'A', tenantId: 'x' })).toEqual({ folderName: 'A' });
    expect(folderUpdateSchema.parse({ parentFolderId: null })).toEqual({ parentFolderId: null });
  });
});
