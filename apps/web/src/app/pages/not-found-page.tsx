import { Button, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDocumentTitle } from '../use-document-title';

export function NotFoundPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('common.notFound.title'));
  return (
    <Stack align="center" ta="center" py="xl" gap="sm" maw={520} mx="auto" data-testid="not-found">
      <Text fz={64} fw={800} c="gray.4" lh={1}>
        404
      </Text>
      <Title order={2}>{t('common.notFound.title')}</Title>
      <Text c="dimmed">{t('common.notFound.text')}</Text>
      <Button component={Link} to="/" variant="light" mt="sm">
        {t('common.actions.toHome')}
      </Button>
    </Stack>
  );
}
