import type { ProtocolAction as Action, ProtocolEntity as Entity } from '@pruefbuch/domain/protocol';
import type { Executor } from '../db/client';
import { auditLogs } from '../db/schema/index';
import type { RequestContext } from './context';

const SKIP = new Set(['id', 'tenantId', 'version', 'createdAt', 'updatedAt']);

const show = (v: unknown): string | null => {
  if (v === null || v === undefined || v === '') return null;
  if (v instanceof Date) return v.toISOString();
  return typeof v === 'object' ? JSON.stringify(v) : String(v);
};

/**
 * Records one protocol row per changed field (old value, new value, date, editor). On create
 * `before` is null, on delete `after` is null. Runs in the caller's transaction.
 */
export async function recordChanges(
  db: Executor,
  /** The editor: a request's user, or a user the demo seed writes as. */
  ctx: { user: Pick<RequestContext['user'], 'id' | 'abbreviation'> },
  e: { entity: Entity; entityId: string; tenantId: string | null; action: Action },
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
) {
  const fields = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  const rows = [...fields]
    .filter((f) => !SKIP.has(f))
    .map((field) => ({ field, oldValue: show(before?.[field]), newValue: show(after?.[field]) }))
    .filter((r) => r.oldValue !== r.newValue);
  if (rows.length === 0) return;
  await db.insert(auditLogs).values(
    rows.map((r) => ({
      ...r,
      ...e,
      editorId: ctx.user.id,
      editorAbbreviation: ctx.user.abbreviation,
    })),
  );
}
