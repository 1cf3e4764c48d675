import { Alert, Button, Group, Text } from '@mantine/core';
import type { LegalHold } from '@pruefbuch/domain/schemas/retention';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@/lib/format';
import { useDeleteLegalHold } from '../api/delete-legal-hold';
import { askLift } from './ask-lift';

/**
 * The book page's note that a legal hold keeps the book (admins): its reason, since when and, for a hold on the
 * customer, which customer; a hold on the book itself can be lifted here.
 */
export function BookLegalHold({ tenantId, hold }: { tenantId: string; hold: LegalHold }) {
  const { t } = useTranslation();
  const lift = useDeleteLegalHold();
  return (
    <Alert color="violet" icon={<IconLock size={18} />} title={t('retention.holds.onBook')} data-testid="book-hold">
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Text size="sm">{t('retention.holds.onBookSet', { reason: hold.reason })}</Text>
          <Text size="xs" c="dimmed">
            {[
              hold.book ? null : `${t('retention.holds.customer')}: ${hold.customer}`,
              `${t('retention.holds.since')} ${formatDate(hold.createdAt)}`,
              hold.createdBy ? `${t('retention.holds.by')} ${hold.createdBy}` : null,
            ]
              .filter(Boolean)
              .join(' · ')}
          </Text>
        </div>
        {hold.book ? (
          <Button
            size="xs"
            variant="default"
            onClick={() => askLift(hold, () => lift.mutateAsync({ tenantId, id: hold._id }))}
            data-testid="book-hold-lift"
          >
            {t('retention.holds.lift')}
          </Button>
        ) : null}
      </Group>
    </Alert>
  );
}
