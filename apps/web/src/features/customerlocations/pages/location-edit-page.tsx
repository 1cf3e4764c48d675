import { Alert, Anchor, Button, Group, Stack } from '@mantine/core';
import { useNetwork } from '@mantine/hooks';
import { mayCall, screenPath } from '@pruefbuch/domain/access';
import type { CustomerLocationDetail } from '@pruefbuch/domain/schemas/customerlocation';
import { IconCloudDownload, IconCopy, IconFileZip, IconLock } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { EditorForm } from '@/components/ui/entity-editor/editor-form';
import { EditorPage } from '@/components/ui/entity-editor/editor-page';
import { EntityLoad } from '@/components/ui/entity-editor/entity-load';
import { useEntityEditor } from '@/components/ui/entity-editor/use-entity-editor';
import { openExportDialog } from '@/features/exports';
import { isApiError } from '@/lib/api-client';
import { errorText } from '@/lib/errors';
import { formatDateTime } from '@/lib/format';
import { localLocationName } from '@/lib/location-name';
import { notifyError, notifySuccess } from '@/lib/notify';
import { getSessionState, toPrincipal, useSession } from '@/lib/session';
import { useCreateCustomerLocation } from '../api/create-customer-location';
import { useDeleteCustomerLocation } from '../api/delete-customer-location';
import { getCustomerLocationQueryOptions, useCustomerLocation } from '../api/get-customer-location';
import { useUpdateCustomerLocation } from '../api/update-customer-location';
import { LocationAmpelBadge } from '../components/location-ampel';
import { LocationBooks } from '../components/location-books';
import { LocationDetails } from '../components/location-details';
import { LocationFields } from '../components/location-fields';
import { LocationProtocol } from '../components/location-protocol';
import { addressLines } from '../location-display';
import {
  emptyLocationValues,
  type LocationValues,
  locationFormSchema,
  locationFormSchemaFor,
  locationToValues,
  toCreateBody,
  toUpdateBody,
} from '../location-form';

/**
 * customer_location: one branch (no slug: a new one). The office edits it, links and removes its installations
 * and reads its protocol; everyone else who may see it (branch users, service technicians) reads it and opens its
 * installations.
 */
export function LocationEditPage() {
  const { t } = useTranslation();
  const { slug } = useParams();
  const { state } = useLocation();
  const { session, currentTenant } = useSession();
  const user = toPrincipal(session);
  const mayWrite = !!user && mayCall('customerlocations:write', user);
  // The branch's inspection file: the staff who see branches and the control user (decision 058).
  const mayExport = !!user && mayCall('exports:branches', user);
  // The branch's books for the road, instead of the day's bookings (decision 061).
  const mayPrepare = !!user && mayCall('offline:day', user);
  const location = useCustomerLocation(slug);
  // A branch user sent here because it is their only branch: the list would only send them back.
  const back = (state as { sole?: boolean } | null)?.sole ? undefined : { to: screenPath('customerlocation_list') };

  if (!slug) {
    return (
      <EditorPage title={t('customerlocations.edit.newTitle')} back={back}>
        {mayWrite ? (
          <LocationForm />
        ) : (
          <Alert color="orange" icon={<IconLock size={18} />} data-testid="location-no-write">
            {t('errors.FORBIDDEN')}
          </Alert>
        )}
      </EditorPage>
    );
  }
  const loaded = location.data;
  const lines = loaded ? addressLines(loaded.address) : null;
  return (
    <EditorPage
      title={
        loaded
          ? t('customerlocations.edit.title', {
              name: localLocationName(t, loaded),
              context: loaded.znl ? 'znl' : undefined,
            })
          : t('customerlocations.edit.general')
      }
      description={lines ? [lines.street, lines.city].filter(Boolean).join(', ') : undefined}
      back={back}
      maw={1040}
    >
      <EntityLoad query={location}>
        {(l) => (
          <Stack gap="lg">
            <Group gap="xs">
              <LocationAmpelBadge
                ampel={l.inspectionAmpel}
                kind="inspection"
                withKind
                size="lg"
                testId="location-page-ampel"
              />
              <LocationAmpelBadge ampel={l.selfInspectionAmpel} kind="selfInspection" withKind size="lg" />
              {mayPrepare && currentTenant ? <PrepareBranch tenantId={currentTenant} locationId={l._id} /> : null}
              {mayExport && currentTenant ? (
                <Button
                  variant="default"
                  ml={mayPrepare ? undefined : 'auto'}
                  leftSection={<IconFileZip size={16} />}
                  onClick={() =>
                    openExportDialog(
                      currentTenant,
                      `customerlocation/${encodeURIComponent(l._id)}/exportFile`,
                      t('exports.actions.branch'),
                    )
                  }
                  data-testid="location-export-file"
                >
                  {t('exports.actions.branch')}
                </Button>
              ) : null}
            </Group>
            {mayWrite ? <LocationForm key={l._id} location={l} /> : <LocationDetails location={l} />}
            <LocationBooks location={l} mayWrite={mayWrite} />
            {mayWrite ? <LocationProtocol id={l._id} /> : null}
          </Stack>
        )}
      </EntityLoad>
    </EditorPage>
  );
}

