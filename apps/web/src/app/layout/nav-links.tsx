import { Box, NavLink } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { NAV_ICONS } from '@/components/ui/nav-icons';
import type { NavItem } from './use-nav-entries';

const normalise = (path: string) => path.replace(/\/+$/, '') || '/';

export function NavLinks({ items }: { items: NavItem[] }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const current = normalise(pathname);
  return (
    // Native scrolling without a visible bar (Mantine's ScrollArea would bring floating-ui into the first load).
    <Box
      component="nav"
      aria-label={t('common.nav.label')}
      style={{ flex: 1, overflowY: 'auto', scrollbarWidth: 'none' }}
    >
      {items.map(({ entry, path, related }) => {
        const Icon = NAV_ICONS[entry];
        const target = normalise(path);
        return (
          <NavLink
            key={entry}
            component={Link}
            to={path}
            label={t(`common.nav.${entry}`)}
            leftSection={<Icon size={20} stroke={1.6} />}
            active={
              current === target || current.startsWith(`${target}/`) || related.some((r) => `${current}/`.startsWith(r))
            }
            variant="light"
            style={{ borderRadius: 'var(--mantine-radius-md)' }}
            data-testid={`nav-${entry}`}
          />
        );
      })}
    </Box>
  );
}
