import { Badge, Box, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { CustomerLocationDetail } from '@pruefbuch/domain/schemas/customerlocation';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AddressText } from '@/components/ui/address-editor';
import { LinkifiedText } from '@/components/ui/linkified-text';

/** A location as those who may not change it read it: its numbers, address and remarks. */
export function LocationDetails({ location }: { location: CustomerLocationDetail }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} data-testid="location-details">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
          <Item label={t('customerlocations.fields.znl')} value={location.znl} />
          <Item label={t('customerlocations.fields.nr')} value={location.nr} />
          <Item label={t('customerlocations.fields.sapNr')} value={location.sapNr} />
          {location.ruhend ? (
            <Item
              label={t('customerlocations.fields.ruhend')}
              value={
                <Badge color="gray" variant="light" tt="none">
                  {t('customerlocations.ampel.grey')}
                </Badge>
              }
            />
          ) : null}
        </SimpleGrid>
        <Item label={t('customerlocations.fields.address')} value={<AddressText address={location.address} />} />
        {location.bemerkungen ? (
          <Item
            label={t('customerlocations.fields.bemerkungen')}
            value={<LinkifiedText text={location.bemerkungen} />}
          />
        ) : null}
      </Stack>
    </Paper>
  );
}

function Item({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Box>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Group gap="xs" fz="sm">
        {value === '' || value === null ? '–' : value}
      </Group>
    </Box>
  );
}
