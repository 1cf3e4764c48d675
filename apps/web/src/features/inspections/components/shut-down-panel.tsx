import { Anchor, Group, List, Paper, Stack, Text } from '@mantine/core';
import { canOpen } from '@pruefbuch/domain/access';
import { IconAlertOctagon, IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AmpelPanel } from '@/components/ui/ampel-panel';
import { useItemLabel } from '@/lib/checklist-label';
import { formatDate } from '@/lib/format';
import { toPrincipal, useSession } from '@/lib/session';
import { useShutDownReason } from '../api/get-shut-down-reason';
import { recordPath, SCREEN_OF_KIND } from '../record-paths';

/**
 * A shut-down installation on the staff book page, as plainly as on the public QR page: the black ampel
 * 'Außer Betrieb', and below it the record and the defects that caused it, with a way to that record.
 */
export function ShutDownPanel({ tenantId, bookId }: { tenantId: string; bookId: string }) {
  const { t } = useTranslation();
  const { session } = useSession();
  const itemLabel = useItemLabel();
  const reason = useShutDownReason(tenantId, bookId);
  const record = reason.data?.record ?? null;
  const defects = reason.data?.defects ?? [];
  const kind = record
    ? record.kind === 'gutachten' && record.isAbnahmeGutachten
      ? t('inspections.kind.abnahme')
      : t(`inspections.kind.${record.kind}`)
    : '';

  return (
    <Stack gap={0} data-testid="book-shutdown">
      <AmpelPanel state="shutdown" />
      {record ? (
        <Paper
          withBorder
          radius="md"
          p="md"
          mt={-6}
          style={{ borderTopLeftRadius: 0, borderTopRightRadius: 0, borderTop: 0 }}
          data-testid="book-shutdown-cause"
        >
          <Stack gap="xs">
            <Group gap={8} wrap="nowrap" align="flex-start">
              <IconAlertOctagon size={20} color="var(--mantine-color-red-7)" style={{ flex: 'none', marginTop: 1 }} />
              <Text fw={600}>{t('inspections.shutDown.cause', { kind, date: formatDate(record.when) })}</Text>
            </Group>
            <List size="sm" spacing={4} pl={28} listStyleType="disc">
              {defects.map((d) => (
                <List.Item key={d._id || d.text}>
                  <Text span size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                    {d.text}
                  </Text>
                  {d.item ? (
                    <Text span size="sm" c="dimmed">
                      {' '}
                      {t('inspections.shutDown.item', { item: itemLabel(d.item) })}
                    </Text>
                  ) : null}
                </List.Item>
              ))}
            </List>
            {canOpen(SCREEN_OF_KIND[record.kind], toPrincipal(session)) ? (
              <Anchor
                component={Link}
                to={recordPath(record.kind, { tenant: tenantId, book: bookId, slug: record._id })}
                size="sm"
                pl={28}
                data-testid="book-shutdown-record"
              >
                <Group gap={2} wrap="nowrap" component="span">
                  {t('inspections.shutDown.open')}
                  <IconChevronRight size={14} />
                </Group>
              </Anchor>
            ) : null}
          </Stack>
        </Paper>
      ) : null}
    </Stack>
  );
}
