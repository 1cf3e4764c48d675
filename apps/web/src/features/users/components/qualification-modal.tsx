import { Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { QUALIFICATION_KINDS, qualificationLabelKey } from '@pruefbuch/domain/rules/qualifications';
import { type Qualification, qualificationWriteSchema } from '@pruefbuch/domain/schemas/qualification';
import { useTranslation } from 'react-i18next';
import { DateField } from '@/components/ui/date-field';
import { applyServerErrors, useZodForm } from '@/lib/form';
import { notifySaveFailed, notifySuccess } from '@/lib/notify';
import { useSaveQualification } from '../api/save-qualification';

interface Values {
  kind: string | null;
  number: string;
  issuer: string;
  validFrom: string | null;
  validUntil: string | null;
}

/**
 * Records a qualification of a user or changes one (admins, decision 055): checked by the domain's
 * schema before it is sent, and a refusal of the server is shown at its field.
 */
export function QualificationModal({
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
  const form = useZodForm<Values>(qualificationWriteSchema, {
    initialValues: {
      kind: qualification?.kind ?? null,
      number: qualification?.number ?? '',
      issuer: qualification?.issuer ?? '',
      validFrom: qualification?.validFrom ?? null,
      validUntil: qualification?.validUntil ?? null,
    },
  });
  const submit = form.onSubmit(async (values) => {
    try {
      await save.mutateAsync({
        userId,
        id: qualification?._id,
        data: {
          ...qualificationWriteSchema.parse(values),
          ...(qualification ? { __v: qualification.__v } : {}),
        },
      });
      notifySuccess(qualification ? 'saved' : 'created');
      onClose();
    } catch (error) {
      if (!applyServerErrors(form, error)) notifySaveFailed(error);
    }
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
