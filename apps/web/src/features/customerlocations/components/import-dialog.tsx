import {
  Alert,
  Button,
  Checkbox,
  Group,
  Loader,
  Modal,
  Progress,
  Select,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Customer } from '@pruefbuch/domain/roles';
import type { ImportMapping } from '@pruefbuch/domain/rules/location-import';
import type { ImportReply } from '@pruefbuch/domain/schemas/customerlocation';
import { IconAlertTriangle, IconFileImport } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-client';
import { errorText } from '@/lib/errors';
import { i18n, translateMessage } from '@/lib/i18n';
import { notifyError, notifySuccess } from '@/lib/notify';
import { usePreviewImport } from '../api/preview-import';
import { useRunImport } from '../api/run-import';
import { mappingOf, sameMapping } from '../import-mapping';
import { ImportFilePicker } from './import-file-picker';
import { ImportMappingFields } from './import-mapping-fields';
import { ImportPreviewTable } from './import-preview-table';

/**
 * 'Importieren' on the branch list: the customer the branches belong to (chosen, never a default), a CSV or Excel
 * file, its preview (the columns as guessed, changeable, and what each row would do, an update field by field:
 * old → new), then the import in one go. Rows with errors block the import unless the user skips them; empty
 * cells keep the stored values unless the user chooses to clear them. The upload's progress shows while the file
 * travels, a spinner while the server checks it.
 */
