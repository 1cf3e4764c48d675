import { Box, Group, Paper, Progress, SimpleGrid, Skeleton, Text, Tooltip, UnstyledButton } from '@mantine/core';
import type { LocationAmpelFilter } from '@pruefbuch/domain/rules/location-ampel';
import type { AmpelCount } from '@pruefbuch/domain/schemas/customerlocation';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '@/lib/format';
import { AmpelDot, ampelCss } from './location-ampel';

/** The bar's order: worst first, as the list sorts; dormant last. */
const ORDER: readonly LocationAmpelFilter[] = ['black', 'red', 'orange', 'green', 'none', 'grey'];

/**
 * Above the branch list: how many branches show each inspection colour, as a proportion bar and one button per
 * colour (and 'Alle'). A button filters the list by its colour; the chosen one is pressed, a second click shows
 * all again.
 */
export function AmpelBar({
  counts,
  loading,
  failed,
  value,
  onChange,
}: {
  counts: AmpelCount | undefined;
  loading: boolean;
  failed: boolean;
  value: LocationAmpelFilter | undefined;
  onChange: (value: LocationAmpelFilter | undefined) => void;
}) {
  const { t } = useTranslation();
  const total = counts?.total ?? 0;
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'xs', sm: 'sm' }}
      component="section"
      aria-label={t('customerlocations.bar.label')}
    >
      {failed ? (
        <Group gap="xs" c="red.8" mb="xs">
          <IconAlertTriangle size={16} aria-hidden />
          <Text size="sm">{t('customerlocations.bar.loadFailed')}</Text>
        </Group>
      ) : null}
      {counts && total > 0 ? (
        <Progress.Root size={10} radius="xl" mb="sm" aria-hidden>
          {ORDER.map((ampel) =>
            counts[ampel] > 0 ? (
              <Progress.Section key={ampel} value={(counts[ampel] / total) * 100} color={ampelCss(ampel)} />
            ) : null,
          )}
        </Progress.Root>
      ) : loading ? (
        <Skeleton height={10} radius="xl" mb="sm" />
      ) : null}
      <SimpleGrid cols={{ base: 4, md: 7 }} spacing={6} verticalSpacing={6} data-testid="ampel-bar">
        <Tile
          label={t('customerlocations.list.filterAll')}
          count={counts?.total}
          loading={loading}
          pressed={!value}
          onClick={() => onChange(undefined)}
          testId="ampel-filter-all"
        />
        {ORDER.map((ampel) => (
          <Tile
            key={ampel}
            ampel={ampel}
            label={t(`customerlocations.ampelShort.${ampel}`)}
            meaning={t(`customerlocations.ampel.${ampel}`)}
            count={counts?.[ampel]}
            loading={loading}
            pressed={value === ampel}
            onClick={() => onChange(value === ampel ? undefined : ampel)}
            testId={`ampel-filter-${ampel}`}
          />
        ))}
      </SimpleGrid>
      <AmpelLegend />
    </Paper>
  );
}

/**
 * What each colour means, in words, a tap away: on a phone the tiles' tooltips never show, and a branch manager
 * must be able to tell whether the doors are safe. A native disclosure: keyboard and screen readers know it.
 */
function AmpelLegend() {
  const { t } = useTranslation();
  return (
    <Box component="details" mt="xs" data-testid="ampel-legend">
      <Text component="summary" size="xs" c="blue.7" style={{ cursor: 'pointer', minHeight: 24, lineHeight: '24px' }}>
        {t('customerlocations.legend.open')}
      </Text>
      <Text size="xs" c="dimmed" mt={4}>
        {t('customerlocations.legend.intro')}
      </Text>
      <Box
        component="dl"
        mt={4}
        mb={0}
        style={{ display: 'grid', gridTemplateColumns: 'max-content minmax(0, 1fr)', columnGap: 10, rowGap: 4 }}
      >
        {ORDER.map((ampel) => (
          <Fragment key={ampel}>
            <Group component="dt" gap={4} wrap="nowrap" fz="xs" fw={600}>
              <AmpelDot ampel={ampel} />
              {t(`customerlocations.ampelShort.${ampel}`)}
            </Group>
            <Text component="dd" size="xs" m={0}>
              {t(`customerlocations.legend.${ampel}`)}
            </Text>
          </Fragment>
        ))}
      </Box>
    </Box>
  );
}

function Tile({
  ampel,
  label,
  meaning,
  count,
  loading,
  pressed,
  onClick,
  testId,
}: {
  ampel?: LocationAmpelFilter;
  label: string;
  meaning?: string;
  count: number | undefined;
  loading: boolean;
  pressed: boolean;
  onClick: () => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const button = (
    <UnstyledButton
      onClick={onClick}
      aria-pressed={pressed}
      aria-label={count === undefined ? label : t('customerlocations.bar.filterBy', { ampel: meaning ?? label, count })}
      data-testid={testId}
      px={{ base: 4, sm: 'sm' }}
      py={6}
      style={{
        borderRadius: 'var(--mantine-radius-md)',
        border: `1px solid ${pressed ? 'var(--mantine-primary-color-filled)' : 'var(--mantine-color-default-border)'}`,
        background: pressed ? 'var(--mantine-primary-color-light)' : undefined,
        boxShadow: pressed ? 'inset 0 0 0 1px var(--mantine-primary-color-filled)' : undefined,
        minWidth: 0,
      }}
    >
      <Group gap={4} wrap="nowrap" align="center">
        {ampel ? <AmpelDot ampel={ampel} /> : null}
        <Text size="xs" c="dimmed" truncate>
          {label}
        </Text>
      </Group>
      <Box mt={2}>
        {count === undefined && loading ? (
          <Skeleton height={20} width={28} radius="sm" />
        ) : (
          <Text fw={700} fz="lg" lh="24px" data-testid={`${testId}-count`}>
            {count === undefined ? '–' : formatNumber(count)}
          </Text>
        )}
      </Box>
    </UnstyledButton>
  );
  return meaning ? (
    <Tooltip label={meaning} openDelay={300}>
      {button}
    </Tooltip>
  ) : (
    button
  );
}
