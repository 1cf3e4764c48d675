import { Select } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { useSession } from '@/lib/session';
import { userLabel, userOptions } from '@/lib/user-options';
import type { OfferUser } from '../api/get-offer-users';
import type { OfferValues } from '../offer-form';

type UserPath = 'ofmUser' | 'opmUser' | 'ktb';

/**
 * A user named in the offer (OFM, OPM, KTB), chosen from the users an offer may name, grouped by department
 * with the usual one first. A user no longer in that list (left the tenant) still shows by name; while the list
 * loads, the signed-in user (a new offer's OFM) shows by the session's name and anybody else as '…', never as the
 * raw id.
 */
export function UserSelect({
  form,
  path,
  label,
  users,
  known,
  department,
  loading,
  loadFailed,
  testId,
}: {
  form: UseFormReturnType<OfferValues>;
  path: UserPath;
  label: string;
  users: readonly OfferUser[];
  /** The user as the saved offer names it. */
  known?: { _id: string; name: string; abbreviation: string } | null;
  department: number;
  /** The users are still on their way: a user not found yet is not unknown. */
  loading?: boolean;
  loadFailed?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation();
  const { session } = useSession();
  const value = form.values[path];
  const missing = value && !users.some((u) => u._id === value);
  const missingLabel = () => {
    if (known && known._id === value) return userLabel(known);
    if (session && session.userId === value) return session.friendlyUsername;
    return loading ? '…' : t('offers.editor.unknownUser');
  };
  const data = [...(missing ? [{ value, label: missingLabel() }] : []), ...userOptions(t, users, department)];
  return (
    <Select
      {...form.getInputProps(path)}
      label={label}
      data={data}
      placeholder={t('offers.editor.noUser')}
      searchable
      clearable
      nothingFoundMessage={t('offers.editor.noMatch')}
      description={loadFailed ? t('offers.editor.usersFailed') : undefined}
      data-testid={testId}
    />
  );
}
