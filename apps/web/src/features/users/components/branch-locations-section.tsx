import { Alert, Button, Group, MultiSelect, Paper, Stack, Text, Title } from '@mantine/core';
import { CustomerRole } from '@pruefbuch/domain/roles';
import type { User } from '@pruefbuch/domain/schemas/user';
import { IconDeviceFloppy, IconInfoCircle } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '@/components/ui/load-error';
import { locationWords } from '@/lib/location-name';
import { notifySaveFailed, notifySuccess } from '@/lib/notify';
import { useSession } from '@/lib/session';
import { useLocationOptions } from '../api/get-location-options';
import { useUserLocations } from '../api/get-user-locations';
import { useUpdateUserLocations } from '../api/update-user-locations';
import { locationOptions, sameLocations } from '../location-options';

/**
 * A branch user's locations in the current tenant (decision 019): default and regional manager users see only
 * these; control users see all of their customer anyway. Saved on its own, apart from the account form.
 */
export function BranchLocationsSection({ user }: { user: User }) {
  const { t } = useTranslation();
  const { currentTenant } = useSession();
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" data-testid="user-locations">
      <Stack gap="sm">
        <div>
          <Title order={3} size="h4">
            {t('users.locations.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('users.locations.intro')}
          </Text>
        </div>
        {/* Control sees every branch of its customer; a user without a customer role sees none. */}
        {user.customerRole === CustomerRole.ROLE_CONTROL || !user.customerRole ? (
          <Alert color={user.customerRole ? 'blue' : 'gray'} variant="light" icon={<IconInfoCircle size={18} />} p="xs">
            {user.customerRole ? t('users.locations.controlHint') : t('users.locations.noCustomerRoleHint')}
          </Alert>
        ) : null}
        {currentTenant ? (
          <Assignment userId={user._id} />
        ) : (
          <Text size="sm" c="dimmed">
            {t('users.locations.noTenant')}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

function Assignment({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const options = useLocationOptions();
  const assigned = useUserLocations(userId);
  const save = useUpdateUserLocations();
  const [value, setValue] = useState<string[] | null>(null);
  const saved = assigned.data?.locations;

  // The select shows what is saved until the user changes it, and again after a save or a tenant switch.
  useEffect(() => {
    setValue(saved ? [...saved] : null);
  }, [saved]);

  const data = useMemo(
    () => locationOptions(options.data?.docs ?? [], t('users.locations.inactive'), locationWords(t)),
    [options.data, t],
  );

  if (options.isError || assigned.isError) {
    return (
      <LoadError
        error={options.error ?? assigned.error}
        onRetry={() => {
          void options.refetch();
          void assigned.refetch();
        }}
      />
    );
  }
  const loading = options.isPending || assigned.isPending;
  const current = value ?? [];
  const changed = !!saved && !sameLocations(current, saved);

  if (!loading && data.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('users.locations.none')}
      </Text>
    );
  }
  const submit = () =>
    save.mutate(
      { userId, locations: current },
      { onSuccess: () => notifySuccess('saved'), onError: (error) => notifySaveFailed(error) },
    );

  return (
    <Stack gap="sm">
      <MultiSelect
        label={t('users.locations.label')}
        description={t('users.locations.count', { count: current.length })}
        placeholder={current.length === 0 ? t('users.locations.placeholder') : undefined}
        data={data}
        value={current}
        onChange={setValue}
        searchable
        clearable
        hidePickedOptions
        nothingFoundMessage={t('users.locations.nothingFound')}
        disabled={loading}
        maxDropdownHeight={280}
        data-testid="user-locations-select"
      />
      <Group justify="space-between" gap="sm">
        <Text size="xs" c="dimmed">
          {t('users.locations.saveHint')}
        </Text>
        <Button
          leftSection={<IconDeviceFloppy size={16} />}
          onClick={submit}
          disabled={!changed}
          loading={save.isPending}
          data-testid="user-locations-save"
        >
          {t('users.locations.save')}
        </Button>
      </Group>
    </Stack>
  );
}
