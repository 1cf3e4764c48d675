import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconDeviceFloppy, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/**
 * A save met a newer version on the server (409). The user chooses: load the server's version (the form is
 * reset to it) or keep what was typed (the form stays, and the next save is made over the newer version).
 * Either way nothing is discarded without the user asking for it.
 */
export function ConflictDialog({
  opened,
  onReload,
  onKeep,
  busy,
}: {
  opened: boolean;
  onReload: () => void;
  onKeep: () => void;
  busy?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onKeep}
      title={t('ui.conflict.title')}
      closeOnClickOutside={false}
      centered
      data-testid="conflict-dialog"
    >
      <Stack gap="md">
        <Text size="sm">{t('ui.conflict.text')}</Text>
        <Group justify="flex-end" gap="xs">
          <Button
            variant="default"
            leftSection={<IconDeviceFloppy size={16} />}
            onClick={onKeep}
            disabled={busy}
            data-testid="conflict-keep"
          >
            {t('ui.conflict.keep')}
          </Button>
          <Button
            leftSection={<IconRefresh size={16} />}
            onClick={onReload}
            loading={busy}
            data-testid="conflict-reload"
          >
            {t('ui.conflict.reload')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
