import { Badge, Button, Group, Paper, Stack } from '@mantine/core';
import { screenPath } from '@pruefbuch/domain/access';
import type { User } from '@pruefbuch/domain/schemas/user';
import { IconArrowLeft, IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { LoadError } from '@/components/ui/load-error';
import { PageHeader } from '@/components/ui/page-header';
import { PageLoader } from '@/components/ui/page-loader';
import { applyServerErrors, useZodForm } from '@/lib/form';
import { notifySaveFailed, notifySuccess } from '@/lib/notify';
import { usePageTitle } from '@/lib/page-title';
import { useUnsavedChangesGuard } from '@/lib/use-unsaved-guard';
import { type UserCreate, useCreateUser } from '../api/create-user';
import { useUser } from '../api/get-user';
import { useResendSignUpMail } from '../api/resend-signup-mail';
import { useUpdateUser } from '../api/update-user';
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

  const back = (
    <Button
      component={Link}
      to={screenPath('useradministration_list')}
      variant="default"
      leftSection={<IconArrowLeft size={16} />}
    >
      {t('common.actions.back')}
    </Button>
  );

  if (isNew) {
    return (
      <Stack gap="lg" maw={960}>
        <PageHeader title={t('users.admin.newTitle')} actions={back} />
        <UserForm />
      </Stack>
    );
  }
  return (
    <Stack gap="lg" maw={960}>
      <PageHeader
        title={t('users.admin.editTitle')}
        description={user.data ? `${user.data.firstName} ${user.data.lastName}` : undefined}
        actions={back}
      />
      {user.isPending ? <PageLoader /> : null}
      {user.isError ? <LoadError error={user.error} onRetry={() => void user.refetch()} /> : null}
      {user.data ? <UserForm key={`${user.data._id}-${user.data.updatedAt}`} user={user.data} /> : null}
    </Stack>
  );
}

function UserStatus({ user }: { user: User }) {
  const { t } = useTranslation();
  const resend = useResendSignUpMail();
  return (
    <Group gap="xs" mb="md">
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
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateUser();
  const update = useUpdateUser();
  const mode = user ? 'edit' : 'create';
  const schema = USER_FORM_SCHEMAS[mode];
  const form = useZodForm<UserAdminValues>(schema, { initialValues: user ? userToValues(user) : emptyUserValues() });
  useUnsavedChangesGuard(form.isDirty());

  const onError = (error: unknown) => {
    applyServerErrors(form, error);
    notifySaveFailed(error);
  };
  const submit = form.onSubmit((values) => {
    const data = schema.parse(values) as UserCreate;
    if (user) {
      update.mutate(
        { id: user._id, data },
        {
          onSuccess: () => {
            form.resetDirty(values);
            notifySuccess('saved');
          },
          onError,
        },
      );
    } else {
      create.mutate(data, {
        onSuccess: (created) => {
          notifySuccess('created');
          navigate(
            created?._id
              ? screenPath('useradministration', { slug: created._id })
              : screenPath('useradministration_list'),
            { replace: true },
          );
        },
        onError,
      });
    }
  });

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      {user ? <UserStatus user={user} /> : null}
      <form onSubmit={submit} noValidate>
        <Stack gap="lg">
          <UserAdminFields form={form} mode={mode} />
          <Group justify="flex-end">
            <Button type="submit" loading={create.isPending || update.isPending} data-testid="user-save">
              {t('common.actions.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
