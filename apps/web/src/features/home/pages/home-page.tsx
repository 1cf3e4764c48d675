import { Button, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { canOpen, NAV, screenPath } from '@pruefbuch/domain/access';
import { isBranchUser } from '@pruefbuch/domain/roles';
import { usableNav } from '@pruefbuch/domain/start';
import { IconLogin } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NAV_ICONS } from '@/components/ui/nav-icons';
import { principalOf, useSession } from '@/lib/session';
import { AreaTile } from '../components/area-tile';
import { DueBooks } from '../components/due-books';

export function HomePage() {
  const { t } = useTranslation();
  const { session, currentTenant } = useSession();

  if (!session) {
    return (
      <Paper withBorder radius="md" p={{ base: 'lg', sm: 'xl' }} maw={720} mx="auto" mt={{ base: 0, sm: 'xl' }}>
        <Stack gap="md" align="flex-start">
          <Title order={1}>{t('home.welcome')}</Title>
          <Text size="lg" c="dimmed">
            {t('home.intro')}
          </Text>
          <Text>{t('home.signedOut')}</Text>
          <Button component={Link} to={screenPath('login')} size="md" leftSection={<IconLogin size={18} />}>
            {t('home.signIn')}
          </Button>
        </Stack>
      </Paper>
    );
  }

  const principal = principalOf(session);
  const entries = usableNav(principal);
  const showDue = !isBranchUser(principal) && canOpen('book_list', principal) && !!currentTenant;
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{t('home.welcomeUser', { name: session.friendlyUsername })}</Title>
        <Text c="dimmed" mt={4}>
          {t('home.intro')}
        </Text>
      </div>
      {showDue && currentTenant && <DueBooks tenantId={currentTenant} />}
      <Title order={3}>{t('home.areas')}</Title>
      {entries.length === 0 ? (
        <Text c="dimmed">{t('home.noAreas')}</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          {entries.map((entry) => {
            const nav = NAV.find((n) => n.entry === entry);
            if (!nav) return null;
            return (
              <AreaTile
                key={entry}
                to={screenPath(nav.screen)}
                icon={NAV_ICONS[entry]}
                title={t(`common.nav.${entry}`)}
                text={t(`home.tiles.${entry}`)}
                testId={`tile-${entry}`}
              />
            );
          })}
        </SimpleGrid>
      )}
    </Stack>
  );
}
