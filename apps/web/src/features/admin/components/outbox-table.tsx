import { Badge, Modal, Paper, Stack, Table, Text } from '@mantine/core';
import type { OutboxMail, OutboxStatus } from '@pruefbuch/domain/schemas/admin';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LinkifiedText } from '@/components/ui/linkified-text';
import { formatDateTime } from '@/lib/format';

const STATUS_COLORS: Record<OutboxStatus, string> = { sent: 'teal', failed: 'red', stored: 'gray' };

/** The mail outbox: one row per mail, a click opens its text with clickable links. */
export function OutboxTable({ mails }: { mails: OutboxMail[] }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<OutboxMail | null>(null);
  const statusLabel = (status: OutboxStatus) => t(`admin.dashboard.statuses.${status}`);

  return (
    <>
      <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
        <Table.ScrollContainer minWidth={640}>
          <Table data-testid="outbox-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('admin.dashboard.createdAt')}</Table.Th>
                <Table.Th>{t('admin.dashboard.to')}</Table.Th>
                <Table.Th>{t('admin.dashboard.subject')}</Table.Th>
                <Table.Th>{t('admin.dashboard.status')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {mails.length === 0 ? (
                <Table.Tr>
                  <Table.Td colSpan={4}>
                    <Text c="dimmed" ta="center" py="md">
                      {t('admin.dashboard.outboxEmpty')}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ) : null}
              {mails.map((mail) => (
                <Table.Tr
                  key={mail._id}
                  onClick={() => setOpen(mail)}
                  onKeyDown={(event) => {
                    if (event.key === 'Enter' || event.key === ' ') setOpen(mail);
                  }}
                  tabIndex={0}
                  style={{ cursor: 'pointer' }}
                  data-testid="outbox-row"
                >
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(mail.createdAt)}</Table.Td>
                  <Table.Td>{mail.to}</Table.Td>
                  <Table.Td fw={500}>{mail.subject}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={STATUS_COLORS[mail.status]} tt="none">
                      {statusLabel(mail.status)}
                    </Badge>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
      <Modal
        opened={open !== null}
        onClose={() => setOpen(null)}
        title={open ? t('admin.dashboard.mailTitle', { to: open.to }) : ''}
        size="lg"
        data-testid="outbox-mail"
      >
        {open ? (
          <Stack gap="sm">
            <Text fw={600}>{open.subject}</Text>
            <Text size="xs" c="dimmed">
              {formatDateTime(open.createdAt)} · {statusLabel(open.status)}
            </Text>
            <Paper withBorder p="sm" radius="sm" bg="gray.0">
              <LinkifiedText text={open.text} />
            </Paper>
          </Stack>
        ) : null}
      </Modal>
    </>
  );
}
