import type { RoleNumber } from '@pruefbuch/domain/roles';
import { type FieldEntity, forbiddenChanges } from '@pruefbuch/domain/rules/field-permissions';
import { AppError } from './errors';

/**
 * The field-permission table (domain rules/field-permissions.ts, decision 043) on a write: compares the
 * entity as stored (for a create: its defaults) with what it would become, group by group, and refuses a
 * change to a field the caller's role may not set with 403 FIELD_NOT_PERMITTED naming each such field.
 * Sending a field's stored value again is no change.
 */
export function checkFieldPermissions(entity: FieldEntity, role: RoleNumber, before: unknown, after: unknown) {
  const fields = forbiddenChanges(entity, role, before, after);
  if (fields.length === 0) return;
  throw new AppError(
    'FIELD_NOT_PERMITTED',
    403,
    fields.map((field) => ({ field, key: 'errors.FIELD_NOT_PERMITTED', message: 'FIELD_NOT_PERMITTED' })),
  );
}
