import { Button, Group, Modal, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUpdateCheck } from './use-update-check';

/** 'Update verfügbar': later closes it until the next poll; start reloads the app. */
export function UpdateDialog() {
  const { t } = useTranslation();
  const { updateAvailable, checkedAt } = useUpdateCheck();
  const [dismissedAt, setDismissedAt] = useState(0);
  const opened = updateAvailable && checkedAt > dismissedAt;
  return (
    <Modal
      opened={opened}
      onClose={() => setDismissedAt(checkedAt)}
      title={t('common.update.title')}
      centered
      data-testid="update-dialog"
    >
      <Text size="sm">{t('common.update.text')}</Text>
      <Group justify="flex-end" mt="lg" gap="sm">
        <Button variant="default" onClick={() => setDismissedAt(checkedAt)}>
          {t('common.update.later')}
        </Button>
        <Button onClick={() => window.location.reload()}>{t('common.update.start')}</Button>
      </Group>
    </Modal>
  );
}
