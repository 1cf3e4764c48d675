import { type FieldEntity, lockedGroupOf } from '@pruefbuch/domain/rules/field-permissions';
import { useTranslation } from 'react-i18next';
import { toPrincipal, useSession } from './session';

/** What a form field gets from the field-permission table: disabled, with the reason as its description. */
export interface FieldLock {
  disabled?: true;
  description?: string;
}

/**
 * The field-permission table of the domain (decision 043) for the signed-in user: `lock(path)` is
 * spread onto the input of that field ('vkid.betrag', 'maw.2.verrechnet'); a field the role may not
 * change is shown disabled with a hint naming who may. The server refuses such a change all the same.
 */
export function useFieldLock(entity: FieldEntity) {
  const { t } = useTranslation();
  const { session } = useSession();
  const user = toPrincipal(session);
  return (path: string): FieldLock => {
    const group = user ? lockedGroupOf(entity, path, user.role) : undefined;
    return group ? { disabled: true, description: t(`common.fieldLocked.${group.group}`) } : {};
  };
}
