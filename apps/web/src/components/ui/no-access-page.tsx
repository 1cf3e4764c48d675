import { Button, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isApiError } from '@/lib/api-client';

/** Whether the server refused the call for the user's role (not: unknown or another tenant's data). */
export const isRoleRefusal = (error: unknown) =>
  isApiError(error) && error.status === 403 && error.code === 'FORBIDDEN';

/** A screen the signed-in user's role may not open: said plainly, with the way to their start. */
export function NoAccessPage({ title }: { title?: string }) {
  const { t } = useTranslation();
  return (
    <Stack align="center" ta="center" py="xl" gap="sm" maw={520} mx="auto" data-testid="no-access">
      <ThemeIcon size={64} radius="xl" variant="light" color="orange">
        <IconLock size={34} />
      </ThemeIcon>
      {title && (
        <Text c="dimmed" size="sm" tt="uppercase" fw={600}>
          {title}
        </Text>
      )}
      <Title order={2}>{t('common.noAccess.title')}</Title>
      <Text c="dimmed">{t('common.noAccess.text')}</Text>
      <Button component={Link} to="/" variant="light" mt="sm">
        {t('common.actions.toStart')}
      </Button>
    </Stack>
  );
}
