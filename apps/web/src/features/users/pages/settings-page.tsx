import { Paper } from '@mantine/core';
import { Role } from '@pruefbuch/domain/roles';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { EditorPage } from '@/components/ui/entity-editor/editor-page';
import { EntityLoad } from '@/components/ui/entity-editor/entity-load';
import { useSession } from '@/lib/session';
import { useUser } from '../api/get-user';
import { ProfileForm } from '../components/profile-form';
import { QualificationsSection } from '../components/qualifications-section';
import { RemindersSection } from '../components/reminders-section';
import { TwoFactorSection } from '../components/two-factor-section';

export function SettingsPage() {
  const { t } = useTranslation();
  const { slug } = useParams();
  const { session } = useSession();
  const user = useUser(slug);
  const isOwn = !!session && session.userId === slug;

  return (
    <EditorPage
      title={t('users.profile.title')}
      description={user.data ? `${user.data.firstName} ${user.data.lastName} · ${user.data.email}` : undefined}
    >
      <EntityLoad query={user}>
        {(loaded) => (
          <>
            <ProfileForm key={loaded._id} user={loaded} />
            {isOwn && loaded.role !== Role.ROLE_FILIALE ? (
              <QualificationsSection userId={loaded._id} editable={false} />
            ) : null}
            {isOwn ? <RemindersSection /> : null}
            {isOwn ? (
              <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} data-testid="twofa-section">
                <TwoFactorSection userId={loaded._id} active={loaded.is2FaUsed} />
              </Paper>
            ) : null}
          </>
        )}
      </EntityLoad>
    </EditorPage>
  );
}
