import { Box } from '@mantine/core';
import { canOpen, screenPath } from '@pruefbuch/domain/access';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { setCurrentTenant, toPrincipal, useSession } from '@/lib/session';
import { useUserTenants } from '../api/get-user-tenants';

// The select (Combobox, Popover, floating-ui) is a chunk of its own: most users have one tenant and never see it.
const TenantSelect = lazy(async () => ({ default: (await import('./tenant-select')).TenantSelect }));

/** Screens whose address names a tenant: after a switch the user goes to the new tenant's start. */
const TENANT_SCREENS = /^\/(map|book)\//;

/**
 * The tenant the user works in (SPEC §9: current tenant and last selected tenant). Shown when the user has
 * more than one tenant; a switch sends the new tenant header with every call and reloads what is on screen.
 */
export function TenantPicker({ fullWidth = false }: { fullWidth?: boolean }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { session, currentTenant, isLoggedIn } = useSession();
  const tenants = useUserTenants(isLoggedIn);
  const list = tenants.data ?? session?.tenants ?? [];

  // The stored tenant may have been deleted or taken away: fall back to the first one the user has. Screens
  // whose address names a tenant set it themselves once the server has served it; they are left alone.
  const onTenantScreen = TENANT_SCREENS.test(pathname);
  useEffect(() => {
    const first = tenants.data?.[0];
    if (onTenantScreen || !first) return;
    if (!tenants.data?.some((tenant) => tenant._id === currentTenant)) setCurrentTenant(first._id);
  }, [tenants.data, currentTenant, onTenantScreen]);

  if (!session || list.length < 2) return null;

  const pick = (id: string | null) => {
    if (!id || id === currentTenant) return;
    setCurrentTenant(id);
    void queryClient.invalidateQueries();
    if (TENANT_SCREENS.test(pathname) && canOpen('tenantStart', toPrincipal(session))) {
      navigate(screenPath('tenantStart', { slug: id }));
    }
  };

  return (
    <Suspense fallback={<Box w={fullWidth ? '100%' : 200} h={fullWidth ? 36 : 30} />}>
      <TenantSelect
        fullWidth={fullWidth}
        value={currentTenant}
        onChange={pick}
        data={list.map((tenant) => ({ value: tenant._id, label: tenant.name }))}
      />
    </Suspense>
  );
}
