import { Button, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconInbox, IconSearchOff } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Nothing to show: with a search, that nothing matched and a way back; without, the list's own empty text. */
export function ListEmpty({
  search,
  onClearSearch,
  text,
  action,
  testId,
}: {
  search: string;
  onClearSearch: () => void;
  text?: string;
  action?: ReactNode;
  testId?: string;
}) {
  const { t } = useTranslation();
  const searched = search !== '';
  return (
    <Paper withBorder radius="md" py="xl" px="md" data-testid={testId}>
      <Stack align="center" gap="xs">
        <ThemeIcon variant="light" color="gray" size={44} radius="xl">
          {searched ? <IconSearchOff size={22} /> : <IconInbox size={22} />}
        </ThemeIcon>
        <Text c="dimmed" ta="center" size="sm" style={{ overflowWrap: 'anywhere' }}>
          {searched ? t('ui.list.noMatch', { search }) : (text ?? t('ui.list.empty'))}
        </Text>
        {searched ? (
          <Button variant="subtle" size="xs" onClick={onClearSearch}>
            {t('ui.list.clearSearch')}
          </Button>
        ) : (
          action
        )}
      </Stack>
    </Paper>
  );
}
