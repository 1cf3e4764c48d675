import { Button, Divider, Group, Paper, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { type User, userProfileWriteSchema } from '@pruefbuch/domain/schemas/user';
import { useTranslation } from 'react-i18next';
import { applyServerErrors, useZodForm } from '@/lib/form';
import { notifySaveFailed, notifySuccess } from '@/lib/notify';
import { useUnsavedChangesGuard } from '@/lib/use-unsaved-guard';
import { useUpdateProfile } from '../api/update-profile';
import { ChildEntriesEditor, type ProfileValues } from './child-entries-editor';

const toValues = (user: User): ProfileValues => ({
  firstName: user.firstName,
  lastName: user.lastName,
  tel: user.tel ?? '',
  userInspection: user.userInspection.map((entry) => ({
    _id: entry._id,
    firstName: entry.firstName ?? '',
    lastName: entry.lastName ?? '',
    dob: entry.dob,
    positionsNummer: entry.positionsNummer,
    properties: entry.properties ?? {},
  })),
});

/** The own profile: name, phone and the child entries (PUT users/{id}). */
export function ProfileForm({ user }: { user: User }) {
  const { t } = useTranslation();
  const update = useUpdateProfile();
  const form = useZodForm<ProfileValues>(userProfileWriteSchema, { initialValues: toValues(user) });
  useUnsavedChangesGuard(form.isDirty());

  const submit = form.onSubmit((values) =>
    update.mutate(
      { id: user._id, data: userProfileWriteSchema.parse(values) },
      {
        onSuccess: (saved) => {
          notifySuccess('saved');
          form.resetDirty(saved && typeof saved === 'object' ? toValues(saved) : values);
        },
        onError: (error) => {
          applyServerErrors(form, error);
          notifySaveFailed(error);
        },
      },
    ),
  );

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Title order={4}>{t('users.profile.personal')}</Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              {...form.getInputProps('firstName')}
              label={t('users.fields.firstName')}
              withAsterisk
              autoComplete="given-name"
            />
            <TextInput
              {...form.getInputProps('lastName')}
              label={t('users.fields.lastName')}
              withAsterisk
              autoComplete="family-name"
            />
            <TextInput
              value={user.email}
              label={t('users.fields.email')}
              description={t('users.profile.emailHint')}
              readOnly
              variant="filled"
              inputWrapperOrder={['label', 'input', 'description']}
            />
            <TextInput {...form.getInputProps('tel')} label={t('users.fields.tel')} type="tel" autoComplete="tel" />
          </SimpleGrid>
          <Divider my="xs" />
          <ChildEntriesEditor form={form} />
          <Group justify="flex-end">
            <Button type="submit" loading={update.isPending} data-testid="profile-save">
              {t('common.actions.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
