import { Badge, Button, Group, Stack } from '@mantine/core';
import { screenPath } from '@pruefbuch/domain/access';
import { Role } from '@pruefbuch/domain/roles';
import type { User } from '@pruefbuch/domain/schemas/user';
import { IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { EditorForm } from '@/components/ui/entity-editor/editor-form';
import { EditorPage } from '@/components/ui/entity-editor/editor-page';
import { EntityLoad } from '@/components/ui/entity-editor/entity-load';
import { useEntityEditor } from '@/components/ui/entity-editor/use-entity-editor';
import { notifySaveFailed, notifySuccess } from '@/lib/notify';
import { usePageTitle } from '@/lib/page-title';
import { type UserCreate, useCreateUser } from '../api/create-user';
import { useUser } from '../api/get-user';
import { useResendSignUpMail } from '../api/resend-signup-mail';
import { useUpdateUser } from '../api/update-user';
import { BranchLocationsSection } from '../components/branch-locations-section';
import { QualificationsSection } from '../components/qualifications-section';
import { UserAdminFields } from '../components/user-admin-fields';
import { emptyUserValues, USER_FORM_SCHEMAS, type UserAdminValues, userToValues } from '../user-admin-form';

const NEW = 'new';

export function UserEditPage() {
  const { t } = useTranslation();
  const { slug } = useParams();
  const isNew = slug === NEW;
  const user = useUser(isNew ? undefined : slug);
  // The tab says 'Benutzer anlegen' for a new user, as the heading does (the route title is the editing one).
  usePageTitle(isNew ? t('users.admin.newTitle') : undefined);
  const back = { to: screenPath('useradministration_list') };

  if (isNew) {
    return (
      <EditorPage title={t('users.admin.newTitle')} back={back}>
        <UserForm />
      </EditorPage>
    );
  }
  return (
    <EditorPage
      title={t('users.admin.editTitle')}
      description={user.data ? `${user.data.firstName} ${user.data.lastName}` : undefined}
      back={back}
    >
      <EntityLoad query={user}>{(loaded) => <UserForm key={loaded._id} user={loaded} />}</EntityLoad>
    </EditorPage>
  );
}

function UserStatus({ user }: { user: User }) {
  const { t } = useTranslation();
  const resend = useResendSignUpMail();
  return (
    <Group gap="xs">
      <Badge color={user.isVerified ? 'teal' : 'yellow'} variant="light">
        {user.isVerified ? t('users.fields.verified') : t('users.fields.notVerified')}
      </Badge>
      {user.isResigned ? (
        <Badge color="red" variant="light">
          {t('users.fields.resigned')}
        </Badge>
      ) : null}
      {user.is2FaUsed ? (
        <Badge color="blue" variant="light">
          {t('users.fields.twoFa')}
        </Badge>
      ) : null}
      {!user.isVerified ? (
        <Button
          size="compact-sm"
          variant="subtle"
          leftSection={<IconSend size={14} />}
          loading={resend.isPending}
          onClick={() =>
            resend.mutate(
              { email: user.email },
              { onSuccess: () => notifySuccess({ text: t('users.admin.resendMailDone') }), onError: notifySaveFailed },
            )
          }
        >
          {t('users.admin.resendMail')}
        </Button>
      ) : null}
    </Group>
  );
}

/** Create (PUT users) when no user is given, else update (PUT users/admin/{id}). */
function UserForm({ user }: { user?: User }) {
  const navigate = useNavigate();
  const create = useCreateUser();
  const update = useUpdateUser();
  const mode = user ? 'edit' : 'create';
  const schema = USER_FORM_SCHEMAS[mode];
  const editor = useEntityEditor<UserAdminValues, User>({
    schema,
    initialValues: user ? userToValues(user) : emptyUserValues(),
    toValues: userToValues,
    isNew: !user,
    save: (values) => {
      const data = schema.parse(values) as UserCreate;
      return user ? update.mutateAsync({ id: user._id, data }) : create.mutateAsync(data);
    },
    onSaved: (saved) => {
      if (user) return;
      navigate(
        saved?._id ? screenPath('useradministration', { slug: saved._id }) : screenPath('useradministration_list'),
        { replace: true },
      );
    },
  });

  return (
    <Stack gap="md">
      {user ? <UserStatus user={user} /> : null}
      <EditorForm editor={editor} testId="user">
        <UserAdminFields form={editor.form} mode={mode} />
      </EditorForm>
      {user?.role === Role.ROLE_FILIALE ? <BranchLocationsSection user={user} /> : null}
      {user && user.role !== Role.ROLE_FILIALE ? <QualificationsSection userId={user._id} editable /> : null}
    </Stack>
  );
}