/** 'Filiale für unterwegs laden': the branch's books kept on the device (decision 061); the IndexedDB code loads on the click. */
function PrepareBranch({ tenantId, locationId }: { tenantId: string; locationId: string }) {
  const { t } = useTranslation();
  const { online } = useNetwork();
  const load = useMutation({
    mutationFn: () =>
      import('@/features/offline').then((m) => m.loadOfflineDay(tenantId, { kind: 'location', id: locationId })),
    onSuccess: (meta) =>
      notifySuccess({
        text: t('tenants.start.offline.available', { count: meta.count, at: formatDateTime(meta.preparedAt) }),
      }),
    onError: (error) => notifyError(errorText(t, error), t('tenants.start.offline.failed')),
  });
  return (
    <Button
      variant="default"
      ml="auto"
      leftSection={<IconCloudDownload size={16} />}
      onClick={() => load.mutate()}
      loading={load.isPending}
      disabled={!online}
      data-testid="location-prepare-offline"
    >
      {t('offline.book.loadBranch')}
    </Button>
  );
}

/** The branch that holds a key this one was refused (409 LOCATION_KEY_TAKEN), to open it (decision 039). */
interface KeyHolder {
  id: string;
  znl: string;
  nr: string;
  sapNr: string;
}

function keyHolderOf(error: unknown): KeyHolder | null {
  if (!isApiError(error) || error.code !== 'LOCATION_KEY_TAKEN') return null;
  const p = error.details[0]?.params;
  if (!p || typeof p.id !== 'string') return null;
  return { id: p.id, znl: String(p.znl ?? ''), nr: String(p.nr ?? ''), sapNr: String(p.sapNr ?? '') };
}

/** Create (POST) when no location is given, else update (PUT with __v); delete asks first. */
function LocationForm({ location }: { location?: CustomerLocationDetail }) {
  const { t } = useTranslation();
  const [holder, setHolder] = useState<KeyHolder | null>(null);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const create = useCreateCustomerLocation();
  const update = useUpdateCustomerLocation();
  const remove = useDeleteCustomerLocation();
  const editor = useEntityEditor<LocationValues, CustomerLocationDetail>({
    schema: location ? locationFormSchemaFor(location.address) : locationFormSchema,
    initialValues: location ? locationToValues(location) : emptyLocationValues(),
    toValues: locationToValues,
    isNew: !location,
    save: (values) =>
      location
        ? update.mutateAsync({ id: location._id, data: toUpdateBody(values) })
        : create.mutateAsync(toCreateBody(values)),
    fetchLatest: location
      ? () =>
          queryClient.fetchQuery({
            ...getCustomerLocationQueryOptions(getSessionState().currentTenant, location._id),
            staleTime: 0,
          })
      : undefined,
    onSaved: (saved) => {
      setHolder(null);
      if (!location) navigate(screenPath('customer_location', { slug: saved._id }), { replace: true });
    },
    onSaveError: (error) => setHolder(keyHolderOf(error)),
  });

  return (
    <EditorForm
      editor={editor}
      testId="location"
      remove={
        location && {
          title: t('customerlocations.edit.deleteTitle'),
          message: t('customerlocations.edit.deleteConfirm', { name: localLocationName(t, location) }),
          run: () => remove.mutateAsync(location._id),
          onDeleted: () => navigate(screenPath('customerlocation_list'), { replace: true }),
        }
      }
    >
      {holder ? (
        <Alert color="orange" icon={<IconCopy size={18} />} mb="md" data-testid="location-key-taken">
          <Anchor component={Link} to={screenPath('customer_location', { slug: holder.id })} size="sm">
            {t('customerlocations.edit.openKeyHolder', { location: localLocationName(t, holder) })}
          </Anchor>
        </Alert>
      ) : null}
      <LocationFields form={editor.form} />
    </EditorForm>
  );
}
