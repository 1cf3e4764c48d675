import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { Book } from '@pruefbuch/domain/schemas/book';
import { IconPrinter } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { notifySaveFailed } from '@/lib/notify';
import { downloadLabels } from '../api/download-labels';
import { getFolderBookIds } from '../api/get-folder-book-ids';
import { useQrTenant } from '../api/get-tenant';

/**
 * Labels for every book in the folder of this book (or every book without a folder): one PDF, the first label
 * at the chosen position of the sheet.
 */
export function FolderLabelsButton({ book, start = 1 }: { book: Book; start?: number }) {
  const { t } = useTranslation();
  const tenant = useQrTenant(book.tenant);
  const print = useMutation({
    mutationFn: async () => {
      if (!tenant.data) return;
      const books = await getFolderBookIds(book.tenant, tenant.data.url, book.folder ?? 'root');
      await downloadLabels({ tenantId: book.tenant, books: books.length > 0 ? books : [book._id], start });
    },
    onError: notifySaveFailed,
  });

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
      <Group justify="space-between" gap="sm">
        <Stack gap={2} style={{ flex: '1 1 260px' }}>
          <Text fw={600}>{t('qr.folder.title')}</Text>
          <Text size="sm" c="dimmed">
            {book.folder ? t('qr.folder.text') : t('qr.folder.textRoot')}
          </Text>
        </Stack>
        <Button
          variant="default"
          leftSection={<IconPrinter size={16} />}
          onClick={() => print.mutate()}
          loading={print.isPending}
          disabled={!tenant.data}
          data-testid="qr-print-folder"
        >
          {t('qr.folder.print')}
        </Button>
      </Group>
    </Paper>
  );
}
