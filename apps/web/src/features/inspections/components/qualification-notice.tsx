import { Alert, Text } from '@mantine/core';
import type { RecordKind } from '@pruefbuch/domain/rules/checklists';
import {
  holdsOn,
  lastingLongest,
  type QualificationKind,
  qualificationLabelKey,
  requiredQualification,
  validOn,
} from '@pruefbuch/domain/rules/qualifications';
import type { Qualification } from '@pruefbuch/domain/schemas/qualification';
import { IconCertificate, IconCertificateOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { useSession } from '@/lib/session';

/**
 * Above the signatures of a draft: the qualification the book type needs of who signs (decision 055),
 * and whether the signed-in user holds it on the record's date, before they start signing; the
 * server refuses the signature and the finalize (403) without it.
 */
export function QualificationNotice({
  kind,
  typeQualification,
  when,
}: {
  kind: RecordKind;
  typeQualification: QualificationKind | null | undefined;
  when: string | null;
}) {
  const { t } = useTranslation();
  const { session } = useSession();
  const userId = session?.userId ?? '';
  const required = requiredQualification(kind, typeQualification);
  const own = useQuery({
    queryKey: ['users', 'qualifications', userId],
    queryFn: ({ signal }) =>
      api.get<{ qualifications: Qualification[] }>(`users/${encodeURIComponent(userId)}/qualifications`, { signal }),
    enabled: !!required && !!userId,
  });
  if (!required || !when || !own.data) return null;
  const qualification = t(qualificationLabelKey(required));
  const held = own.data.qualifications.filter((q) => q.kind === required && validOn(q, when));
  if (!holdsOn(held, required, when)) {
    return (
      <Alert
        color="red"
        icon={<IconCertificateOff size={18} />}
        title={t('users.qualifications.editor.missingTitle')}
        data-testid="qualification-missing"
      >
        {t('users.qualifications.editor.missing', { qualification, date: formatDate(when) })}
      </Alert>
    );
  }
  const until = lastingLongest(held)?.validUntil ?? null;
  return (
    <Text size="sm" c="dimmed" data-testid="qualification-held">
      <IconCertificate size={14} style={{ verticalAlign: 'middle', marginRight: 4 }} />
      {until
        ? t('users.qualifications.editor.held', { qualification, date: formatDate(until) })
        : t('users.qualifications.editor.heldForever', { qualification })}
    </Text>
  );
}
