import { Button, Group, Stack, TextInput } from '@mantine/core';
import { folderCreateSchema } from '@pruefbuch/domain/schemas/folder';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyServerErrors, useZodForm } from '@/lib/form';
import { notifySaveFailed } from '@/lib/notify';

const schema = folderCreateSchema.pick({ folderName: true });

/** The body of the new-folder and rename modals: one name, validated like the API does. */
export function FolderNameForm({
  initialName = '',
  onSubmit,
  onCancel,
}: {
  initialName?: string;
  onSubmit: (folderName: string) => Promise<unknown>;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const form = useZodForm<{ folderName: string }>(schema, { initialValues: { folderName: initialName } });

  const submit = form.onSubmit(async ({ folderName }) => {
    setBusy(true);
    try {
      await onSubmit(folderName.trim());
    } catch (error) {
      if (!applyServerErrors(form, error)) notifySaveFailed(error);
    } finally {
      setBusy(false);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          {...form.getInputProps('folderName')}
          label={t('tenants.folders.name')}
          data-autofocus
          withAsterisk
          data-testid="folder-name"
        />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onCancel}>
            {t('common.actions.cancel')}
          </Button>
          <Button type="submit" loading={busy} data-testid="folder-save">
            {t('common.actions.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
