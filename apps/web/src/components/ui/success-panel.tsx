import { Button, Stack, Text, ThemeIcon } from '@mantine/core';
import { screenPath } from '@pruefbuch/domain/access';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** SPEC §2: a success message with a button to the login screen. */
export function SuccessPanel({ message }: { message: string }) {
  const { t } = useTranslation();
  return (
    <Stack align="center" gap="md" py="md" role="status">
      <ThemeIcon color="teal" size={56} radius="xl" variant="light">
        <IconCheck size={32} />
      </ThemeIcon>
      <Text ta="center" fw={500}>
        {message}
      </Text>
      <Button component={Link} to={screenPath('login')} fullWidth>
        {t('common.actions.toLogin')}
      </Button>
    </Stack>
  );
}
