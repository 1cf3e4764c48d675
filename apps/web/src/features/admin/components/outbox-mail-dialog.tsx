import { Alert, Group, Modal, Paper, Stack, Table, Text } from '@mantine/core';
import type { OutboxMail } from '@pruefbuch/domain/schemas/admin';
import { IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LinkifiedText } from '@/components/ui/linkified-text';
import { formatDateTime } from '@/lib/format';
import { ResendButton } from './resend-button';

/**
 * One mail of the outbox: its delivery so far and its text. Only a stored mail (no mail server
 * configured) has its text here; a waiting or undeliverable one keeps it sealed, a sent one not at all.
 */
export function OutboxMailDialog({ mail, onClose }: { mail: OutboxMail | null; onClose: () => void }) {
  const { t } = useTranslation();
  const facts: [string, ReactNode][] = mail
    ? [
        [t('admin.dashboard.status'), t(`admin.dashboard.statuses.${mail.status}`)],
        [t('admin.dashboard.createdAt'), formatDateTime(mail.createdAt)],
        [t('admin.dashboard.attempts'), mail.attempts],
        ...(mail.nextAttemptAt
          ? [[t('admin.dashboard.nextAttempt'), formatDateTime(mail.nextAttemptAt)] as [string, ReactNode]]
          : []),
        ...(mail.sentAt ? [[t('admin.dashboard.sentAt'), formatDateTime(mail.sentAt)] as [string, ReactNode]] : []),
        ...(mail.error ? [[t('admin.dashboard.error'), mail.error] as [string, ReactNode]] : []),
      ]
    : [];
  return (
    <Modal
      opened={mail !== null}
      onClose={onClose}
      title={mail ? t('admin.dashboard.mailTitle', { to: mail.to }) : ''}
      size="lg"
      data-testid="outbox-mail"
    >
      {mail ? (
        <Stack gap="sm">
          <Text fw={600}>{mail.subject}</Text>
          <Table withRowBorders={false} verticalSpacing={2} fz="sm">
            <Table.Tbody>
              {facts.map(([label, value]) => (
                <Table.Tr key={label}>
                  <Table.Th w={160} c="dimmed" fw={500}>
                    {label}
                  </Table.Th>
                  <Table.Td style={{ wordBreak: 'break-word' }}>{value}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {mail.text ? (
            <Paper withBorder p="sm" radius="sm" bg="gray.0">
              <LinkifiedText text={mail.text} />
            </Paper>
          ) : (
            <Alert color="gray" icon={mail.sealed ? <IconLock size={18} /> : undefined}>
              {t(mail.sealed ? 'admin.dashboard.sealed' : 'admin.dashboard.noText')}
            </Alert>
          )}
          {mail.resendable ? (
            <Group justify="flex-end">
              <ResendButton mail={mail} onDone={onClose} />
            </Group>
          ) : null}
        </Stack>
      ) : null}
    </Modal>
  );
}
