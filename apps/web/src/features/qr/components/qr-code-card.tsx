import { ActionIcon, Anchor, CopyButton, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import type { QrCode } from '@pruefbuch/domain/schemas/qr';
import { IconCheck, IconCopy, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format';
import { QrImage } from './qr-image';

/** One code of a book: the QR as printed on the label, its code and URL, when it was made, and delete. */
export function QrCodeCard({ code, onDelete, newest }: { code: QrCode; onDelete?: () => void; newest: boolean }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="md" data-testid="qr-card" aria-label={t('qr.code.cardLabel', { code: code.code })}>
      <Stack gap="sm" align="center">
        <QrImage value={code.url} size={184} alt={t('qr.code.imageAlt', { url: code.url })} />
        <Stack gap={2} w="100%">
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Text ff="monospace" fw={600} size="lg" data-testid="qr-code">
              {code.code}
            </Text>
            <Group gap={4} wrap="nowrap">
              <CopyButton value={code.url} timeout={2000}>
                {({ copied, copy }) => (
                  <Tooltip label={copied ? t('qr.code.copied') : t('qr.code.copy')}>
                    <ActionIcon
                      variant="subtle"
                      color={copied ? 'teal' : 'gray'}
                      onClick={copy}
                      aria-label={t('qr.code.copy')}
                    >
                      {copied ? <IconCheck size={18} /> : <IconCopy size={18} />}
                    </ActionIcon>
                  </Tooltip>
                )}
              </CopyButton>
              {onDelete ? (
                <Tooltip label={t('qr.code.delete')}>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    onClick={onDelete}
                    aria-label={t('qr.code.deleteLabel', { code: code.code })}
                    data-testid="qr-delete"
                  >
                    <IconTrash size={18} />
                  </ActionIcon>
                </Tooltip>
              ) : null}
            </Group>
          </Group>
          <Anchor href={code.url} target="_blank" rel="noopener" size="sm" style={{ overflowWrap: 'anywhere' }}>
            {code.url}
          </Anchor>
          <Text size="xs" c="dimmed">
            {newest
              ? t('qr.code.createdNewest', { date: formatDateTime(code.createdAt) })
              : t('qr.code.created', { date: formatDateTime(code.createdAt) })}
          </Text>
        </Stack>
      </Stack>
    </Paper>
  );
}
