import { Anchor, Badge, Box, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { canOpen, mayCall } from '@pruefbuch/domain/access';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadError } from '@/components/ui/load-error';
import { formatDate } from '@/lib/format';
import { toPrincipal, useSession } from '@/lib/session';
import { useBookRecords } from '../api/get-book-records';
import { useDefectOffers } from '../api/get-defect-offers';
import { recordPath, SCREEN_OF_KIND } from '../record-paths';
import { DefectOfferLine, defectOfferAccess, newOfferPath } from './defect-offer';
import { SEVERITY_COLOR } from './severity-badge';

/**
 * The book's defects and their offers: every open defect of the records shown on the page, and every defect
 * with an offer, each with the offer's number, status and ampel, or 'Angebot erstellen'. So the book shows
 * which defects are offered, commissioned or still open. Only for users who may read offers.
 */
export function BookDefectsCard({ tenantId, bookId }: { tenantId: string; bookId: string }) {
  const { t } = useTranslation();
  const { session } = useSession();
  const principal = toPrincipal(session);
  const access = defectOfferAccess(principal);
  const shown = access.read && !!principal && mayCall('inspections:read', principal);
  const records = useBookRecords(tenantId, bookId, shown);
  const offers = useDefectOffers(tenantId, bookId, shown);
  if (!shown) return null;

  const rows = (records.data?.pages.flatMap((page) => page.docs) ?? []).flatMap((record) =>
    record.defects
      .filter((d) => !d.resolved || offers.data?.has(d._id))
      .map((defect) => ({ record, defect, offer: offers.data?.get(defect._id) })),
  );
  if (rows.length === 0 && !offers.isError) return null;
  const offered = rows.filter((row) => row.offer).length;

  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="defect-offers-title"
      data-testid="book-defects-card"
    >
      <Stack gap="sm">
        <Group gap="xs" align="baseline">
          <Title order={3} size="h4" id="defect-offers-title">
            {t('offers.defect.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('offers.defect.total', { count: rows.length })} · {t('offers.defect.offered', { count: offered })}
          </Text>
        </Group>
        {offers.isError ? <LoadError error={offers.error} onRetry={() => void offers.refetch()} /> : null}
        <Stack gap={0} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {rows.map(({ record, defect, offer }, index) => (
            <Box
              component="li"
              key={defect._id}
              py="sm"
              pl="sm"
              style={{
                borderTop: index === 0 ? undefined : '1px solid var(--mantine-color-gray-3)',
                borderLeft: `3px solid var(--mantine-color-${SEVERITY_COLOR[defect.severity]}-6)`,
              }}
              data-testid="book-defect"
            >
              <Stack gap={4}>
                <Group gap="xs" wrap="nowrap" align="flex-start" justify="space-between">
                  <Text size="sm" lineClamp={3} style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
                    {defect.text}
                  </Text>
                  {defect.resolved ? (
                    <Badge color="teal" variant="light" tt="none" size="sm" style={{ flex: 'none' }}>
                      {t('inspections.defects.resolved')}
                    </Badge>
                  ) : null}
                </Group>
                <Text size="xs" c="dimmed">
                  {canOpen(SCREEN_OF_KIND[record.kind], principal) ? (
                    <Anchor
                      component={Link}
                      to={recordPath(record.kind, { tenant: tenantId, book: bookId, slug: record._id })}
                      size="xs"
                    >
                      {t('offers.defect.record', {
                        kind: t(`inspections.kind.${record.kind}`),
                        date: formatDate(record.when),
                      })}
                    </Anchor>
                  ) : (
                    t('offers.defect.record', {
                      kind: t(`inspections.kind.${record.kind}`),
                      date: formatDate(record.when),
                    })
                  )}
                </Text>
                {offers.data ? (
                  <DefectOfferLine
                    offer={offer}
                    createTo={
                      access.create && !defect.resolved
                        ? newOfferPath({ tenant: tenantId, book: bookId, record: record._id, defect: defect._id })
                        : null
                    }
                  />
                ) : null}
              </Stack>
            </Box>
          ))}
        </Stack>
      </Stack>
    </Paper>
  );
}
