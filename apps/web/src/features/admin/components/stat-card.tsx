import { Group, Paper, Text, ThemeIcon } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import { formatNumber } from '@/lib/format';

export function StatCard({
  label,
  value,
  icon: StatIcon,
  testId,
}: {
  label: string;
  value: number;
  icon: Icon;
  testId: string;
}) {
  return (
    <Paper withBorder radius="md" p="md" data-testid={testId}>
      <Group justify="space-between" wrap="nowrap">
        <div>
          <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
            {label}
          </Text>
          <Text fw={700} fz={{ base: 26, sm: 32 }} lh={1.2}>
            {formatNumber(value)}
          </Text>
        </div>
        <ThemeIcon size={48} radius="md" variant="light" visibleFrom="sm">
          <StatIcon size={28} stroke={1.6} />
        </ThemeIcon>
      </Group>
    </Paper>
  );
}
