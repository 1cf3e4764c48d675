import { ActionIcon, Group, Paper, Stack, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/**
 * A row of an editable list in a form (deliveries, extra effort, templates, employees): a header (a
 * text such as 'Lieferung 2', or the row's name field), a remove button when the row may go, and the
 * row's fields below.
 */
export function ListRow({
  header,
  onRemove,
  removeLabel,
  removeTestId,
  testId,
  children,
}: {
  header: ReactNode;
  /** Without it (read-only) no remove button is shown. */
  onRemove?: (() => void) | undefined;
  removeLabel: string;
  removeTestId?: string;
  testId: string;
  children: ReactNode;
}) {
  const titled = typeof header === 'string';
  return (
    <Paper withBorder radius="sm" p="sm" data-testid={testId}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" gap="xs" align={titled ? 'center' : 'flex-end'}>
          {titled ? (
            <Text size="sm" fw={600}>
              {header}
            </Text>
          ) : (
            <div style={{ flex: 1, minWidth: 0 }}>{header}</div>
          )}
          {onRemove ? (
            <ActionIcon
              variant="subtle"
              color="red"
              mb={titled ? undefined : 6}
              onClick={onRemove}
              aria-label={removeLabel}
              title={removeLabel}
              data-testid={removeTestId}
            >
              <IconTrash size={16} />
            </ActionIcon>
          ) : null}
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}
