import { Box, NavLink } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { NAV_ICONS } from '@/components/ui/nav-icons';
import { useOpenDefectReportCount } from '@/features/defectreports/api/get-defect-report-count';
import { useSession } from '@/lib/session';
import { preloadScreen } from '../preload';
import { isCurrentEntry, type NavItem } from './use-nav-entries';

const normalise = (path: string) => path.replace(/\/+$/, '') || '/';

/** `onFollow`: a link was clicked, also one to the screen already shown (the phone's drawer then closes). */
export function NavLinks({ items, onFollow }: { items: NavItem[]; onFollow?: () => void }) {
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
            rightSection={entry === 'defectReports' ? <OpenReportsBadge /> : null}
            active={isCurrentEntry(current, target, related)}
            variant="light"
            style={{ borderRadius: 'var(--mantine-radius-md)' }}
            data-testid={`nav-${entry}`}
            onClick={onFollow}
            // About to be followed: the screen's code and first data are asked for already.
            onMouseEnter={() => void preloadScreen(path)}
            onFocus={() => void preloadScreen(path)}
            onTouchStart={() => void preloadScreen(path)}
          />
        );
      })}
    </Box>
  );
}

/** The number of open defect reports of the current tenant beside their nav entry; none when nothing is open. */
function OpenReportsBadge() {
  const { t } = useTranslation();
  const { currentTenant } = useSession();
  const count = useOpenDefectReportCount(currentTenant, true);
  if (!count.data) return null;
  // A plain pill: Mantine's Badge would bring its styles into the first load for this one number.
  return (
    <Box
      component="span"
      aria-label={t('common.nav.openReports', { count: count.data })}
      data-testid="nav-defectReports-count"
      style={{
        minWidth: 20,
        height: 20,
        padding: '0 6px',
        borderRadius: 10,
        background: 'var(--mantine-color-orange-filled)',
        color: 'var(--mantine-color-white)',
        fontSize: 11,
        fontWeight: 700,
        lineHeight: '20px',
        textAlign: 'center',
      }}
    >
      {count.data > 99 ? '99+' : count.data}
    </Box>
  );
}
