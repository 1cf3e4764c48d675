import { Alert, Anchor, Breadcrumbs, Button, Collapse, Grid, List, Paper, Stack, Text } from '@mantine/core';
import { canOpen, mayCall, screenPath } from '@pruefbuch/domain/access';
import type { Tenant } from '@pruefbuch/domain/schemas/tenant';
import {
  IconAlertTriangle,
  IconChartBar,
  IconChevronDown,
  IconChevronUp,
  IconFolders,
  IconPencil,
  IconPlus,
} from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useListState } from '@/components/ui/list-page/use-list-state';
import { LoadError } from '@/components/ui/load-error';
import { PageHeader } from '@/components/ui/page-header';
import { PageLoader } from '@/components/ui/page-loader';
import { useTenantBySlug } from '@/features/tenants';
import { isApiError } from '@/lib/api-client';
import { principalOf, useSession, useSyncCurrentTenant } from '@/lib/session';
import { useWide } from '@/lib/use-wide';
import { useFolderBooks } from '../api/get-folder-books';
import { useFolderTree } from '../api/get-folder-tree';
import { BOOK_LIST_SORTS, BookList } from '../components/book-list';
import { folderPath } from '../components/folder-path';
import { type FolderSelection, FolderTree } from '../components/folder-tree';

/** The card of the books kept for the road (decision 061), with IndexedDB: its own chunk, for the roles that inspect. */
const OfflineDayCard = lazy(() => import('@/features/offline').then((m) => ({ default: m.OfflineDayCard })));

function OfflineDay({ tenantId, folder = null }: { tenantId: string; folder?: { id: string; name: string } | null }) {
  const { session } = useSession();
  const principal = session ? principalOf(session) : null;
  if (!principal || !mayCall('offline:day', principal)) return null;
  return (
    <Suspense fallback={null}>
      <OfflineDayCard tenantId={tenantId} folder={folder} />
    </Suspense>
  );
}

/** tenantStart (/map/{slug}/, slug = tenant id or url): the tenant's folders and the books of the chosen one. */
export function TenantStartPage() {
  const { t } = useTranslation();
  const { slug } = useParams();
  const tenant = useTenantBySlug(slug);
  useSyncCurrentTenant(tenant.data?._id);

  if (tenant.isPending) return <PageLoader />;
  if (tenant.isError) {
    const missing = isApiError(tenant.error) && [403, 404].includes(tenant.error.status);
    return missing ? (
      <Alert color="red" icon={<IconAlertTriangle size={18} />} title={t('errors.NOT_FOUND')} data-testid="no-access">
        {t('tenants.start.notFound')}
      </Alert>
    ) : (
      <Stack gap="md">
        {/* Offline the tenant does not load; what was kept for the road still shows, first (the technician lands by id). */}
        {slug ? <OfflineDay tenantId={slug} /> : null}
        <LoadError error={tenant.error} onRetry={() => void tenant.refetch()} />
      </Stack>
    );
  }
  return <TenantStart key={tenant.data._id} tenant={tenant.data} />;
}