export function ImportDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 48em)');
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ImportReply | null>(null);
  /** The columns the shown preview was made with, and those the user has chosen since. */
  const [previewMapping, setPreviewMapping] = useState<ImportMapping | null>(null);
  const [mapping, setMapping] = useState<ImportMapping | null>(null);
  const [skipInvalid, setSkipInvalid] = useState(false);
  const [customer, setCustomer] = useState<number | null>(null);
  const [clearEmpty, setClearEmpty] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const previewCall = usePreviewImport();
  const importCall = useRunImport();
  const busy = previewCall.isPending || importCall.isPending;

  const reset = () => {
    setFile(null);
    setPreview(null);
    setPreviewMapping(null);
    setMapping(null);
    setSkipInvalid(false);
    setCustomer(null);
    setClearEmpty(false);
    setProgress(null);
    setFailure(null);
  };
  const close = () => {
    if (busy) return;
    reset();
    onClose();
  };

  const runPreview = (
    picked: File,
    columns: ImportMapping | null,
    options: { customer: number | null; clearEmpty: boolean } = { customer, clearEmpty },
  ) => {
    if (options.customer === null) return;
    setFailure(null);
    setProgress(0);
    previewCall.mutate(
      {
        file: picked,
        customer: options.customer,
        clearEmpty: options.clearEmpty,
        mapping: columns,
        onProgress: setProgress,
      },
      {
        onSuccess: (reply) => {
          const used = mappingOf(reply);
          setPreview(reply);
          setPreviewMapping(used);
          setMapping(used);
          setSkipInvalid(false);
        },
        onError: (error) => {
          setPreview(null);
          setFailure(error);
        },
        onSettled: () => setProgress(null),
      },
    );
  };

  const pick = (picked: File | null) => {
    setFile(picked);
    setPreview(null);
    setMapping(null);
    setPreviewMapping(null);
    if (picked) runPreview(picked, null);
  };

  const mappingChanged = !!preview && !sameMapping(mapping, previewMapping);
  const counts = preview?.counts;
  const toWrite = counts ? counts.create + counts.update : 0;
  const blocked = !!counts && counts.error > 0 && !skipInvalid;
  const canImport = !!file && customer !== null && !!preview && !mappingChanged && !blocked && toWrite > 0 && !busy;
  /** A change of the customer or of the clear choice changes what the rows do: the preview is made again. */
  const choose = (options: { customer: number | null; clearEmpty: boolean }) => {
    setCustomer(options.customer);
    setClearEmpty(options.clearEmpty);
    if (file) runPreview(file, previewMapping, options);
  };
  const customers = Object.entries(Customer).map(([name, value]) => ({
    value: String(value),
    label: t(`lookups.customers.${name}`),
  }));

  const submit = () => {
    if (!file || !canImport || customer === null) return;
    setProgress(0);
    importCall.mutate(
      { file, customer, clearEmpty, mapping: previewMapping, skipInvalid, onProgress: setProgress },
      {
        onSuccess: (reply) => {
          notifySuccess({
            text: t('customerlocations.import.done', { create: reply.counts.create, update: reply.counts.update }),
          });
          reset();
          onClose();
        },
        onError: (error) => notifyError(importErrorText(t, error), t('customerlocations.import.failed')),
        onSettled: () => setProgress(null),
      },
    );
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('customerlocations.import.title')}
      size="xl"
      fullScreen={!!phone}
      closeOnClickOutside={!busy}
      closeOnEscape={!busy}
      data-testid="import-dialog"
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('customerlocations.import.intro')}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
          <Select
            value={customer === null ? null : String(customer)}
            onChange={(value) => choose({ customer: value === null ? null : Number(value), clearEmpty })}
            label={t('customerlocations.import.customer')}
            description={t('customerlocations.import.customerHint')}
            placeholder={t('customerlocations.edit.customerPlaceholder')}
            data={customers}
            allowDeselect={false}
            required
            disabled={busy}
            data-testid="import-customer"
          />
          <Checkbox
            checked={clearEmpty}
            onChange={(event) => choose({ customer, clearEmpty: event.currentTarget.checked })}
            label={t('customerlocations.import.clearEmpty')}
            description={t('customerlocations.import.clearEmptyHint')}
            disabled={busy}
            mt={{ base: 0, sm: 'xl' }}
            data-testid="import-clear-empty"
          />
        </SimpleGrid>
        <ImportFilePicker file={file} onChange={pick} disabled={busy} />
        {file && customer === null ? (
          <Text size="sm" c="orange.8" role="status" data-testid="import-customer-first">
            {t('customerlocations.import.customerFirst')}
          </Text>
        ) : null}

        {progress !== null ? <UploadProgress fraction={progress} /> : null}
        {failure ? (
          <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert" data-testid="import-error">
            {importErrorText(t, failure)}
          </Alert>
        ) : null}

        {preview && mapping ? (
          <>
            <ImportMappingFields
              headers={preview.headers}
              mapping={mapping}
              onChange={setMapping}
              disabled={busy}
              changed={mappingChanged}
              onPreview={() => file && runPreview(file, mapping)}
              previewing={previewCall.isPending}
            />
            <ImportPreviewTable reply={preview} stale={mappingChanged} />
          </>
        ) : null}

        <Group justify="space-between" gap="sm" wrap="wrap">
          {counts && counts.error > 0 ? (
            <Checkbox
              checked={skipInvalid}
              onChange={(event) => setSkipInvalid(event.currentTarget.checked)}
              label={t('customerlocations.import.skipInvalid')}
              disabled={busy}
              data-testid="import-skip-invalid"
            />
          ) : (
            <span />
          )}
          <Group gap="xs" ml="auto">
            <Button variant="default" onClick={close} disabled={busy}>
              {t('common.actions.cancel')}
            </Button>
            <Button
              leftSection={<IconFileImport size={16} />}
              onClick={submit}
              disabled={!canImport}
              loading={importCall.isPending}
              data-testid="import-submit"
            >
              {t('customerlocations.import.submit')}
            </Button>
          </Group>
        </Group>
        {preview && toWrite === 0 && counts && counts.error === 0 ? (
          <Text size="sm" c="dimmed" ta="right">
            {t('customerlocations.import.nothingToDo')}
          </Text>
        ) : null}
      </Stack>
    </Modal>
  );
}

/**
 * Why the server refused the file: the reason it names for the file (an unreadable file, too many rows), which is
 * more precise than the code's general text (UNSUPPORTED_FILE_TYPE speaks of documents).
 */
function importErrorText(t: TFunction, error: unknown) {
  const detail = isApiError(error) ? error.details.find((d) => d.key && i18n.exists(d.key)) : undefined;
  // A reason from the catalogue (errors.*) is errorText's; a field's check (a customer not chosen) is the form's.
  return detail && !detail.key.startsWith('errors.')
    ? translateMessage(t, detail.key, detail.params)
    : errorText(t, error);
}

/** The upload's share while the file travels; once it has arrived, that the server is checking it. */
function UploadProgress({ fraction }: { fraction: number }) {
  const { t } = useTranslation();
  const percent = Math.round(fraction * 100);
  if (percent >= 100) {
    return (
      <Group gap="xs" role="status" data-testid="import-checking">
        <Loader size="xs" />
        <Text size="sm">{t('customerlocations.import.checking')}</Text>
      </Group>
    );
  }
  return (
    <Stack gap={4} role="status" data-testid="import-progress">
      <Text size="sm">{t('customerlocations.import.uploading', { percent })}</Text>
      <Progress value={percent} size="sm" animated aria-label={t('customerlocations.import.uploading', { percent })} />
    </Stack>
  );
}
