import { Badge, Button, Drawer, Group, Pill, Select, SimpleGrid, Stack } from '@mantine/core';
import { OFFER_AMPEL_COLOUR, OFFER_AMPEL_LABELS, OFFER_STATUSES } from '@pruefbuch/domain/rules/offer-ampel';
import { DIVISIONS, OFFER_TYPES } from '@pruefbuch/domain/schemas/offer';
import { IconFilter } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '@/components/ui/date-field';
import { formatDate } from '@/lib/format';
import { departmentLabel, departmentOptions, userLabel, userOptions } from '@/lib/user-options';
import type { OfferUser } from '../api/get-offer-users';
import { activeFilterCount, clearedFilters, type FilterKey, type OfferFilters } from '../offer-list-filters';

const COLOURS = ['red', 'orange', 'green'] as const;

/**
 * The offer list's filters: a button with the number set, a drawer with the fields (status, ampel colour or
 * label, department, division, OFM/OPM user, type, received range), and the set filters as pills that remove
 * themselves on a click.
 */
export function OfferFilterControls({
  filters,
  users,
  update,
}: {
  filters: OfferFilters;
  users: readonly OfferUser[];
  /** Sets or removes address parameters (page 1 again). */
  update: (changes: Record<string, string | null>) => void;
}) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const count = activeFilterCount(filters);
  const set = (key: FilterKey, value: string | null) => update({ [key]: value, page: null });
  const any = t('offers.filters.any');

  const userName = (id: string | undefined) => {
    const user = users.find((u) => u._id === id);
    return user ? userLabel(user) : (id ?? '');
  };
  const ampelValue = filters.colour ? `colour:${filters.colour}` : filters.ampel ? `label:${filters.ampel}` : null;
  const ampelData = [
    {
      group: t('offers.filters.colourGroup'),
      items: COLOURS.map((c) => ({
        value: `colour:${c}`,
        label: t('offers.filters.colourOption', { colour: t(`offers.filters.colours.${c}`) }),
      })),
    },
    {
      group: t('offers.filters.labelGroup'),
      items: OFFER_AMPEL_LABELS.map((l) => ({
        value: `label:${l}`,
        label: `${t(`offers.ampel.${l}`)} (${t(`offers.filters.colours.${OFFER_AMPEL_COLOUR[l]}`)})`,
      })),
    },
  ];

  const pills: { key: string; label: string; keys: FilterKey[] }[] = [];
  if (filters.status) pills.push({ key: 'status', label: t(`offers.status.${filters.status}`), keys: ['status'] });
  if (filters.colour)
    pills.push({
      key: 'colour',
      label: `${t('offers.fields.ampel')}: ${t(`offers.filters.colours.${filters.colour}`)}`,
      keys: ['colour'],
    });
  if (filters.ampel) pills.push({ key: 'ampel', label: t(`offers.ampel.${filters.ampel}`), keys: ['ampel'] });
  if (filters.department !== undefined)
    pills.push({ key: 'department', label: departmentLabel(t, filters.department), keys: ['department'] });
  if (filters.division)
    pills.push({ key: 'division', label: t(`offers.divisions.${filters.division}`), keys: ['division'] });
  if (filters.ofmUser) pills.push({ key: 'ofmUser', label: `OFM: ${userName(filters.ofmUser)}`, keys: ['ofmUser'] });
  if (filters.opmUser) pills.push({ key: 'opmUser', label: `OPM: ${userName(filters.opmUser)}`, keys: ['opmUser'] });
  if (filters.type) pills.push({ key: 'type', label: t(`offers.types.${filters.type}`), keys: ['type'] });
  if (filters.from)
    pills.push({
      key: 'from',
      label: t('offers.filters.fromValue', { date: formatDate(filters.from) }),
      keys: ['from'],
    });
  if (filters.to)
    pills.push({ key: 'to', label: t('offers.filters.toValue', { date: formatDate(filters.to) }), keys: ['to'] });

  return (
    <>
      <Button
        variant={count > 0 ? 'light' : 'default'}
        leftSection={<IconFilter size={16} />}
        rightSection={
          count > 0 ? (
            <Badge size="sm" circle>
              {count}
            </Badge>
          ) : null
        }
        onClick={() => setOpened(true)}
        data-testid="offer-filters"
      >
        {t('offers.filters.button')}
      </Button>
      {pills.length > 0 ? (
        <Group gap={6} wrap="wrap" data-testid="offer-filter-pills">
          {pills.map((pill) => (
            <Pill
              key={pill.key}
              withRemoveButton
              onRemove={() => update({ ...Object.fromEntries(pill.keys.map((k) => [k, null])), page: null })}
              removeButtonProps={{ 'aria-label': t('offers.filters.remove', { name: pill.label }) }}
            >
              {pill.label}
            </Pill>
          ))}
        </Group>
      ) : null}
      <Drawer
        opened={opened}
        onClose={() => setOpened(false)}
        title={t('offers.filters.title')}
        position="right"
        size="md"
        data-testid="offer-filter-drawer"
      >
        <Stack gap="md">
          <Select
            label={t('offers.fields.status')}
            placeholder={any}
            data={OFFER_STATUSES.map((s) => ({ value: s, label: t(`offers.status.${s}`) }))}
            value={filters.status ?? null}
            onChange={(value) => set('status', value)}
            clearable
            comboboxProps={{ withinPortal: true }}
            data-testid="offer-filter-status"
          />
          <Select
            label={t('offers.fields.ampel')}
            placeholder={any}
            data={ampelData}
            value={ampelValue}
            onChange={(value) => {
              const [kind, v] = value ? value.split(':') : [];
              update({
                colour: kind === 'colour' ? (v ?? null) : null,
                ampel: kind === 'label' ? (v ?? null) : null,
                page: null,
              });
            }}
            clearable
            maxDropdownHeight={320}
            data-testid="offer-filter-ampel"
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <Select
              label={t('offers.filters.department')}
              placeholder={any}
              data={departmentOptions(t)}
              value={filters.department === undefined ? null : String(filters.department)}
              onChange={(value) => set('department', value)}
              clearable
            />
            <Select
              label={t('offers.filters.division')}
              placeholder={any}
              data={DIVISIONS.map((d) => ({ value: d, label: t(`offers.divisions.${d}`) }))}
              value={filters.division ?? null}
              onChange={(value) => set('division', value)}
              clearable
            />
            <Select
              label={t('offers.list.columns.ofm')}
              placeholder={any}
              data={userOptions(t, users, 5)}
              value={filters.ofmUser ?? null}
              onChange={(value) => set('ofmUser', value)}
              searchable
              clearable
              data-testid="offer-filter-ofm"
            />
            <Select
              label="OPM"
              placeholder={any}
              data={userOptions(t, users, 3)}
              value={filters.opmUser ?? null}
              onChange={(value) => set('opmUser', value)}
              searchable
              clearable
            />
          </SimpleGrid>
          <Select
            label={t('offers.fields.type')}
            placeholder={any}
            data={OFFER_TYPES.map((type) => ({ value: type, label: t(`offers.types.${type}`) }))}
            value={filters.type ?? null}
            onChange={(value) => set('type', value)}
            clearable
          />
          <SimpleGrid cols={2} spacing="md">
            <DateField
              label={t('offers.filters.from')}
              value={filters.from ?? null}
              onChange={(value) => set('from', value ? String(value) : null)}
              maxDate={filters.to}
              data-testid="offer-filter-from"
            />
            <DateField
              label={t('offers.filters.to')}
              value={filters.to ?? null}
              onChange={(value) => set('to', value ? String(value) : null)}
              minDate={filters.from}
              data-testid="offer-filter-to"
            />
          </SimpleGrid>
          <Group justify="space-between" mt="sm">
            <Button variant="subtle" onClick={() => update(clearedFilters())} disabled={count === 0}>
              {t('offers.filters.reset')}
            </Button>
            <Button onClick={() => setOpened(false)}>{t('offers.filters.apply')}</Button>
          </Group>
        </Stack>
      </Drawer>
    </>
  );
}
