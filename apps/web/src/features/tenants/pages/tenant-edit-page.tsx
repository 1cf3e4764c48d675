import {
  Alert,
  Button,
  Divider,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { canOpen, mayCall, screenPath } from '@pruefbuch/domain/access';
import { RETENTION_YEARS } from '@pruefbuch/domain/rules/retention';
import type { Tenant } from '@pruefbuch/domain/schemas/tenant';
import { IconArchive, IconFolderOpen, IconInfoCircle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type ChangeEvent, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { AddressEditor } from '@/components/ui/address-editor';
import { EditorForm } from '@/components/ui/entity-editor/editor-form';
import { EditorPage } from '@/components/ui/entity-editor/editor-page';
import { EntityLoad } from '@/components/ui/entity-editor/entity-load';
import { useEntityEditor } from '@/components/ui/entity-editor/use-entity-editor';
import { NumberField } from '@/components/ui/number-field';
import { principalOf, useSession } from '@/lib/session';
import { useCreateTenant } from '../api/create-tenant';
import { useDeleteTenant } from '../api/delete-tenant';
import { useTechAcceptors } from '../api/get-tech-acceptors';
import { getTenantQueryOptions, useTenant } from '../api/get-tenant';
import { useTenantTemplate } from '../api/get-tenant-template';
import { useUpdateTenant } from '../api/update-tenant';
import { HotHintsEditor } from '../components/hot-hints-editor';
import { TenantCertificateSection } from '../components/tenant-certificate-section';
import { slugify, TENANT_FORM_SCHEMAS, type TenantValues, templateToValues, tenantToValues } from '../tenant-form';

const NEW = 'new';

/** tenant: create (slug 'new', admins) or edit a tenant (admins, tenant admins); read-only for other roles. */
export function TenantEditPage() {
  const { t } = useTranslation();
  const { slug } = useParams();
  const isNew = slug === NEW;
  const tenant = useTenant(isNew ? undefined : slug);
  const template = useTenantTemplate(isNew);
  const back = { to: screenPath('tenant_list') };
  const { session } = useSession();
  const principal = session ? principalOf(session) : null;

  if (isNew) {
    return (
      <EditorPage title={t('tenants.edit.newTitle')} back={back}>
        <EntityLoad query={template}>{(loaded) => <TenantForm initial={templateToValues(loaded)} />}</EntityLoad>
      </EditorPage>
    );
  }
  return (
    <EditorPage
      title={t('tenants.edit.editTitle')}
      description={tenant.data?.name}
      back={back}
      actions={
        tenant.data ? (
          <>
            {canOpen('retired_books', principal) ? (
              <Button
                component={Link}
                to={screenPath('retired_books', { tenant: tenant.data._id })}
                variant="default"
                leftSection={<IconArchive size={16} />}
                data-testid="tenant-retired"
              >
                {t('retention.link')}
              </Button>
            ) : null}
            <Button
              component={Link}
              to={screenPath('tenantStart', { slug: tenant.data.url || tenant.data._id })}
              variant="light"
              leftSection={<IconFolderOpen size={16} />}
            >
              {t('tenants.list.open')}
            </Button>
          </>
        ) : null
      }
    >
      <EntityLoad query={tenant}>
        {(loaded) => <TenantForm key={loaded._id} tenant={loaded} initial={tenantToValues(loaded)} />}
      </EntityLoad>
    </EditorPage>
  );
}

/** Create (POST tenants) without a tenant, else update (PUT tenants/{id} with __v). */
function TenantForm({ tenant, initial }: { tenant?: Tenant; initial: TenantValues }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { session } = useSession();
  const principal = session ? principalOf(session) : null;
  const mayEdit = principal ? mayCall(tenant ? 'tenants:edit' : 'tenants:manage', principal) : false;
  const mayDelete = !!tenant && !!principal && mayCall('tenants:manage', principal);
  const mayCertificate = !!principal && mayCall('tenants:certificate', principal);
  // The retention of retired books: admins change it; tenant admins see it (decision 059).
  const mayRetention = !!principal && mayCall('retention:write', principal);
  const create = useCreateTenant();
  const update = useUpdateTenant();
  const remove = useDeleteTenant();
  const acceptors = useTechAcceptors(tenant?._id);
  const editor = useEntityEditor<TenantValues, Tenant>({
    schema: TENANT_FORM_SCHEMAS[tenant ? 'edit' : 'create'],
    initialValues: initial,
    toValues: tenantToValues,
    isNew: !tenant,
    readOnly: !mayEdit,
    save: (values) =>
      tenant
        ? update.mutateAsync({ id: tenant._id, data: TENANT_FORM_SCHEMAS.edit.parse(values) })
        : create.mutateAsync(TENANT_FORM_SCHEMAS.create.parse(values)),
    fetchLatest: tenant
      ? () => queryClient.fetchQuery({ ...getTenantQueryOptions(tenant._id), staleTime: 0 })
      : undefined,
    onSaved: (saved) => {
      if (!tenant) navigate(screenPath('tenant', { slug: saved._id }), { replace: true });
    },
  });
  const { form } = editor;

  // On a new tenant the url follows the name until the user types a url of their own.
  const urlTyped = useRef(false);
  const urlProps = form.getInputProps('url');
  const nameProps = form.getInputProps('name');
  const onNameChange = (event: ChangeEvent<HTMLInputElement>) => {
    const name = event.currentTarget.value;
    form.setFieldValue('name', name);
    if (!tenant && !urlTyped.current) form.setFieldValue('url', slugify(name));
  };
  const onUrlChange = (event: ChangeEvent<HTMLInputElement>) => {
    urlTyped.current = true;
    urlProps.onChange(event);
  };

  const acceptorOptions = (acceptors.data ?? []).map((a) => ({
    value: a._id,
    label: [`${a.firstName} ${a.lastName}`.trim(), a.abbreviation ? `(${a.abbreviation})` : '']
      .filter(Boolean)
      .join(' '),
  }));

  return (
    <>
      {!mayEdit ? (
        <Alert icon={<IconInfoCircle size={18} />} color="gray">
          {t('tenants.edit.readOnly')}
        </Alert>
      ) : null}
      <EditorForm
        editor={editor}
        testId="tenant"
        remove={
          tenant && mayDelete
            ? {
                title: t('tenants.edit.deleteTitle'),
                message: t('tenants.edit.deleteConfirm', { name: tenant.name }),
                run: () => remove.mutateAsync(tenant._id),
                onDeleted: () => navigate(screenPath('tenant_list'), { replace: true }),
              }
            : null
        }
      >
        <Stack gap="lg">
          <Title order={4}>{t('tenants.edit.general')}</Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              {...nameProps}
              onChange={onNameChange}
              label={t('tenants.fields.name')}
              withAsterisk
              data-testid="tenant-name"
            />
            <TextInput
              {...urlProps}
              onChange={onUrlChange}
              label={t('tenants.fields.url')}
              description={t('tenants.fields.urlHint')}
              withAsterisk
              data-testid="tenant-url"
            />
            <TextInput {...form.getInputProps('addressName')} label={t('tenants.fields.addressName')} />
            <TextInput
              {...form.getInputProps('notificationEmail')}
              label={t('tenants.fields.notificationEmail')}
              type="email"
            />
            <Textarea
              {...form.getInputProps('fusszeileText')}
              label={t('tenants.fields.fusszeileText')}
              description={t('tenants.fields.fusszeileTextHint')}
              autosize
              minRows={2}
              maxRows={6}
              style={{ gridColumn: '1 / -1' }}
            />
          </SimpleGrid>

          <Divider />
          <Title order={4}>{t('tenants.fields.address')}</Title>
          <AddressEditor form={form} path="address" testId="tenant-address" />

          <Divider />
          <HotHintsEditor form={form} disabled={!mayEdit} />

          <Divider />
          <Title order={4}>{t('tenants.edit.acceptance')}</Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <Switch
              {...form.getInputProps('techAcceptor', { type: 'checkbox' })}
              label={t('tenants.fields.techAcceptor')}
              description={t('tenants.fields.techAcceptorHint')}
            />
            <Select
              value={form.values.defaultTechAcceptor}
              onChange={(value) => form.setFieldValue('defaultTechAcceptor', value)}
              error={form.getInputProps('defaultTechAcceptor').error}
              label={t('tenants.fields.defaultTechAcceptor')}
              description={tenant ? undefined : t('tenants.fields.defaultTechAcceptorNew')}
              data={acceptorOptions}
              disabled={!tenant || !form.values.techAcceptor || !mayEdit}
              clearable
              searchable
              nothingFoundMessage={t('tenants.fields.defaultTechAcceptorEmpty')}
            />
            <Switch
              {...form.getInputProps('importDataClarificationSheet', { type: 'checkbox' })}
              label={t('tenants.fields.importDataClarificationSheet')}
              description={t('tenants.fields.importDataClarificationSheetHint')}
            />
          </SimpleGrid>

          <Divider />
          <Title order={4}>{t('inspections.ampel.title')}</Title>
          <Text size="sm" c="dimmed">
            {t('inspections.ampel.hint')}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <NumberField
              {...form.getInputProps('ampelOrangeDays')}
              label={t('inspections.ampel.orangeDays')}
              description={t('inspections.ampel.orangeDaysHint')}
              min={0}
              max={365}
              allowDecimal={false}
              data-testid="tenant-ampel-orange"
            />
            <NumberField
              {...form.getInputProps('ampelBlackDays')}
              label={t('inspections.ampel.blackDays')}
              description={t('inspections.ampel.blackDaysHint')}
              min={1}
              max={3650}
              allowDecimal={false}
              data-testid="tenant-ampel-black"
            />
          </SimpleGrid>

          <Divider />
          <Title order={4}>{t('retention.setting.title')}</Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <NumberField
              {...form.getInputProps('retentionYears')}
              label={t('retention.setting.label')}
              description={t('retention.setting.description')}
              min={RETENTION_YEARS.min}
              max={RETENTION_YEARS.max}
              allowDecimal={false}
              readOnly={!mayRetention}
              variant={mayRetention ? undefined : 'filled'}
              data-testid="tenant-retention-years"
            />
          </SimpleGrid>
        </Stack>
      </EditorForm>
      {tenant && mayCertificate ? (
        <Paper withBorder p="lg" radius="md" mt="lg">
          <TenantCertificateSection tenantId={tenant._id} />
        </Paper>
      ) : null}
    </>
  );
}
