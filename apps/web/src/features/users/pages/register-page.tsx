import { Button, Group, Paper, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui/page-header';
import { applyServerErrors, useZodForm } from '@/lib/form';
import { notifySaveFailed, notifySuccess } from '@/lib/notify';
import { type UserRegister, useRegisterUser } from '../api/register-user';
import { UserAdminFields } from '../components/user-admin-fields';
import { emptyUserValues, USER_FORM_SCHEMAS, type UserAdminValues } from '../user-admin-form';

/** Admin: create an account with a password (POST users/signup). Success clears the form (SPEC §4). */
export function RegisterPage() {
  const { t } = useTranslation();
  const register = useRegisterUser();
  const schema = USER_FORM_SCHEMAS.register;
  const form = useZodForm<UserAdminValues>(schema, { initialValues: emptyUserValues() });

  const submit = form.onSubmit((values) =>
    register.mutate(schema.parse(values) as UserRegister, {
      onSuccess: () => {
        notifySuccess('created');
        form.reset();
      },
      onError: (error) => {
        applyServerErrors(form, error);
        notifySaveFailed(error);
      },
    }),
  );

  return (
    <Stack gap="lg" maw={960}>
      <PageHeader title={t('users.register.title')} description={t('users.register.intro')} />
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
        <form onSubmit={submit} noValidate>
          <Stack gap="lg">
            <UserAdminFields form={form} mode="register" />
            <Group justify="flex-end">
              <Button type="submit" loading={register.isPending} data-testid="register-submit">
                {t('users.register.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
