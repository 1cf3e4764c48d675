import { ActionIcon, Badge, Button, FileButton, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { type QualificationState, qualificationLabelKey } from '@pruefbuch/domain/rules/qualifications';
import type { Qualification } from '@pruefbuch/domain/schemas/qualification';
import { IconDownload, IconPencil, IconPlus, IconTrash, IconUpload } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deleteWithConfirm } from '@/components/ui/delete-with-confirm';
import { errorText } from '@/lib/errors';
import { formatDate } from '@/lib/format';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useDeleteQualification } from '../api/delete-qualification';
import { downloadCertificate, useQualifications } from '../api/get-qualifications';
import { useUploadCertificate } from '../api/upload-certificate';
import { QualificationModal } from './qualification-modal';

export const STATE_COLOR: Record<QualificationState, string> = {
  notYet: 'gray',
  valid: 'teal',
  expiring: 'yellow',
  expired: 'red',
};

/** 'gültig bis 31.12.2027', 'läuft am … ab', 'abgelaufen am …', 'unbefristet gültig'. */
export function stateText(
  t: TFunction,
  q: { state: QualificationState; validFrom: string; validUntil: string | null },
) {
  if (q.state === 'notYet') return t('users.qualifications.states.notYet', { date: formatDate(q.validFrom) });
  if (q.validUntil === null) return t('users.qualifications.states.validForever');
  return t(`users.qualifications.states.${q.state}`, { date: formatDate(q.validUntil) });
}

/**
 * The qualifications of a staff user (decision 055): on the user administration an admin records,
 * changes and deletes them and uploads the certificate; in the user's own settings they are read only.
 */
export function QualificationsSection({ userId, editable }: { userId: string; editable: boolean }) {
  const { t } = useTranslation();
  const list = useQualifications(userId);
  const remove = useDeleteQualification();
  const uploadCertificate = useUploadCertificate();
  const [editing, setEditing] = useState<Qualification | 'new' | null>(null);
  const items = list.data?.qualifications ?? [];

  const upload = (q: Qualification, file: File | null) =>
    file &&
    uploadCertificate.mutate(
      { userId, id: q._id, file },
      {
        onSuccess: () => notifySuccess({ text: t('users.qualifications.certificateUploaded') }),
        onError: (error) => notifyError(errorText(t, error)),
      },
    );

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} data-testid="qualifications-section">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={3} size="h4">
              {t('users.qualifications.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {editable ? t('users.qualifications.intro') : t('users.qualifications.ownIntro')}
            </Text>
          </div>
          {editable ? (
            <Button
              variant="light"
              leftSection={<IconPlus size={16} />}
              onClick={() => setEditing('new')}
              data-testid="qualification-add"
            >
              {t('users.qualifications.add')}
            </Button>
          ) : null}
        </Group>
        {items.length === 0 ? (
          <Text size="sm" c="dimmed">
            {list.isLoading ? '…' : t('users.qualifications.empty')}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table verticalSpacing="xs" data-testid="qualifications-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('users.qualifications.kind')}</Table.Th>
                  <Table.Th>{t('users.qualifications.number')}</Table.Th>
                  <Table.Th>{t('users.qualifications.issuer')}</Table.Th>
                  <Table.Th>{t('users.qualifications.validUntil')}</Table.Th>
                  <Table.Th>{t('users.qualifications.certificate')}</Table.Th>
                  {editable ? <Table.Th /> : null}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((q) => (
                  <Table.Tr key={q._id} data-testid={`qualification-${q.kind}`}>
                    <Table.Td>{t(qualificationLabelKey(q.kind))}</Table.Td>
                    <Table.Td>{q.number || '–'}</Table.Td>
                    <Table.Td>{q.issuer || '–'}</Table.Td>
                    <Table.Td>
                      <Badge color={STATE_COLOR[q.state]} variant="light" tt="none">
                        {stateText(t, q)}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        {q.certificate ? (
                          <Button
                            size="compact-sm"
                            variant="subtle"
                            leftSection={<IconDownload size={14} />}
                            onClick={() =>
                              void downloadCertificate(userId, q).catch((e) => notifyError(errorText(t, e)))
                            }
                          >
                            {q.certificate.fileName}
                          </Button>
                        ) : (
                          <Text size="sm" c="dimmed">
                            {t('users.qualifications.certificateNone')}
                          </Text>
                        )}
                        {editable ? (
                          <FileButton onChange={(file) => upload(q, file)} accept="application/pdf,image/*">
                            {(props) => (
                              <ActionIcon
                                {...props}
                                variant="subtle"
                                aria-label={t(
                                  q.certificate
                                    ? 'users.qualifications.certificateReplace'
                                    : 'users.qualifications.certificateUpload',
                                )}
                                title={t(
                                  q.certificate
                                    ? 'users.qualifications.certificateReplace'
                                    : 'users.qualifications.certificateUpload',
                                )}
                                loading={uploadCertificate.isPending && uploadCertificate.variables?.id === q._id}
                              >
                                <IconUpload size={16} />
                              </ActionIcon>
                            )}
                          </FileButton>
                        ) : null}
                      </Group>
                    </Table.Td>
                    {editable ? (
                      <Table.Td>
                        <Group gap={4} wrap="nowrap" justify="flex-end">
                          <ActionIcon
                            variant="subtle"
                            aria-label={t('users.qualifications.editTitle')}
                            onClick={() => setEditing(q)}
                          >
                            <IconPencil size={16} />
                          </ActionIcon>
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={t('users.qualifications.deleteTitle')}
                            onClick={() =>
                              deleteWithConfirm({
                                title: t('users.qualifications.deleteTitle'),
                                message: t('users.qualifications.deleteConfirm', {
                                  qualification: t(qualificationLabelKey(q.kind)),
                                }),
                                run: () => remove.mutateAsync({ userId, id: q._id }),
                              })
                            }
                          >
                            <IconTrash size={16} />
                          </ActionIcon>
                        </Group>
                      </Table.Td>
                    ) : null}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
      {editing ? (
        <QualificationModal
          userId={userId}
          qualification={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </Paper>
  );
}
