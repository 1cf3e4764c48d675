import { Avatar, Button, Text, UnstyledButton } from '@mantine/core';
import { screenPath } from '@pruefbuch/domain/access';
import { IconChevronDown, IconLogin } from '@tabler/icons-react';
import { type ComponentPropsWithRef, lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '@/lib/session';

const SignedInUserMenu = lazy(async () => ({ default: (await import('./user-menu-signed-in')).SignedInUserMenu }));

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');

/** Avatar and name: the menu's button, and what stands in its place while the menu's code loads. */
export function UserMenuTrigger({ name, ...others }: { name: string } & ComponentPropsWithRef<'button'>) {
  const { t } = useTranslation();
  return (
    <UnstyledButton
      aria-label={t('common.userMenu.open')}
      style={{ display: 'flex', alignItems: 'center', gap: 8, padding: '4px 6px', borderRadius: 8 }}
      {...others}
    >
      <Avatar size={30} radius="xl" color="blue">
        {initials(name)}
      </Avatar>
      <Text size="sm" fw={500} visibleFrom="sm" maw={180} truncate>
        {name}
      </Text>
      <IconChevronDown size={14} />
    </UnstyledButton>
  );
}

export function UserMenu() {
  const { t } = useTranslation();
  const { session } = useSession();

  if (!session) {
    return (
      <Button component={Link} to={screenPath('login')} size="xs" variant="light" leftSection={<IconLogin size={16} />}>
        {t('common.userMenu.signIn')}
      </Button>
    );
  }
  return (
    <Suspense fallback={<UserMenuTrigger name={session.friendlyUsername} />}>
      <SignedInUserMenu session={session} />
    </Suspense>
  );
}
