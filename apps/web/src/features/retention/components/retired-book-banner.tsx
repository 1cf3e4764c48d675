import { Alert, Button, Group, Text } from '@mantine/core';
import { berlinToday } from '@pruefbuch/domain/rules/next-inspection';
import { RETENTION_YEARS, retentionEnd } from '@pruefbuch/domain/rules/retention';
import { IconArchive, IconRestore } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@/lib/format';
import { useRetiredBooks } from '../api/get-retired-books';
import { useRestoreBook } from '../api/restore-book';
import { askRestore } from './ask-restore';

/**
 * A retired book's page (admins only see it): when it was retired, until when it is kept, and 'Wiederherstellen'
 * (asked first) that brings it back into every list (decision 059).
 */
export function RetiredBookBanner({
  tenantId,
  book,
}: {
  tenantId: string;
  book: { _id: string; title: string; retiredAt: string };
}) {
  const { t } = useTranslation();
  const retired = useRetiredBooks(tenantId);
  const restore = useRestoreBook();
  const years = retired.data?.retentionYears ?? RETENTION_YEARS.default;
  const until =
    retired.data?.docs.find((b) => b._id === book._id)?.keptUntil ??
    retentionEnd(berlinToday(new Date(book.retiredAt)), years);
  return (
    <Alert color="orange" icon={<IconArchive size={18} />} data-testid="book-retired">
      <Group justify="space-between" align="center" gap="sm">
        <Text size="sm" fw={500}>
          {t('retention.banner', { date: formatDate(book.retiredAt), until: formatDate(until) })}
        </Text>
        <Button
          size="xs"
          leftSection={<IconRestore size={16} />}
          loading={restore.isPending}
          onClick={() => askRestore(book.title, () => restore.mutateAsync({ tenantId, id: book._id }))}
          data-testid="book-restore"
        >
          {t('retention.restore')}
        </Button>
      </Group>
    </Alert>
  );
}
