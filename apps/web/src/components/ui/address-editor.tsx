import { Box, Button, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { type AddressWrite, emptyAddress } from '@pruefbuch/domain/schemas/address';
import type { Country } from '@pruefbuch/domain/schemas/country';
import { IconCheck, IconMapPin, IconPencil } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCountries } from '@/lib/countries';

type AddressField = keyof AddressWrite;

/** 'Musterstraße 1, 12345 Berlin, Deutschland'; '' for an empty address. */
export function addressSummary(address: Partial<AddressWrite> | null | undefined, countries: readonly Country[]) {
  if (!address) return '';
  const street = [address.street, address.housenumber].filter(Boolean).join(' ');
  const city = [address.zip, address.location].filter(Boolean).join(' ');
  // A country alone (the default of a new address) is no address yet.
  if (!street && !city) return '';
  const country = address.country ? (countries.find((c) => c.code === address.country)?.name ?? address.country) : '';
  return [street, city, country].filter(Boolean).join(', ');
}

/** The contact part of an address for one-line display: phone, email, homepage. */
export function addressContacts(address: Partial<AddressWrite> | null | undefined) {
  if (!address) return '';
  return [address.tel, address.email, address.homepage].filter(Boolean).join(' · ');
}

const FIELDS: readonly { field: AddressField; type?: string; span?: boolean }[] = [
  { field: 'street' },
  { field: 'housenumber' },
  { field: 'zip' },
  { field: 'location' },
  { field: 'tel', type: 'tel' },
  { field: 'email', type: 'email' },
  { field: 'homepage', type: 'url', span: true },
];

/**
 * The address editor of SPEC §2: a one-line summary with 'Details Bearbeiten'; expanded, the fields street,
 * house number, ZIP, location, country (searchable over all countries), phone, email and homepage, and
 * 'Details OK' to fold it again. Works on one address path of a Mantine form ('address', 'objectaddress', …);
 * a null address becomes an empty one when the user opens it.
 */
export function AddressEditor<Values>({
  form,
  path,
  label,
  testId,
}: {
  form: UseFormReturnType<Values>;
  path: string;
  label?: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  const countries = useCountries();
  const value = form.getInputProps(path).value as AddressWrite | null | undefined;
  const errorCount = Object.keys(form.errors).filter((key) => key.startsWith(`${path}.`)).length;
  const [opened, setOpened] = useState(false);

  // A field error of the server or of the schema must be visible: open the editor.
  useEffect(() => {
    if (errorCount > 0) setOpened(true);
  }, [errorCount]);

  const countryOptions = useMemo(
    () => (countries.data ?? []).map((c) => ({ value: c.code, label: c.name })),
    [countries.data],
  );
  const summary = addressSummary(value, countries.data ?? []);
  const contacts = addressContacts(value);

  const open = () => {
    if (!value) form.setFieldValue(path, emptyAddress() as never);
    setOpened(true);
  };

  return (
    <Paper withBorder radius="md" p="sm" data-testid={testId}>
      <Stack gap="sm">
        {/* On a phone the button moves under the summary instead of squeezing it. */}
        <Group justify="space-between" wrap="wrap" align="flex-start" gap="xs">
          <Group gap="xs" wrap="nowrap" align="flex-start" style={{ minWidth: 0, flex: '1 1 220px' }}>
            <IconMapPin size={18} style={{ flexShrink: 0, marginTop: 2 }} color="var(--mantine-color-dimmed)" />
            <Box style={{ minWidth: 0 }}>
              {label ? (
                <Text size="sm" fw={600}>
                  {label}
                </Text>
              ) : null}
              <Text size="sm" c={summary ? undefined : 'dimmed'} data-testid={testId ? `${testId}-summary` : undefined}>
                {summary || t('common.address.empty')}
              </Text>
              {errorCount > 0 && !opened ? (
                <Text size="xs" c="red">
                  {t('common.address.hasErrors')}
                </Text>
              ) : null}
              {contacts && !opened ? (
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {contacts}
                </Text>
              ) : null}
            </Box>
          </Group>
          {opened ? null : (
            <Button
              variant="light"
              size="compact-sm"
              leftSection={<IconPencil size={14} />}
              onClick={open}
              style={{ flexShrink: 0 }}
              data-testid={testId ? `${testId}-edit` : undefined}
            >
              {t('common.address.edit')}
            </Button>
          )}
        </Group>

        {opened ? (
          <>
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              {FIELDS.map(({ field, type, span }) => (
                <TextInput
                  key={field}
                  {...form.getInputProps(`${path}.${field}`)}
                  value={(form.getInputProps(`${path}.${field}`).value as string | undefined) ?? ''}
                  label={t(`common.address.${field}`)}
                  type={type}
                  autoComplete="off"
                  style={span ? { gridColumn: '1 / -1' } : undefined}
                />
              ))}
              <Select
                {...form.getInputProps(`${path}.country`)}
                value={(form.getInputProps(`${path}.country`).value as string | undefined) || null}
                onChange={(code) => form.setFieldValue(`${path}.country`, (code ?? '') as never)}
                label={t('common.address.country')}
                data={countryOptions}
                searchable
                clearable
                nothingFoundMessage={t('common.address.noCountry')}
                placeholder={countries.isPending ? t('common.loading') : undefined}
                style={{ gridColumn: '1 / -1' }}
                data-testid={testId ? `${testId}-country` : undefined}
              />
            </SimpleGrid>
            <Group justify="flex-end">
              <Button
                variant="default"
                size="compact-sm"
                leftSection={<IconCheck size={14} />}
                onClick={() => setOpened(false)}
                data-testid={testId ? `${testId}-ok` : undefined}
              >
                {t('common.address.ok')}
              </Button>
            </Group>
          </>
        ) : null}
      </Stack>
    </Paper>
  );
}

/** An address read-only: the summary line and, below it, phone, email and homepage. */
export function AddressText({ address }: { address: Partial<AddressWrite> | null | undefined }) {
  const { t } = useTranslation();
  const countries = useCountries();
  const summary = addressSummary(address, countries.data ?? []);
  const contacts = addressContacts(address);
  if (!summary && !contacts) {
    return (
      <Text size="sm" c="dimmed">
        {t('common.address.empty')}
      </Text>
    );
  }
  return (
    <Box>
      {summary ? <Text size="sm">{summary}</Text> : null}
      {contacts ? (
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {contacts}
        </Text>
      ) : null}
    </Box>
  );
}
