import { Alert } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-client';
import { LoadError } from '../load-error';
import { PageLoader } from '../page-loader';

/** The part of a TanStack Query result EntityLoad reads; a `useQuery` result fits as it is. */
export interface LoadQuery<D> {
  data: D | undefined;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

/** 403 (not the user's) and 404 (not there) look the same to the user: nothing to show. */
export const isNotFound = (error: unknown) => isApiError(error) && (error.status === 403 || error.status === 404);

/**
 * The record a form edits: a loader until it is there, 'Nicht gefunden' for a record that is not there or
 * not the user's, the reason and a retry for a failed read; then the form. A failed background refetch
 * keeps the form (and what was typed in it).
 */
export function EntityLoad<D>({
  query,
  notFound,
  children,
}: {
  query: LoadQuery<D>;
  /** Instead of the generic 'Nicht gefunden'. */
  notFound?: ReactNode;
  children: (data: D) => ReactNode;
}) {
  if (query.data !== undefined) return children(query.data);
  if (query.isError) {
    if (isNotFound(query.error)) return notFound ?? <EntityNotFound />;
    return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  }
  return <PageLoader />;
}

export function EntityNotFound() {
  const { t } = useTranslation();
  return (
    <Alert
      color="orange"
      icon={<IconInfoCircle size={18} />}
      title={t('ui.editor.notFoundTitle')}
      data-testid="not-found"
    >
      {t('ui.editor.notFound')}
    </Alert>
  );
}
