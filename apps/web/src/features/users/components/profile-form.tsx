import { Divider, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { type User, userProfileWriteSchema } from '@pruefbuch/domain/schemas/user';
import { useTranslation } from 'react-i18next';
import { EditorForm } from '@/components/ui/entity-editor/editor-form';
import { useEntityEditor } from '@/components/ui/entity-editor/use-entity-editor';
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
  const editor = useEntityEditor<ProfileValues, User>({
    schema: userProfileWriteSchema,
    initialValues: toValues(user),
    toValues,
    save: (values) => update.mutateAsync({ id: user._id, data: userProfileWriteSchema.parse(values) }),
  });
  const { form } = editor;

  return (
    <EditorForm editor={editor} testId="profile">
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
      </Stack>
    </EditorForm>
  );
}
