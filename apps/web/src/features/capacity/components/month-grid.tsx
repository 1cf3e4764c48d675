import { SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { weekdayOf } from '@pruefbuch/domain/rules/capacity-time';
import { berlinToday } from '@pruefbuch/domain/rules/next-inspection';
import type { DailyCapacity } from '@pruefbuch/domain/schemas/capacity';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { formatDate, weekdayShort } from '@/lib/format';
import { UtilisationBar } from './utilisation-bar';

/** The month: Monday-first weeks, a bar per day; a click opens that day's week. */
export function MonthGrid({
  days,
  month,
  onOpen,
}: {
  days: DailyCapacity[];
  month: string;
  onOpen: (date: string) => void;
}) {
  const first = days[0]?.date ?? `${month}-01`;
  const lead = (dayjs(first).day() + 6) % 7;
  const names = Array.from({ length: 7 }, (_, i) => weekdayShort(i + 1));
  return (
    <Stack gap={4} data-testid="month-grid">
      <SimpleGrid cols={7} spacing={4}>
        {names.map((n) => (
          <Text key={n} size="xs" fw={600} c="dimmed" ta="center">
            {n}
          </Text>
        ))}
      </SimpleGrid>
      <SimpleGrid cols={7} spacing={4}>
        {lead > 0 ? <div style={{ gridColumn: `span ${lead}` }} /> : null}
        {days.map((d) => (
          <MonthDay key={d.date} day={d} inMonth={d.date.startsWith(month)} onOpen={onOpen} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

/** A day in the month grid: its number, a slim bar, the percentage; a click opens its week. */
export function MonthDay({
  day,
  inMonth,
  onOpen,
}: {
  day: DailyCapacity;
  inMonth: boolean;
  onOpen: (date: string) => void;
}) {
  const { t } = useTranslation();
  const weekend = weekdayOf(day.date) === null;
  return (
    <UnstyledButton
      onClick={() => onOpen(day.date)}
      aria-label={t('capacity.board.openWeek', { date: formatDate(day.date) })}
      data-testid="month-day"
      data-date={day.date}
      style={{
        border: '1px solid var(--mantine-color-default-border)',
        borderRadius: 'var(--mantine-radius-sm)',
        padding: 6,
        minWidth: 0,
        minHeight: 64,
        opacity: inMonth ? 1 : 0.45,
        background: weekend ? 'var(--mantine-color-gray-0)' : undefined,
      }}
    >
      <Stack gap={4}>
        <Text size="sm" fw={berlinToday() === day.date ? 800 : 500}>
          {dayjs(day.date).date()}
        </Text>
        {day.totalEmployeeTime > 0 || day.totalOrdersTime > 0 ? <UtilisationBar day={day} compact /> : null}
        {day.utilisation !== null ? (
          <Text size="xs" c="dimmed" visibleFrom="xs">
            {Math.round(day.utilisation)} %
          </Text>
        ) : null}
        {day.notes.some((n) => n.kind === 'publicHoliday' || n.kind === 'operatingHoliday') ? (
          <Text size="xs" c="grape.7" truncate visibleFrom="sm">
            {day.notes.find((n) => n.kind === 'publicHoliday')?.text ??
              t('capacity.notes.operatingHoliday', { text: '' })}
          </Text>
        ) : null}
      </Stack>
    </UnstyledButton>
  );
}
