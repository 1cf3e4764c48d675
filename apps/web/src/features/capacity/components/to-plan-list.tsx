import { Anchor, Badge, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { screenPath } from '@pruefbuch/domain/access';
import { gapKey } from '@pruefbuch/domain/rules/order-take-over';
import { type RequiredTimeItem, WORK_AREAS } from '@pruefbuch/domain/schemas/capacity';
import { IconAlertTriangle, IconPlus, IconSearch, IconWand } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageLoader } from '@/components/ui/page-loader';
import { Segments } from '@/components/ui/segments';
import { formatDate, formatMinutes } from '@/lib/format';
import { useRequiredTimeList } from '../api/get-required-time-list';
import { LoadFailed } from './load-failed';

/** 'Noch einzuplanen': orders with required time, what is planned of it, and the ways to plan them. */
export function ToPlanList({
  mayPlan,
  onPropose,
  onAddSlot,
}: {
  mayPlan: boolean;
  onPropose: (item: RequiredTimeItem) => void;
  onAddSlot: (item: RequiredTimeItem) => void;
}) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<'open' | 'all' | 'conflicts'>('open');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const list = useRequiredTimeList(filter, debounced);
  const items = list.data?.pages.flatMap((p) => p.docs) ?? [];
  const total = list.data?.pages[0]?.total ?? 0;
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      component="section"
      id="to-plan"
      aria-labelledby="to-plan-title"
      data-testid="to-plan"
    >
      <Stack gap="sm">
        <Title order={2} size="h5" id="to-plan-title">
          {t('capacity.toPlan.title')}
        </Title>
        <TextInput
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
          }}
          placeholder={t('capacity.toPlan.search')}
          aria-label={t('capacity.toPlan.search')}
          leftSection={<IconSearch size={16} />}
          size="xs"
          data-testid="to-plan-search"
        />
        <Segments<'open' | 'all' | 'conflicts'>
          size="xs"
          value={filter}
          onChange={setFilter}
          aria-label={t('capacity.toPlan.filter')}
          data={[
            { value: 'open', label: t('capacity.toPlan.open') },
            { value: 'all', label: t('capacity.toPlan.all') },
            { value: 'conflicts', label: t('capacity.conflicts.filter') },
          ]}
          data-testid="to-plan-filter"
        />
        {list.isPending ? <PageLoader /> : null}
        {list.isError ? <LoadFailed error={list.error} onRetry={() => void list.refetch()} /> : null}
        {list.data && total === 0 ? (
          <Text size="sm" c="dimmed">
            {debounced
              ? t('capacity.toPlan.noMatch', { search: debounced })
              : t(filter === 'conflicts' ? 'capacity.toPlan.noConflicts' : 'capacity.toPlan.empty')}
          </Text>
        ) : null}
        {items.map((item) => (
          <Paper key={item.orderId} withBorder radius="sm" p="xs" data-testid="to-plan-item" data-order={item.orderId}>
            <Stack gap={4}>
              <Group justify="space-between" gap={4} wrap="wrap" align="flex-start">
                <div style={{ minWidth: 0, flex: '1 1 110px' }}>
                  <Text size="sm" fw={700} truncate>
                    {item.abnr || '–'}
                  </Text>
                  <Text size="xs" c="dimmed" truncate title={item.objekt}>
                    {[item.objekt, item.kunde].filter(Boolean).join(' · ')}
                  </Text>
                </div>
                {item.gaps.length === 0 ? (
                  <Badge
                    variant="light"
                    color={item.totalPlanned >= item.totalRequired ? 'green' : 'orange'}
                    tt="none"
                    style={{ flexShrink: 0 }}
                    data-testid="to-plan-total"
                  >
                    {formatMinutes(item.totalPlanned)} / {formatMinutes(item.totalRequired)}
                  </Badge>
                ) : null}
              </Group>
              <Text size="xs" c={item.geplanteMontage ? undefined : 'dimmed'}>
                {item.geplanteMontage
                  ? t('capacity.toPlan.montage', { date: formatDate(item.geplanteMontage) })
                  : t('capacity.toPlan.noMontage')}
              </Text>
              <Stack gap={0}>
                {WORK_AREAS.filter(
                  (a) => (item.gaps.length === 0 && (item.required[a] ?? 0) > 0) || (item.planned[a] ?? 0) > 0,
                ).map((a) => (
                  <Group key={a} justify="space-between" gap={4} wrap="nowrap">
                    <Text size="xs">{t(`capacity.areas.${a}`)}</Text>
                    <Text
                      size="xs"
                      c={(item.planned[a] ?? 0) < (item.required[a] ?? 0) ? 'orange.8' : 'green.8'}
                      style={{ whiteSpace: 'nowrap' }}
                    >
                      {formatMinutes(item.planned[a] ?? 0)} / {formatMinutes(item.required[a] ?? 0)}
                    </Text>
                  </Group>
                ))}
              </Stack>
              {item.conflicts.length > 0 ? (
                <Stack gap={2} data-testid="to-plan-conflicts">
                  {item.conflicts.map((c) => (
                    <Text key={c} size="xs" c="red.8">
                      <IconAlertTriangle size={12} style={{ verticalAlign: -2 }} aria-hidden />{' '}
                      {t(`capacity.conflicts.${c}`)}
                    </Text>
                  ))}
                </Stack>
              ) : null}
              {item.gaps.length > 0 ? (
                <Stack gap={2} data-testid="to-plan-gaps">
                  <Text size="xs" c="orange.9">
                    {t('capacity.gaps.title', { missing: item.gaps.map((g) => t(gapKey(g))).join(', ') })}
                  </Text>
                  <Anchor
                    component={Link}
                    to={screenPath('orderprocessing', { slug: item.orderId })}
                    size="xs"
                    data-testid="to-plan-complete"
                  >
                    {t('capacity.gaps.open')}
                  </Anchor>
                </Stack>
              ) : mayPlan ? (
                <Group gap={4} wrap="wrap">
                  <Button
                    size="compact-xs"
                    variant="light"
                    leftSection={<IconWand size={14} />}
                    onClick={() => onPropose(item)}
                    maw="100%"
                    // In a narrow card the label takes two lines: with room between and around them, not cramped
                    // into the compact button's 12 px line height.
                    styles={{ label: { whiteSpace: 'normal', textAlign: 'left', lineHeight: 1.3 } }}
                    h="auto"
                    mih={22}
                    py={3}
                    data-testid="to-plan-propose"
                  >
                    {t('capacity.toPlan.propose')}
                  </Button>
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    leftSection={<IconPlus size={14} />}
                    onClick={() => onAddSlot(item)}
                    data-testid="to-plan-add-slot"
                  >
                    {t('capacity.toPlan.addSlot')}
                  </Button>
                </Group>
              ) : null}
            </Stack>
          </Paper>
        ))}
        {list.hasNextPage ? (
          <Button
            variant="subtle"
            size="xs"
            onClick={() => void list.fetchNextPage()}
            loading={list.isFetchingNextPage}
            data-testid="to-plan-more"
          >
            {t('capacity.toPlan.more', { count: total - items.length })}
          </Button>
        ) : null}
      </Stack>
    </Paper>
  );
}
