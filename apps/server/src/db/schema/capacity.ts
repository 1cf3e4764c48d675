import type { CapacitySettingsFields, CapacityTimes, MawRates, TimeTemplate } from '@pruefbuch/domain/schemas/capacity';
import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { stamps } from './columns';
import { orders } from './orders';
import { tenants } from './tenants';

/**
 * The cost list of a tenant (issue 14, SPEC §3 Cost list): extra-effort rates, time values per item
 * and time-effort templates, each a JSON document. One per tenant.
 */
export const costLists = pgTable(
  'cost_lists',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    maw: jsonb('maw').$type<MawRates>().notNull(),
    capacities: jsonb('capacities').$type<CapacityTimes>().notNull(),
    vorlagen: jsonb('vorlagen').$type<(TimeTemplate & { _id: string })[]>().notNull().default([]),
    version: integer('version').notNull().default(0),
    ...stamps,
  },
  (t) => [uniqueIndex('cost_lists_tenant_idx').on(t.tenantId)],
);

/** The capacity settings of a tenant: employees with working time and absences, holidays, federal state. One per tenant. */
export const capacitySettings = pgTable(
  'capacity_settings',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    settings: jsonb('settings').$type<CapacitySettingsFields>().notNull(),
    version: integer('version').notNull().default(0),
    ...stamps,
  },
  (t) => [uniqueIndex('capacity_settings_tenant_idx').on(t.tenantId)],
);

/** Planned work: one order, one day, one work area, some minutes. Goes with its order. */
export const capacityTimeslots = pgTable(
  'capacity_timeslots',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    area: text('area').notNull(),
    minutes: integer('minutes').notNull(),
    /** Who of the area works it: an employee's _id of the capacity settings, or null (not assigned yet). */
    employeeId: text('employee_id'),
    finished: boolean('finished').notNull().default(false),
    version: integer('version').notNull().default(0),
    ...stamps,
  },
  (t) => [
    index('capacity_timeslots_tenant_date_idx').on(t.tenantId, t.date),
    index('capacity_timeslots_order_idx').on(t.orderId),
  ],
);
