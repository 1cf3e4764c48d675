import { useTranslation } from 'react-i18next';
import { EditorForm } from '@/components/ui/entity-editor/editor-form';
import { EditorPage } from '@/components/ui/entity-editor/editor-page';
import { useEntityEditor } from '@/components/ui/entity-editor/use-entity-editor';
import { type UserRegister, useRegisterUser } from '../api/register-user';
import { UserAdminFields } from '../components/user-admin-fields';
import { emptyUserValues, USER_FORM_SCHEMAS, type UserAdminValues } from '../user-admin-form';

/** Admin: create an account with a password (POST users/signup). Success clears the form (SPEC §4). */
export function RegisterPage() {
  const { t } = useTranslation();
  const register = useRegisterUser();
  const schema = USER_FORM_SCHEMAS.register;
  const editor = useEntityEditor<UserAdminValues, unknown>({
    schema,
    initialValues: emptyUserValues(),
    toValues: () => emptyUserValues(),
    isNew: true,
    save: (values) => register.mutateAsync(schema.parse(values) as UserRegister),
  });

  return (
    <EditorPage title={t('users.register.title')} description={t('users.register.intro')}>
      <EditorForm editor={editor} testId="register" saveLabel={t('users.register.submit')}>
        <UserAdminFields form={editor.form} mode="register" />
      </EditorForm>
    </EditorPage>
  );
}
