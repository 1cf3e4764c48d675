import { checklistLabelKey } from '@pruefbuch/domain/rules/checklists';
import { useTranslation } from 'react-i18next';

/** The label a checklist item had when the record was made, else today's label of its key (or the key itself). */
export function useItemLabel() {
  const { t, i18n } = useTranslation();
  return (item: string, stored?: string) => {
    if (stored) return stored;
    const key = checklistLabelKey(item);
    return i18n.exists(key) ? t(key) : item;
  };
}
