import type { ProtocolAction, ProtocolEntity } from '@pruefbuch/domain/protocol';
import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The audit log: one row per changed field of books, tenants, folders and book types (SPEC §3
 * Protocol entry), written by platform/audit.ts in the transaction of the change.
 */
export const auditLogs = pgTable(
  'audit_logs',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    tenantId: uuid('tenant_id'),
    entity: text('entity').$type<ProtocolEntity>().notNull(),
    entityId: uuid('entity_id').notNull(),
    action: text('action').$type<ProtocolAction>().notNull(),
    field: text('field').notNull(),
    oldValue: text('old_value'),
    newValue: text('new_value'),
    editorId: uuid('editor_id'),
    editorAbbreviation: text('editor_abbreviation').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_logs_entity_idx').on(t.entity, t.entityId, t.createdAt),
    index('audit_logs_tenant_idx').on(t.tenantId),
  ],
);
