import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Page title = product name plus the route title (SPEC §1). */
export function useDocumentTitle(title: string) {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = t('common.pageTitle', { title });
  }, [t, title]);
}
