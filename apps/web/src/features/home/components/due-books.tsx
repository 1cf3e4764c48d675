import { Anchor, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { screenPath } from '@pruefbuch/domain/access';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AmpelBadge } from '@/components/ui/book-badges';
import { LoadError } from '@/components/ui/load-error';
import { useDueBooks } from '../api/get-due-books';

/**
 * What is due first in the current tenant: the start page's way to the daily work (decision 017),
 * one click from a book. A title takes two lines before it is cut: on a phone one line showed the
 * customer's name and cut off what the installation is (a book of a branch has both doors and RWA).
 */
export function DueBooks({ tenantId }: { tenantId: string }) {
  const { t } = useTranslation();
  const due = useDueBooks(tenantId, true);
  const docs = (due.data?.docs ?? []).filter((b) => b.nextInspectionDate);
  return (
    <Paper withBorder radius="md" p="md" data-testid="due-books">
      <Title order={3} mb="sm">
        {t('home.due.title')}
      </Title>
      {due.isError ? (
        <LoadError error={due.error} onRetry={() => void due.refetch()} />
      ) : due.isPending ? (
        <Stack gap="xs">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height={28} />
          ))}
        </Stack>
      ) : docs.length === 0 ? (
        <Text c="dimmed">{t('home.due.empty')}</Text>
      ) : (
        <Stack gap={6}>
          {docs.map((b) => (
            <Group key={b._id} justify="space-between" wrap="nowrap" gap="sm">
              <div style={{ minWidth: 0 }}>
                <Anchor
                  component={Link}
                  to={screenPath('book_list', { tenant: tenantId, slug: b._id })}
                  fw={500}
                  lineClamp={2}
                >
                  {b.title}
                </Anchor>
                <Text size="xs" c="dimmed" lineClamp={1}>
                  {[b.site, b.objectaddress?.location].filter(Boolean).join(' · ')}
                </Text>
              </div>
              <AmpelBadge
                ampel={b.inspectionAmpel}
                date={b.nextInspectionDate}
                kind="inspection"
                style={{ flexShrink: 0 }}
              />
            </Group>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
