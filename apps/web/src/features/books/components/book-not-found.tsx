import { Alert, Button } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isRoleRefusal, NoAccessPage } from '@/components/ui/no-access-page';
import { isApiError } from '@/lib/api-client';

/** 403 (tenant not the user's) and 404 (no such book in the tenant) look the same: nothing to show. */
export const isNoAccess = (error: unknown) => isApiError(error) && (error.status === 403 || error.status === 404);

/** What a user sees instead of a book that does not exist or is not theirs: no data, a way home. */
export function BookNotFound({ error }: { error?: unknown }) {
  const { t } = useTranslation();
  if (isRoleRefusal(error)) return <NoAccessPage />;
  return (
    <Alert color="red" icon={<IconLock size={18} />} title={t('books.page.notFoundTitle')} data-testid="no-access">
      {t('books.page.notFound')}
      <div>
        <Button component={Link} to="/" variant="light" color="red" size="xs" mt="sm">
          {t('common.actions.toHome')}
        </Button>
      </div>
    </Alert>
  );
}
