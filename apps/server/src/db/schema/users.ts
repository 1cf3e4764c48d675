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
import { tenants } from './tenants';

const stamps = {
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
};

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

/** A sign-in: one family of rotating refresh tokens. Revoking it ends the session at once. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    revokedReason: text('revoked_reason'),
    /** Keyed hash of the client address the session was opened from: a known address passes the flood guard. */
    clientHash: text('client_hash'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    /** SHA-256 of the opaque token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('refresh_tokens_session_idx').on(t.sessionId)],
);

/** Failed sign-in and 2FA attempts, counted per account and per address for lockouts. */
export const authFailures = pgTable(
  'auth_failures',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    kind: text('kind').$type<'login' | '2fa'>().notNull(),
    account: text('account').notNull(),
    ip: text('ip').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('auth_failures_account_idx').on(t.kind, t.account, t.createdAt),
    index('auth_failures_ip_idx').on(t.kind, t.ip, t.createdAt),
  ],
);
