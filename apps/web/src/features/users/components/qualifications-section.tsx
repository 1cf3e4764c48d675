import {
  ActionIcon,
  Badge,
  Button,
  FileButton,
  Group,
  Modal,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  QUALIFICATION_KINDS,
  type QualificationState,
  qualificationLabelKey,
} from '@pruefbuch/domain/rules/qualifications';
import type { Qualification } from '@pruefbuch/domain/schemas/qualification';
import { qualificationWriteSchema } from '@pruefbuch/domain/schemas/qualification';
import { IconDownload, IconPencil, IconPlus, IconTrash, IconUpload } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '@/components/ui/date-field';
import { deleteWithConfirm } from '@/components/ui/delete-with-confirm';
import { errorText } from '@/lib/errors';
import { formatDate } from '@/lib/format';
import { notifyError, notifySaveFailed, notifySuccess } from '@/lib/notify';
import { useDeleteQualification } from '../api/delete-qualification';
import { downloadCertificate, useQualifications } from '../api/get-qualifications';
import { useSaveQualification } from '../api/save-qualification';
import { useUploadCertificate } from '../api/upload-certificate';

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

interface Values {
  kind: string | null;
  number: string;
  issuer: string;
  validFrom: string | null;
  validUntil: string | null;
}

function QualificationModal({
  userId,
  qualification,
  onClose,
}: {
  userId: string;
  qualification: Qualification | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveQualification();
  const form = useForm<Values>({
    initialValues: {
      kind: qualification?.kind ?? null,
      number: qualification?.number ?? '',
      issuer: qualification?.issuer ?? '',
      validFrom: qualification?.validFrom ?? null,
      validUntil: qualification?.validUntil ?? null,
    },
  });
  const submit = form.onSubmit((values) => {
    const parsed = qualificationWriteSchema.safeParse({ ...values, validUntil: values.validUntil || null });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) form.setFieldError(String(issue.path[0]), t(issue.message));
      return;
    }
    save.mutate(
      {
        userId,
        id: qualification?._id,
        data: { ...parsed.data, ...(qualification ? { __v: qualification.__v } : {}) },
      },
      {
        onSuccess: () => {
          notifySuccess(qualification ? 'saved' : 'created');
          onClose();
        },
        onError: notifySaveFailed,
      },
    );
  });
  return (
    <Modal
      opened
      onClose={onClose}
      title={t(qualification ? 'users.qualifications.editTitle' : 'users.qualifications.addTitle')}
    >
      <form onSubmit={submit} noValidate data-testid="qualification-form">
        <Stack gap="sm">
          <Select
            {...form.getInputProps('kind')}
            label={t('users.qualifications.kind')}
            data={QUALIFICATION_KINDS.map((k) => ({ value: k, label: t(qualificationLabelKey(k)) }))}
            required
            data-testid="qualification-kind"
            comboboxProps={{ withinPortal: true }}
          />
          <Group grow>
            <TextInput {...form.getInputProps('number')} label={t('users.qualifications.number')} />
            <TextInput {...form.getInputProps('issuer')} label={t('users.qualifications.issuer')} />
          </Group>
          <Group grow align="flex-start">
            <DateField
              {...form.getInputProps('validFrom')}
              label={t('users.qualifications.validFrom')}
              required
              data-testid="qualification-valid-from"
            />
            <DateField
              {...form.getInputProps('validUntil')}
              label={t('users.qualifications.validUntil')}
              description={t('users.qualifications.validUntilHint')}
              clearable
              data-testid="qualification-valid-until"
            />
          </Group>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.actions.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending} data-testid="qualification-save">
              {t('common.actions.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
