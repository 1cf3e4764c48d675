import { Anchor, Group, Text } from '@mantine/core';
import { screenPath } from '@pruefbuch/domain/access';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function AppFooter() {
  const { t } = useTranslation();
  return (
    <Group
      component="footer"
      justify="space-between"
      gap="xs"
      mt="xl"
      pt="md"
      style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
    >
      <Text size="sm" c="dimmed">
        {t('common.footer.copyright', { year: new Date().getFullYear() })}
      </Text>
      <Group gap="md">
        <Anchor component={Link} to={screenPath('privacy')} size="sm" c="dimmed">
          {t('common.footer.privacy')}
        </Anchor>
        <Anchor component={Link} to={screenPath('imprint')} size="sm" c="dimmed">
          {t('common.footer.imprint')}
        </Anchor>
      </Group>
    </Group>
  );
}
