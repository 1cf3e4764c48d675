import { tenantUrlSchema } from '@pruefbuch/domain/schemas/tenant';
import { describe, expect, it } from 'vitest';
import { slugify, TENANT_FORM_SCHEMAS, templateToValues } from './tenant-form';

describe('tenant url suggested from the name', () => {
  it.each([
    ['Müller & Söhne GmbH', 'mueller-soehne-gmbh'],
    ['  Rhein-Main  ', 'rhein-main'],
    ['Straße 12 / Süd', 'strasse-12-sued'],
    ['Café Crème', 'cafe-creme'],
    ['---', ''],
  ])('%s → %s', (name, slug) => {
    expect(slugify(name)).toBe(slug);
    if (slug) expect(tenantUrlSchema.safeParse(slug).success).toBe(true);
  });

  it('stays within the url limit without a trailing hyphen', () => {
    const slug = slugify(`${'a'.repeat(59)} b`);
    expect(slug.length).toBeLessThanOrEqual(60);
    expect(slug.endsWith('-')).toBe(false);
  });
});

describe('tenant form schema', () => {
  it('drops the default acceptor when technical acceptance is off', () => {
    const values = { ...templateToValues(undefined), name: 'A', url: 'a', defaultTechAcceptor: crypto.randomUUID() };
    const parsed = TENANT_FORM_SCHEMAS.create.parse(values);
    expect(parsed.defaultTechAcceptor).toBeNull();
  });

  it('starts with the default ampel thresholds and checks their range', () => {
    const values = { ...templateToValues(undefined), name: 'A', url: 'a' };
    expect(TENANT_FORM_SCHEMAS.create.parse(values)).toMatchObject({ ampelOrangeDays: 30, ampelBlackDays: 90 });
    const result = TENANT_FORM_SCHEMAS.create.safeParse({ ...values, ampelOrangeDays: -1, ampelBlackDays: 0 });
    expect(result.error?.issues.map((i) => i.path.join('.'))).toEqual(['ampelOrangeDays', 'ampelBlackDays']);
  });

  it('names the url field when the slug is not valid', () => {
    const result = TENANT_FORM_SCHEMAS.create.safeParse({ ...templateToValues(undefined), name: 'A', url: 'Ä B' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path.join('.'))).toContain('url');
  });
});
