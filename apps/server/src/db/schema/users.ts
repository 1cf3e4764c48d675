import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { stamps } from './columns';
import { tenants } from './tenants';

export type ChildEntry = {
  _id: string;
  firstName: string;
  lastName: string;
  dob: string;
  positionsNummer: number;
  properties: Record<string, unknown>;
};

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    email: text('email').notNull().unique(),
    tel: text('tel').notNull().default(''),
    role: integer('role').notNull(),
    customerRole: integer('customer_role'),
    department: integer('department').notNull().default(1),
    customer: integer('customer').notNull().default(0),
    abbreviation: text('abbreviation').notNull().default(''),
    auswertung: boolean('auswertung').notNull().default(false),
    forecast: boolean('forecast').notNull().default(false),
    passwordHash: text('password_hash'),
    isVerified: boolean('is_verified').notNull().default(false),
    isResigned: boolean('is_resigned').notNull().default(false),
    is2FaUsed: boolean('is_2fa_used').notNull().default(false),
    /** TOTP secrets are stored encrypted (AES-256-GCM with a key derived from the app secret). */
    totpSecret: text('totp_secret'),
    totpPendingSecret: text('totp_pending_secret'),
    /** The last accepted TOTP time step: a code works only once. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    confirmationTokenHash: text('confirmation_token_hash'),
    resetPasswordTokenHash: text('reset_password_token_hash'),
    resetPasswordExpires: timestamp('reset_password_expires', { withTimezone: true, mode: 'date' }),
    deactivate2faTokenHash: text('deactivate_2fa_token_hash'),
    deactivate2faExpires: timestamp('deactivate_2fa_expires', { withTimezone: true, mode: 'date' }),
    userInspection: jsonb('user_inspection').$type<ChildEntry[]>().notNull().default([]),
    /** The language the user last chose ('de' | 'en'); null until they choose, then the device's choice holds. */
    language: text('language').$type<'de' | 'en'>(),
    version: integer('version').notNull().default(0),
    ...stamps,
  },
  (t) => [index('users_department_idx').on(t.department), index('users_abbreviation_idx').on(t.abbreviation)],
);

export const userTenants = pgTable(
  'user_tenants',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.tenantId] }), index('user_tenants_tenant_idx').on(t.tenantId)],
);
