import { Menu } from '@mantine/core';
import { canOpen, screenPath, showAdminMenu } from '@pruefbuch/domain/access';
import { APP_VERSION } from '@pruefbuch/domain/constants';
import {
  IconArchive,
  IconBooks,
  IconComponents,
  IconInfoCircle,
  IconKey,
  IconLayoutDashboard,
  IconLogout,
  IconUser,
  IconUsers,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { openConfirmWhenReady } from '@/components/ui/dialogs';
import { signOut } from '@/lib/auth';
import { principalOf, type SessionData, useSession } from '@/lib/session';
import { waitingChanges } from '@/lib/waiting-changes';
import { UserMenuTrigger } from './user-menu';

/** The menu of a signed-in user; its own chunk (Menu, Popover, floating-ui), loaded once someone is signed in. */
export function SignedInUserMenu({ session }: { session: SessionData }) {
  const { t } = useTranslation();
  const navigate = useNavigate();

  const { currentTenant } = useSession();
  const principal = principalOf(session);
  const isAdmin = showAdminMenu(principal);
  // The retired books of the tenant in use (decision 059).
  const retiredPath =
    currentTenant && canOpen('retired_books', principal)
      ? screenPath('retired_books', { tenant: currentTenant })
      : null;
  const signOutNow = async () => {
    await signOut();
    navigate(screenPath('login'), { replace: true });
  };
  // Changes recorded offline and not yet on the server go with the sign-out: it asks first (issue 33 item 5).
  const onSignOut = () => {
    const count = waitingChanges();
    if (count === 0) {
      void signOutNow();
      return;
    }
    openConfirmWhenReady({
      title: t('common.outbox.signOutTitle'),
      children: t('common.outbox.signOutText', { count }),
      labels: { confirm: t('common.outbox.signOutAnyway'), cancel: t('common.outbox.stay') },
      confirmProps: { color: 'red', 'data-testid': 'sign-out-anyway' } as Record<string, string>,
      onConfirm: () => void signOutNow(),
    });
  };

  return (
    <Menu position="bottom-end" width={240} shadow="md" withinPortal>
      <Menu.Target>
        <UserMenuTrigger name={session.friendlyUsername} data-testid="user-menu" />
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label hiddenFrom="sm">{session.friendlyUsername}</Menu.Label>
        <Menu.Item
          component={Link}
          to={screenPath('settings', { slug: session.userId })}
          leftSection={<IconUser size={16} />}
        >
          {t('common.userMenu.profile')}
        </Menu.Item>
        <Menu.Item
          component={Link}
          to={screenPath('changepassword', { slug: session.userId })}
          leftSection={<IconKey size={16} />}
        >
          {t('common.userMenu.password')}
        </Menu.Item>
        {isAdmin ? (
          <>
            <Menu.Divider />
            <Menu.Label>{t('common.userMenu.administration')}</Menu.Label>
            <Menu.Item
              component={Link}
              to={screenPath('useradministration_list')}
              leftSection={<IconUsers size={16} />}
            >
              {t('common.userMenu.userAdministration')}
            </Menu.Item>
            <Menu.Item
              component={Link}
              to={screenPath('admin_dashboard')}
              leftSection={<IconLayoutDashboard size={16} />}
            >
              {t('common.userMenu.dashboard')}
            </Menu.Item>
            <Menu.Item component={Link} to={screenPath('booktype_list')} leftSection={<IconBooks size={16} />}>
              {t('common.userMenu.bookTypes')}
            </Menu.Item>
            <Menu.Item component={Link} to={screenPath('component_list')} leftSection={<IconComponents size={16} />}>
              {t('common.userMenu.components')}
            </Menu.Item>
            {retiredPath ? (
              <Menu.Item
                component={Link}
                to={retiredPath}
                leftSection={<IconArchive size={16} />}
                data-testid="menu-retired"
              >
                {t('screens.retired_books')}
              </Menu.Item>
            ) : null}
            <Menu.Item disabled leftSection={<IconInfoCircle size={16} />} data-testid="app-version">
              {t('common.userMenu.version', { version: APP_VERSION })}
            </Menu.Item>
          </>
        ) : null}
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={onSignOut}>
          {t('common.userMenu.signOut')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
