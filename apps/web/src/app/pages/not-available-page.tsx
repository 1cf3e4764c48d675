import { Button, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconTools } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** A screen of the table that this release does not build yet (still behind the route guard). */
export function NotAvailablePage({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <Stack align="center" ta="center" py="xl" gap="sm" maw={520} mx="auto" data-testid="not-available">
      <ThemeIcon size={64} radius="xl" variant="light" color="gray">
        <IconTools size={34} />
      </ThemeIcon>
      <Text c="dimmed" size="sm" tt="uppercase" fw={600}>
        {title}
      </Text>
      <Title order={2}>{t('common.notAvailable.title')}</Title>
      <Text c="dimmed">{t('common.notAvailable.text')}</Text>
      <Button component={Link} to="/" variant="light" mt="sm">
        {t('common.actions.toHome')}
      </Button>
    </Stack>
  );
}
