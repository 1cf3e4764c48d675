import { ActionIcon, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TenantValues } from '../tenant-form';

/** The tenant's hot hints: short notes shown prominently on its screens; one line each. */
export function HotHintsEditor({ form, disabled }: { form: UseFormReturnType<TenantValues>; disabled?: boolean }) {
  const { t } = useTranslation();
  const hints = form.values.hotHint;
  return (
    <Stack gap="xs">
      <div>
        <Text size="sm" fw={500}>
          {t('tenants.fields.hotHint')}
        </Text>
        <Text size="xs" c="dimmed">
          {t('tenants.fields.hotHintHint')}
        </Text>
      </div>
      {hints.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('tenants.fields.hotHintEmpty')}
        </Text>
      ) : null}
      {hints.map((_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the hints are plain strings without ids; the position is the identity
        <Group key={index} gap="xs" wrap="nowrap" align="flex-start">
          <TextInput
            {...form.getInputProps(`hotHint.${index}`)}
            aria-label={t('tenants.fields.hotHintNumber', { number: index + 1 })}
            disabled={disabled}
            style={{ flex: 1 }}
            data-testid="tenant-hothint"
          />
          {disabled ? null : (
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              onClick={() => form.removeListItem('hotHint', index)}
              aria-label={t('tenants.fields.hotHintRemove', { number: index + 1 })}
            >
              <IconTrash size={18} />
            </ActionIcon>
          )}
        </Group>
      ))}
      {disabled ? null : (
        <div>
          <Button
            variant="light"
            size="compact-sm"
            leftSection={<IconPlus size={14} />}
            onClick={() => form.insertListItem('hotHint', '')}
            data-testid="tenant-hothint-add"
          >
            {t('tenants.fields.hotHintAdd')}
          </Button>
        </div>
      )}
    </Stack>
  );
}
