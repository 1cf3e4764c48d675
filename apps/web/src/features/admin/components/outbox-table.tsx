import { Badge, Paper, Table, Text } from '@mantine/core';
import type { OutboxMail, OutboxStatus } from '@pruefbuch/domain/schemas/admin';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format';
import { OutboxMailDialog } from './outbox-mail-dialog';
import { ResendButton } from './resend-button';

export const STATUS_COLORS: Record<OutboxStatus, string> = {
  queued: 'blue',
  retrying: 'orange',
  sent: 'teal',
  dead: 'red',
  stored: 'gray',
  failed: 'red',
};

/** Mails of the outbox: one row per mail, a click opens its details; dead letters can be sent again. */
export function OutboxTable({ mails, testId = 'outbox-table' }: { mails: OutboxMail[]; testId?: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<OutboxMail | null>(null);

  return (
    <>
      <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
        <Table.ScrollContainer minWidth={760}>
          <Table data-testid={testId}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('admin.dashboard.createdAt')}</Table.Th>
                <Table.Th>{t('admin.dashboard.to')}</Table.Th>
                <Table.Th>{t('admin.dashboard.subject')}</Table.Th>
                <Table.Th>{t('admin.dashboard.status')}</Table.Th>
                <Table.Th ta="right">{t('admin.dashboard.attempts')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {mails.length === 0 ? (
                <Table.Tr>
                  <Table.Td colSpan={6}>
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
                    if (event.target === event.currentTarget && (event.key === 'Enter' || event.key === ' ')) {
                      setOpen(mail);
                    }
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
                      {t(`admin.dashboard.statuses.${mail.status}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td ta="right">{mail.attempts}</Table.Td>
                  <Table.Td ta="right">{mail.resendable ? <ResendButton mail={mail} /> : null}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
      <OutboxMailDialog mail={open} onClose={() => setOpen(null)} />
    </>
  );
}
