import { Grid, Stack, Switch, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { SignatureCanvas } from '@/components/ui/signature-canvas';
import { formatDateTime } from '@/lib/format';
import type { InspectionValues } from '../inspection-form';

/**
 * The inspector's signature (required to finalize; on an expert report the expert's, 'Sachverständiger') and
 * the operator's optional acknowledgement.
 */
export function SignaturesSection({
  form,
  readOnly,
  expert = false,
  signatureError,
}: {
  form: UseFormReturnType<InspectionValues>;
  readOnly: boolean;
  /** An expert report: signed by the expert. */
  expert?: boolean;
  /** Shown under the inspector's canvas (finalizing without a signature). */
  signatureError: string | null;
}) {
  const { t } = useTranslation();
  const inspector = form.values.inspectorSignature;
  const ack = form.values.operatorAcknowledgement;
  const withAck = form.values.withOperatorAcknowledgement;
  const signed = (at?: string) =>
    at ? (
      <Text size="xs" c="dimmed">
        {t('inspections.signature.signedAt', { date: formatDateTime(at) })}
      </Text>
    ) : null;

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 6 }}>
        <Stack gap="sm">
          {readOnly && !inspector.image ? null : (
            <TextInput
              {...form.getInputProps('inspectorSignature.name')}
              label={t(expert ? 'inspections.signature.expertName' : 'inspections.signature.inspectorName')}
              readOnly={readOnly}
              variant={readOnly ? 'unstyled' : 'default'}
              size="md"
            />
          )}
          <SignatureCanvas
            label={t(expert ? 'inspections.signature.expert' : 'inspections.signature.inspector')}
            value={inspector.image}
            onChange={(image) => {
              form.setFieldValue('inspectorSignature', { name: inspector.name, image });
              form.clearFieldError('inspectorSignature.image');
            }}
            readOnly={readOnly}
            error={signatureError ?? (form.errors['inspectorSignature.image'] as string | undefined)}
            typedName={inspector.name}
            testId="signature-inspector"
          />
          {signed(inspector.signedAt)}
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6 }}>
        <Stack gap="sm">
          {readOnly ? (
            <Text size="sm" fw={500}>
              {t('inspections.signature.operator')}
            </Text>
          ) : (
            <Switch
              {...form.getInputProps('withOperatorAcknowledgement', { type: 'checkbox' })}
              label={t('inspections.signature.withOperator')}
              description={t('inspections.signature.withOperatorHint')}
              size="md"
            />
          )}
          {withAck ? (
            <>
              <TextInput
                {...form.getInputProps('operatorAcknowledgement.name')}
                label={t('inspections.signature.operatorName')}
                readOnly={readOnly}
                variant={readOnly ? 'unstyled' : 'default'}
                withAsterisk={!readOnly}
                size="md"
              />
              <SignatureCanvas
                label={t('inspections.signature.operatorCanvas')}
                description={t('inspections.signature.operatorCanvasHint')}
                value={ack.image}
                onChange={(image) => form.setFieldValue('operatorAcknowledgement', { name: ack.name, image })}
                readOnly={readOnly}
                testId="signature-operator"
              />
              {signed(ack.signedAt)}
            </>
          ) : readOnly ? (
            <Text size="sm" c="dimmed">
              {t('inspections.signature.noOperator')}
            </Text>
          ) : null}
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
