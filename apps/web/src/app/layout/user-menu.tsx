import { Avatar, Button, Menu, Text, UnstyledButton } from '@mantine/core';
import { screenPath, showAdminMenu } from '@pruefbuch/domain/access';
import { APP_VERSION } from '@pruefbuch/domain/constants';
import {
  IconBooks,
  IconChevronDown,
  IconInfoCircle,
  IconKey,
  IconLayoutDashboard,
  IconLogin,
  IconLogout,
  IconUser,
  IconUsers,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { signOut } from '@/lib/auth';
import { principalOf, useSession } from '@/lib/session';

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');

export function UserMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { session } = useSession();

  if (!session) {
    return (
      <Button component={Link} to={screenPath('login')} size="xs" variant="light" leftSection={<IconLogin size={16} />}>
        {t('common.userMenu.signIn')}
      </Button>
    );
  }

  const isAdmin = showAdminMenu(principalOf(session));
  const onSignOut = async () => {
    await signOut();
    navigate(screenPath('login'), { replace: true });
  };

  return (
    <Menu position="bottom-end" width={240} shadow="md" withinPortal>
      <Menu.Target>
        <UnstyledButton
          aria-label={t('common.userMenu.open')}
          data-testid="user-menu"
          style={{ display: 'flex', alignItems: 'center', gap: 8, padding: '4px 6px', borderRadius: 8 }}
        >
          <Avatar size={30} radius="xl" color="blue">
            {initials(session.friendlyUsername)}
          </Avatar>
          <Text size="sm" fw={500} visibleFrom="sm" maw={180} truncate>
            {session.friendlyUsername}
          </Text>
          <IconChevronDown size={14} />
        </UnstyledButton>
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
