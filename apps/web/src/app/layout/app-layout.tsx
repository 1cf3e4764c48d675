import { Anchor, AppShell, Box, Burger, Container, Group, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconBook2 } from '@tabler/icons-react';
import { useIsFetching, useIsMutating } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { TenantPicker } from '@/features/tenants/components/tenant-picker';
import { AppFooter } from './app-footer';
import classes from './app-layout.module.css';
import { ConnectionBadge } from './connection-badge';
import { LanguageSwitch } from './language-switch';
import { NavLinks } from './nav-links';
import { UpdateDialog } from './update-dialog';
import { useNavEntries } from './use-nav-entries';
import { UserMenu } from './user-menu';

export function AppLayout() {
  const { t } = useTranslation();
  const [opened, { toggle, close }] = useDisclosure(false);
  const { pathname } = useLocation();
  const navItems = useNavEntries();
  const hasNav = navItems.length > 0;

  // On phones the nav is a drawer: close it once a link has been followed, or the address changed otherwise.
  useEffect(() => {
    if (pathname) close();
  }, [pathname, close]);

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 264, breakpoint: 'sm', collapsed: { mobile: !opened, desktop: !hasNav } }}
      padding={{ base: 'sm', sm: 'lg' }}
    >
      <AppShell.Header>
        <Group h="100%" px={{ base: 'sm', sm: 'md' }} justify="space-between" wrap="nowrap">
          <Group gap="xs" wrap="nowrap">
            {hasNav ? (
              <Burger
                opened={opened}
                onClick={toggle}
                hiddenFrom="sm"
                size="sm"
                aria-label={t('common.nav.openMenu')}
                aria-expanded={opened}
              />
            ) : null}
            <Anchor component={Link} to="/" underline="never" c="inherit" aria-label={t('common.appName')}>
              <Group gap={8} wrap="nowrap">
                <IconBook2 size={26} color="var(--mantine-color-blue-6)" />
                <Text fw={700} size="lg" className={classes.wordmark}>
                  {t('common.appName')}
                </Text>
              </Group>
            </Anchor>
          </Group>
          <Group gap="xs" wrap="nowrap">
            <ConnectionBadge />
            <Box visibleFrom="sm">
              <TenantPicker />
            </Box>
            <LanguageSwitch />
            <UserMenu />
          </Group>
        </Group>
      </AppShell.Header>

      {hasNav ? (
        <AppShell.Navbar p="sm">
          {/* On phones the header has no room for the tenant: it sits on top of the menu. */}
          <Box hiddenFrom="sm" mb="sm">
            <TenantPicker fullWidth />
          </Box>
          <NavLinks items={navItems} onFollow={close} />
        </AppShell.Navbar>
      ) : null}

      <BusyMain>
        <Container size="xl" w="100%" px={0} style={{ flex: 1, display: 'flex', flexDirection: 'column' }}>
          <Box style={{ flex: 1 }}>
            <Outlet />
          </Box>
          <AppFooter />
        </Container>
      </BusyMain>
      <UpdateDialog />
    </AppShell>
  );
}

/**
 * The main region, marked aria-busy while data loads or saves: assistive technology waits for the
 * content, and browser tests wait for it instead of for a quiet network. Its own component, so a
 * change of the flag re-renders the region only, not the screen inside it.
 */
function BusyMain({ children }: { children: ReactNode }) {
  const busy = useIsFetching() + useIsMutating() > 0;
  return (
    <AppShell.Main aria-busy={busy} style={{ display: 'flex', flexDirection: 'column' }}>
      {children}
    </AppShell.Main>
  );
}
