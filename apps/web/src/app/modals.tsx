import { ModalsProvider } from '@mantine/modals';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { markModalsMounted } from '@/lib/overlays';

/**
 * Hosts the dialogs that screens open through `modals.open…` (events, so it need not wrap them). Mounted after
 * the first render (provider.tsx): Modal, ScrollArea and floating-ui are not needed before a screen asks.
 */
export default function Modals() {
  const { t } = useTranslation();
  useEffect(() => {
    markModalsMounted(true);
    return () => markModalsMounted(false);
  }, []);
  return <ModalsProvider labels={{ confirm: t('common.actions.save'), cancel: t('common.actions.cancel') }} />;
}
