import { Group, Progress, Text } from '@mantine/core';
import type { DailyCapacity } from '@pruefbuch/domain/schemas/capacity';
import { useTranslation } from 'react-i18next';
import { formatMinutes, formatPercent } from '@/lib/format';
import { BAR_COLOUR } from '../capacity-format';

/** A day's utilisation: a bar in the reply's colour (green ≤ 85 %, orange ≤ 100 %, red above) and the figures. */
export function UtilisationBar({ day, compact }: { day: DailyCapacity; compact?: boolean }) {
  const { t } = useTranslation();
  const value = day.utilisation ?? (day.totalOrdersTime > 0 ? 100 : 0);
  const percent = day.utilisation === null ? t('capacity.board.noTime') : formatPercent(day.utilisation);
  return (
    <div data-testid="utilisation" data-colour={day.colour} data-utilisation={day.utilisation ?? ''}>
      <Progress
        value={Math.min(value, 100)}
        color={BAR_COLOUR[day.colour]}
        size={compact ? 'sm' : 'md'}
        radius="xl"
        aria-label={`${t('capacity.board.utilisation')}: ${percent}`}
      />
      {compact ? null : (
        <Group justify="space-between" gap={0} wrap="wrap" mt={2} style={{ columnGap: 4 }}>
          <Text
            size="xs"
            fw={600}
            c={day.colour === 'red' ? 'red.8' : day.colour === 'orange' ? 'orange.8' : undefined}
          >
            {percent}
          </Text>
          <Text size="xs" c="dimmed">
            {t('capacity.board.usage', {
              planned: formatMinutes(day.totalOrdersTime),
              available: formatMinutes(day.totalEmployeeTime),
            })}
          </Text>
        </Group>
      )}
    </div>
  );
}
