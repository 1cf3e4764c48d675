/** Form values and schemas of the tenant screen. */
import { DEFAULT_AMPEL_THRESHOLDS } from '@pruefbuch/domain/rules/next-inspection';
import { RETENTION_YEARS } from '@pruefbuch/domain/rules/retention';
import { emptyAddress } from '@pruefbuch/domain/schemas/address';
import { type Tenant, type TenantWrite, tenantUpdateSchema, tenantWriteSchema } from '@pruefbuch/domain/schemas/tenant';
import { z } from 'zod';

export type TenantValues = Omit<TenantWrite, 'address'> & {
  address: NonNullable<TenantWrite['address']>;
  /** The version the form was loaded with; sent back on PUT. Ignored on create. */
  __v: number;
};

export const tenantToValues = (tenant: Tenant): TenantValues => ({
  name: tenant.name,
  url: tenant.url,
  fusszeileText: tenant.fusszeileText,
  addressName: tenant.addressName,
  notificationEmail: tenant.notificationEmail,
  hotHint: tenant.hotHint,
  defaultTechAcceptor: tenant.defaultTechAcceptor,
  techAcceptor: tenant.techAcceptor,
  importDataClarificationSheet: tenant.importDataClarificationSheet,
  address: tenant.address
    ? {
        street: tenant.address.street,
        housenumber: tenant.address.housenumber,
        zip: tenant.address.zip,
        location: tenant.address.location,
        tel: tenant.address.tel,
        email: tenant.address.email,
        homepage: tenant.address.homepage,
        country: tenant.address.country,
      }
    : emptyAddress(),
  ampelOrangeDays: tenant.ampelOrangeDays,
  ampelBlackDays: tenant.ampelBlackDays,
  retentionYears: tenant.retentionYears,
  __v: tenant.__v,
});

export const templateToValues = (template: Partial<TenantWrite> | undefined): TenantValues => ({
  name: template?.name ?? '',
  url: template?.url ?? '',
  fusszeileText: template?.fusszeileText ?? '',
  addressName: template?.addressName ?? '',
  notificationEmail: template?.notificationEmail ?? '',
  hotHint: template?.hotHint ?? [],
  defaultTechAcceptor: template?.defaultTechAcceptor ?? null,
  techAcceptor: template?.techAcceptor ?? false,
  importDataClarificationSheet: template?.importDataClarificationSheet ?? false,
  address: template?.address ?? emptyAddress(),
  ampelOrangeDays: template?.ampelOrangeDays ?? DEFAULT_AMPEL_THRESHOLDS.orangeDays,
  ampelBlackDays: template?.ampelBlackDays ?? DEFAULT_AMPEL_THRESHOLDS.blackDays,
  retentionYears: template?.retentionYears ?? RETENTION_YEARS.default,
  __v: 0,
});

/** Without the technical acceptance switch a default acceptor means nothing: it is not kept. */
const normalise = (input: unknown) => {
  if (!input || typeof input !== 'object') return input;
  const v = input as TenantValues;
  return { ...v, defaultTechAcceptor: v.techAcceptor ? v.defaultTechAcceptor : null };
};

export const TENANT_FORM_SCHEMAS = {
  create: z.preprocess(normalise, tenantWriteSchema),
  edit: z.preprocess(normalise, tenantUpdateSchema),
} as const;

const UMLAUTS: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss' };

/** A url slug suggested from the tenant's name: 'Müller & Söhne GmbH' → 'mueller-soehne-gmbh'. */
export function slugify(name: string): string {
  return name
    .toLowerCase()
    .replace(/[äöüß]/g, (c) => UMLAUTS[c] ?? c)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
}
