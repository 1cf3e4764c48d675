import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** 'Update verfügbar' itself; a chunk of its own, loaded only once a newer build is deployed. */
export function UpdateModal({
  opened,
  onLater,
  onStart,
}: {
  opened: boolean;
  onLater: () => void;
  onStart: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onLater} title={t('common.update.title')} centered data-testid="update-dialog">
      <Text size="sm">{t('common.update.text')}</Text>
      <Group justify="flex-end" mt="lg" gap="sm">
        <Button variant="default" onClick={onLater}>
          {t('common.update.later')}
        </Button>
        <Button onClick={onStart}>{t('common.update.start')}</Button>
      </Group>
    </Modal>
  );
}