function TenantStart({ tenant }: { tenant: Tenant }) {
  const { t } = useTranslation();
  const { session } = useSession();
  const principal = session ? principalOf(session) : null;
  const canWrite = !!principal && mayCall('books:write', principal);
  const canWriteFolders = !!principal && mayCall('folders:write', principal);
  const canEditTenant = !!principal && mayCall('tenants:edit', principal);
  const canSeeStats = !!principal && canOpen('statistik_gutachten', principal);
  const wide = useWide('62em');
  const [foldersOpen, setFoldersOpen] = useState(false);

  const list = useListState({ sortFields: BOOK_LIST_SORTS });
  const selected: FolderSelection = list.params.get('folder') || 'all';

  const tree = useFolderTree(tenant._id);
  const books = useFolderBooks({
    tenantId: tenant._id,
    url: tenant.url,
    folder: selected,
    page: list.page,
    sort: list.sort ?? 'title',
    size: list.size,
    search: list.query,
  });

  const select = (folder: FolderSelection) => {
    list.setFilter('folder', folder === 'all' ? null : folder);
    if (!wide) setFoldersOpen(false);
  };

  const path = tree.data ? folderPath(tree.data.folders, selected) : [];
  const crumbs = [
    { key: 'all', label: tenant.name },
    ...(selected === 'root' ? [{ key: 'root', label: t('tenants.start.root') }] : []),
    ...path.map((node) => ({ key: node._id, label: node.folderName })),
  ];
  const newBookFolder = selected === 'all' || selected === 'root' ? 'root' : selected;
  // The chosen folder may be taken along instead of the bookings (decision 061).
  const openFolder = path.at(-1);
  const chosenFolder =
    openFolder && openFolder._id === selected ? { id: openFolder._id, name: openFolder.folderName } : null;

  const treePanel = tree.data ? (
    <FolderTree
      tenantId={tenant._id}
      tree={tree.data}
      selected={selected}
      onSelect={select}
      canWrite={canWriteFolders}
    />
  ) : tree.isError ? (
    <LoadError error={tree.error} onRetry={() => void tree.refetch()} />
  ) : (
    <PageLoader />
  );

  return (
    <Stack gap="md">
      <PageHeader
        title={tenant.name}
        description={tenant.address ? [tenant.address.zip, tenant.address.location].filter(Boolean).join(' ') : null}
        actions={
          <>
            {canSeeStats ? (
              <Button
                component={Link}
                to={screenPath('statistik_gutachten', { slug: tenant._id })}
                variant="default"
                leftSection={<IconChartBar size={16} />}
              >
                {t('lists.mine.stats')}
              </Button>
            ) : null}
            {canEditTenant ? (
              <Button
                component={Link}
                to={screenPath('tenant', { slug: tenant._id })}
                variant="default"
                leftSection={<IconPencil size={16} />}
              >
                {t('tenants.start.edit')}
              </Button>
            ) : null}
            {canWrite ? (
              <Button
                component={Link}
                to={screenPath('book_new', { tenant: tenant._id, folder: newBookFolder })}
                leftSection={<IconPlus size={16} />}
                data-testid="book-new"
              >
                {t('books.list.newBook')}
              </Button>
            ) : null}
          </>
        }
      />
      <OfflineDay tenantId={tenant._id} folder={chosenFolder} />
      {tenant.hotHint.length > 0 ? (
        <Alert color="yellow" icon={<IconAlertTriangle size={18} />} title={t('tenants.start.hotHints')}>
          <List size="sm" spacing={2}>
            {tenant.hotHint.map((hint) => (
              <List.Item key={hint}>{hint}</List.Item>
            ))}
          </List>
        </Alert>
      ) : null}

      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 4, lg: 3 }}>
          {wide ? (
            <Paper withBorder radius="md" p="sm" pos="sticky" top={72}>
              {treePanel}
            </Paper>
          ) : (
            <Paper withBorder radius="md" p="xs">
              <Button
                variant="subtle"
                color="gray"
                fullWidth
                justify="space-between"
                leftSection={<IconFolders size={18} />}
                rightSection={foldersOpen ? <IconChevronUp size={16} /> : <IconChevronDown size={16} />}
                onClick={() => setFoldersOpen((o) => !o)}
                aria-expanded={foldersOpen}
                aria-label={foldersOpen ? t('tenants.start.hideFolders') : t('tenants.start.showFolders')}
                data-testid="folders-toggle"
              >
                {crumbs.length > 1 ? crumbs.at(-1)?.label : t('tenants.start.allBooks')}
              </Button>
              <Collapse expanded={foldersOpen}>
                <Paper p="xs">{treePanel}</Paper>
              </Collapse>
            </Paper>
          )}
        </Grid.Col>

        <Grid.Col span={{ base: 12, md: 8, lg: 9 }}>
          <Stack gap="sm">
            {crumbs.length > 1 ? (
              <Breadcrumbs separatorMargin={6} style={{ flexWrap: 'wrap' }} data-testid="folder-breadcrumbs">
                {crumbs.map((crumb, index) =>
                  index === crumbs.length - 1 ? (
                    <Text key={crumb.key} size="sm" fw={600}>
                      {crumb.label}
                    </Text>
                  ) : (
                    <Anchor
                      key={crumb.key}
                      size="sm"
                      component="button"
                      type="button"
                      onClick={() => select(crumb.key)}
                    >
                      {crumb.label}
                    </Anchor>
                  ),
                )}
              </Breadcrumbs>
            ) : null}
            <BookList tenantId={tenant._id} list={list} query={books} />
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
