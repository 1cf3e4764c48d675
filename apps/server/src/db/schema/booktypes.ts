import type { TypeChecklistItem } from '@pruefbuch/domain/rules/checklists';
import type { QualificationKind } from '@pruefbuch/domain/rules/qualifications';
import { sql } from 'drizzle-orm';
import { boolean, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { stamps } from './columns';

/** Book types are shared by all tenants and managed by admins. */
export const bookTypes = pgTable('book_types', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  type: text('type').notNull(),
  component: text('component').notNull().default(''),
  icon: text('icon').notNull().default(''),
  color: text('color').notNull().default(''),
  serviceinterval: integer('serviceinterval').notNull().default(0),
  selfserviceinterval: integer('selfserviceinterval').notNull().default(0),
  active: boolean('active').notNull().default(true),
  /** The specialist's and the operator's checklist of the type; null: the norm list of its installation (decision 021). */
  checklist: jsonb('checklist').$type<TypeChecklistItem[] | null>(),
  selfChecklist: jsonb('self_checklist').$type<TypeChecklistItem[] | null>(),
  /** The qualification its inspections, maintenance and expert reports need (decision 055); null: none. */
  qualification: text('qualification').$type<QualificationKind | null>(),
  version: integer('version').notNull().default(0),
  ...stamps,
});
