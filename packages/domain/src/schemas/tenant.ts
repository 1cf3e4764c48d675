import { z } from 'zod';
import { DEFAULT_AMPEL_THRESHOLDS } from '../rules/next-inspection';
import { RETENTION_YEARS } from '../rules/retention';
import { addressSchema, addressWriteSchema, emptyAddress } from './address';
import { idSchema, paged, pageQuery } from './common';

export const TENANT_URL_MAX = 60;

/** A tenant's url: the slug of its screens (/map/{slug}/): lower-case letters, digits and single hyphens. */
export const tenantUrlSchema = z
  .string({ error: 'validation.required' })
  .trim()
  .toLowerCase()
  .min(1, { error: 'validation.required' })
  .max(TENANT_URL_MAX, { error: 'validation.max' })
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, { error: 'validation.slug' });

const notificationEmail = z
  .string({ error: 'validation.notificationEmail' })
  .trim()
  .max(254, { error: 'validation.max' })
  .refine((v) => v === '' || z.email().safeParse(v).success, { error: 'validation.notificationEmail' });

/**
 * What a client writes on POST and PUT tenants (SPEC §3 Tenant). The stripped fields _id, __v,
 * book and user are not part of it and are dropped; PUT reads __v separately as the version the
 * edit started from.
 */
export const tenantWriteSchema = z.object({
  name: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required' })
    .max(200, { error: 'validation.max' }),
  url: tenantUrlSchema,
  fusszeileText: z.string({ error: 'validation.invalid' }).trim().max(2000, { error: 'validation.max' }).default(''),
  addressName: z.string({ error: 'validation.invalid' }).trim().max(200, { error: 'validation.max' }).default(''),
  notificationEmail: notificationEmail.default(''),
  /** Notes shown prominently on the tenant's screens; blank entries are dropped. */
  hotHint: z
    .array(z.string({ error: 'validation.invalid' }).trim().max(500, { error: 'validation.max' }), {
      error: 'validation.invalid',
    })
    .max(50, { error: 'validation.max' })
    .default([])
    .transform((list) => list.filter((h) => h !== '')),
  /** The user (acceptor or acceptor lite of this tenant) preselected as technical acceptor. */
  defaultTechAcceptor: idSchema.nullable().default(null),
  techAcceptor: z.boolean({ error: 'validation.invalid' }).default(false),
  importDataClarificationSheet: z.boolean({ error: 'validation.invalid' }).default(false),
  address: addressWriteSchema.nullable().default(null),
  /**
   * Ampel thresholds (rules/next-inspection.ts): orange this many days before the due date,
   * black this many days after it. Left out: 30 and 90 on create, unchanged on update.
   */
  ampelOrangeDays: z
    .number({ error: 'validation.invalid' })
    .int({ error: 'validation.invalid' })
    .min(0, { error: 'validation.min' })
    .max(365, { error: 'validation.max' })
    .optional(),
  ampelBlackDays: z
    .number({ error: 'validation.invalid' })
    .int({ error: 'validation.invalid' })
    .min(1, { error: 'validation.min' })
    .max(3650, { error: 'validation.max' })
    .optional(),
  /**
   * Years a retired book with its finalized records, PDFs and documents is kept (decision 059); only admins
   * change it. Left out: 10 on create, unchanged on update.
   */
  retentionYears: z
    .number({ error: 'validation.invalid' })
    .int({ error: 'validation.invalid' })
    .min(RETENTION_YEARS.min, { error: 'validation.min' })
    .max(RETENTION_YEARS.max, { error: 'validation.max' })
    .optional(),
});
export type TenantWrite = z.infer<typeof tenantWriteSchema>;

/** PUT tenants/{id}: the tenant and the version (__v) it was read at; a stale version gets 409. */
export const tenantUpdateSchema = tenantWriteSchema.extend({
  __v: z.number({ error: 'validation.version' }).int({ error: 'validation.version' }).min(0, {
    error: 'validation.version',
  }),
});
export type TenantUpdate = z.infer<typeof tenantUpdateSchema>;

/** A tenant as the API returns it. */
export const tenantSchema = z.object({
  _id: z.string(),
  name: z.string(),
  url: z.string(),
  fusszeileText: z.string(),
  addressName: z.string(),
  notificationEmail: z.string(),
  hotHint: z.array(z.string()),
  defaultTechAcceptor: z.string().nullable(),
  techAcceptor: z.boolean(),
  importDataClarificationSheet: z.boolean(),
  address: addressSchema.nullable(),
  ampelOrangeDays: z.number().int(),
  ampelBlackDays: z.number().int(),
  retentionYears: z.number().int(),
  /** Version marker: send it back unchanged on PUT. */
  __v: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Tenant = z.infer<typeof tenantSchema>;

export const tenantListQuery = pageQuery;
export const tenantListReply = paged(tenantSchema);

export const tenantUrlQuery = z.object({ url: tenantUrlSchema });

/** GET tenants/user. */
export const tenantRef = z.object({ _id: z.string(), name: z.string() });
export const tenantRefList = z.array(tenantRef);

/** GET tenants/book: each tenant with the number of its books. */
export const tenantBookCountList = z.array(tenantRef.extend({ books: z.number().int() }));

/** GET tenants/techacceptor: the acceptors (role 4 and 10) of a tenant. */
export const techAcceptorList = z.array(
  z.object({ _id: z.string(), firstName: z.string(), lastName: z.string(), abbreviation: z.string() }),
);
export const techAcceptorQuery = z.object({
  /** The tenant whose acceptors are listed; default: the tenant of the tenant header. */
  tenant: idSchema.optional(),
});

/** GET tenants/template: the defaults of a new tenant form. */
export const tenantTemplate = (): TenantWrite &
  Required<Pick<TenantWrite, 'ampelOrangeDays' | 'ampelBlackDays' | 'retentionYears'>> => ({
  name: '',
  url: '',
  fusszeileText: '',
  addressName: '',
  notificationEmail: '',
  hotHint: [],
  defaultTechAcceptor: null,
  techAcceptor: false,
  importDataClarificationSheet: false,
  address: emptyAddress(),
  ampelOrangeDays: DEFAULT_AMPEL_THRESHOLDS.orangeDays,
  ampelBlackDays: DEFAULT_AMPEL_THRESHOLDS.blackDays,
  retentionYears: RETENTION_YEARS.default,
});
export const tenantTemplateSchema = tenantSchema
  .omit({ _id: true, __v: true, createdAt: true, updatedAt: true })
  .extend({
    address: addressWriteSchema.nullable(),
  });
