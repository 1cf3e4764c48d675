import { Paper, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { LoadError } from '@/components/ui/load-error';
import { PageHeader } from '@/components/ui/page-header';
import { PageLoader } from '@/components/ui/page-loader';
import { useSession } from '@/lib/session';
import { useUser } from '../api/get-user';
import { ProfileForm } from '../components/profile-form';
import { TwoFactorSection } from '../components/two-factor-section';

export function SettingsPage() {
  const { t } = useTranslation();
  const { slug } = useParams();
  const { session } = useSession();
  const user = useUser(slug);
  const isOwn = !!session && session.userId === slug;

  return (
    <Stack gap="lg" maw={960}>
      <PageHeader
        title={t('users.profile.title')}
        description={user.data ? `${user.data.firstName} ${user.data.lastName} · ${user.data.email}` : undefined}
      />
      {user.isPending ? <PageLoader /> : null}
      {user.isError ? <LoadError error={user.error} onRetry={() => void user.refetch()} /> : null}
      {user.data ? (
        <>
          <ProfileForm key={`${user.data._id}-${user.data.updatedAt}`} user={user.data} />
          {isOwn ? (
            <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} data-testid="twofa-section">
              <TwoFactorSection userId={user.data._id} active={user.data.is2FaUsed} />
            </Paper>
          ) : null}
        </>
      ) : null}
    </Stack>
  );
}
