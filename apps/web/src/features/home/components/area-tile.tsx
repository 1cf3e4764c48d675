import { Card, Group, Text, ThemeIcon } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import { Link } from 'react-router';
import classes from './area-tile.module.css';

/** A big tile on the start page leading to one area of the nav bar. */
export function AreaTile({
  to,
  icon: TileIcon,
  title,
  text,
  testId,
}: {
  to: string;
  icon: Icon;
  title: string;
  text: string;
  testId: string;
}) {
  return (
    <Card component={Link} to={to} withBorder padding="lg" radius="md" data-testid={testId} className={classes.tile}>
      <Group wrap="nowrap" align="flex-start" gap="md">
        <ThemeIcon size={48} radius="md" variant="light">
          <TileIcon size={28} stroke={1.6} />
        </ThemeIcon>
        <div>
          <Text fw={600} size="lg" lh={1.3}>
            {title}
          </Text>
          <Text size="sm" c="dimmed" mt={4}>
            {text}
          </Text>
        </div>
      </Group>
    </Card>
  );
}
