import { Button } from '@mantine/core';
import { canOpen, screenPath } from '@pruefbuch/domain/access';
import { IconBuildingFactory2 } from '@tabler/icons-react';
import { Link } from 'react-router';
import { toPrincipal, useSession } from '@/lib/session';

/**
 * The current tenant's installations (its start page) a click away from a back-office screen, for who may open
 * it: a door's book stays within two clicks of every start (decision 017). Nothing without a tenant or the right.
 */
export function InstallationsLink({ label, testId }: { label: string; testId: string }) {
  const { session, currentTenant } = useSession();
  const user = toPrincipal(session);
  if (!currentTenant || !user || !canOpen('tenantStart', user)) return null;
  return (
    <Button
      component={Link}
      to={screenPath('tenantStart', { slug: currentTenant })}
      variant="subtle"
      leftSection={<IconBuildingFactory2 size={16} />}
      data-testid={testId}
    >
      {label}
    </Button>
  );
}
