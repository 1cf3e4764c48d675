import { Stack } from '@mantine/core';
import { screenPath } from '@pruefbuch/domain/access';
import { typeChecklistFor } from '@pruefbuch/domain/rules/checklists';
import { FINALIZE_KEYS } from '@pruefbuch/domain/rules/finalize';
import { berlinToday } from '@pruefbuch/domain/rules/next-inspection';
import { selfInspectionText } from '@pruefbuch/domain/rules/self-inspection';
import type { BookDto } from '@pruefbuch/domain/schemas/book';
import { type Inspection, type InspectionKind, newDefect } from '@pruefbuch/domain/schemas/inspection';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { deleteWithConfirm } from '@/components/ui/delete-with-confirm';
import { openConfirmWhenReady } from '@/components/ui/dialogs';
import { ConflictDialog } from '@/components/ui/entity-editor/conflict-dialog';
import { useEntityEditor } from '@/components/ui/entity-editor/use-entity-editor';
import { FinalizeBlockers, type FinalizeBlockerText } from '@/components/ui/finalize-blockers';
import { FormSection } from '@/components/ui/form-section';
import { isApiError } from '@/lib/api-client';
import { openPendingTab } from '@/lib/download';
import { errorText } from '@/lib/errors';
import { notifyError, notifySaveFailed, notifySuccess } from '@/lib/notify';
import { toPrincipal, useSession } from '@/lib/session';
import { useCreateInspection } from '../api/create-inspection';
import { useDeleteInspection } from '../api/delete-inspection';
import { pdfPaths, useDownloadPdf } from '../api/download-pdf';
import { useFinalizeInspection } from '../api/finalize-inspection';
import { useDefectOffers } from '../api/get-defect-offers';
import { getInspectionQueryOptions } from '../api/get-inspection';
import { useArchivedPdf } from '../api/get-pdf-assets';
import { useUpdateInspection } from '../api/update-inspection';
import {
  emptyInspectionValues,
  finalizeBlockersOf,
  type InspectionValues,
  inspectionFormSchema,
  newDefectKey,
  recordToValues,
  toCreateBody,
  toUpdateBody,
} from '../inspection-form';
import { newRecordPath, recordPath } from '../record-paths';
import { ChecklistEditor } from './checklist-editor';
import { defectOfferAccess, newOfferPath } from './defect-offer';
import { type DefectOffers, DefectsEditor } from './defects-editor';
import { EditorActions } from './editor-actions';
import { QualificationNotice } from './qualification-notice';
import { ContinuedOperationField, RecordFields } from './record-fields';
import { SignaturesSection } from './signatures-section';

export interface EditorProps {
  kind: InspectionKind;
  tenantId: string;
  dto: BookDto;
  /** The saved record, or null for a new one. */
  record: Inspection | null;
  /** A new record that corrects this finalized one starts as its copy. */
  corrects: Inspection | null;
  /** The user may write records of this kind. */
  canWrite: boolean;
  userName: string;
}

function initialValues(props: EditorProps): InspectionValues {
  if (props.record) return recordToValues(props.record, { userName: props.userName });
  if (props.corrects) return recordToValues(props.corrects, { userName: props.userName, copy: true });
  return emptyInspectionValues({
    kind: props.kind,
    bookType: props.dto.bookType,
    today: berlinToday(),
    userName: props.userName,
    // The record is a German document: the same text the server gives a self-inspection sent without one.
    defaultText: props.kind === 'self' ? selfInspectionText(typeChecklistFor('self', props.dto.bookType)) : '',
  });
}

/**
 * The one editor of all record kinds: fields, checklist, defects with photos, continued operation and
 * signatures. A draft is saved with its version (409 → reload or keep), finalized after a confirmation,
 * and then read-only with a correction and its archived PDF.
 */
export function InspectionEditor(props: EditorProps) {
  const { kind, tenantId, dto, record, corrects, canWrite } = props;
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const bookId = dto.book._id;
  const self = kind === 'self';
  const readOnly = !canWrite || !!record?.finalized;
  /** An uploaded expert report is its PDF: no checklist, defects or signatures of its own. */
  const uploaded = !!record?.report;
  const [blockers, setBlockers] = useState<FinalizeBlockerText[]>([]);
  // Each refused finalize brings the list of what is missing into view (it stands above the form).
  const [blockersShown, setBlockersShown] = useState(0);
  useEffect(() => {
    if (blockersShown > 0) document.getElementById('finalize-blockers')?.scrollIntoView({ behavior: 'smooth' });
  }, [blockersShown]);

  const create = useCreateInspection();
  const update = useUpdateInspection();
  const finalize = useFinalizeInspection();
  const remove = useDeleteInspection();
  const pdf = useDownloadPdf();
  const archived = useArchivedPdf(tenantId, bookId, record?._id ?? '', !!record?.finalized);
  // A saved record's defects say whether an offer exists for them, and start one (decision 022).
  const { session } = useSession();
  const offerAccess = defectOfferAccess(toPrincipal(session));
  const defectOffers = useDefectOffers(tenantId, bookId, offerAccess.read && !!record);
  const offers: DefectOffers | null =
    record && offerAccess.read
      ? {
          byDefect: defectOffers.data,
          createTo: (defect) =>
            offerAccess.create ? newOfferPath({ tenant: tenantId, book: bookId, record: record._id, defect }) : null,
        }
      : null;

  const ids = (slug: string) => ({ tenant: tenantId, book: bookId, slug });
  // Saving a draft: POST for a new record, else PUT with its version (409 → reload or keep).
  const editor = useEntityEditor<InspectionValues, Inspection>({
    schema: inspectionFormSchema(kind),
    initialValues: initialValues(props),
    toValues: (saved) => recordToValues(saved, { userName: props.userName }),
    isNew: !record,
    // A draft asks before its input is lost (a basement is no place to type it twice); a finalized record has none.
    readOnly,
    // A record is long: what is missing may be far from the button.
    toastInvalid: true,
    save: (values) =>
      record
        ? update.mutateAsync({ tenantId, id: record._id, self, data: toUpdateBody(kind, values) })
        : create.mutateAsync({ tenantId, self, data: toCreateBody(kind, bookId, values, corrects?._id ?? null) }),
    fetchLatest: record
      ? () => queryClient.fetchQuery({ ...getInspectionQueryOptions(tenantId, record._id), staleTime: 0 })
      : undefined,
    onSaveError: (error) => {
      if (record && isApiError(error) && error.code === 'FINALIZED') {
        void queryClient.invalidateQueries({ queryKey: getInspectionQueryOptions(tenantId, record._id).queryKey });
      }
    },
  });
  const { form } = editor;

  const saveDraft = async () => {
    const saved = await editor.save();
    if (saved && !record) navigate(recordPath(kind, ids(saved._id)), { replace: true });
  };

  const runFinalize = async () => {
    // The finalize's own toast says it all: the save before it stays quiet.
    const saved = await editor.save({ toast: false });
    if (!saved) return;
    try {
      await finalize.mutateAsync({ tenantId, id: saved._id, self, version: saved.__v });
      notifySuccess({ text: t('inspections.toast.finalized') });
      setBlockers([]);
      if (!record) navigate(recordPath(kind, ids(saved._id)), { replace: true });
    } catch (error) {
      // A refusal names what is missing at its fields (the server applies the rule this form checked).
      if (
        isApiError(error) &&
        error.status === 400 &&
        error.details.length > 0 &&
        error.details.every((d) => (FINALIZE_KEYS as readonly string[]).includes(d.key))
      ) {
        setBlockers(error.details.map((d) => ({ field: d.field, key: d.key })));
        setBlockersShown((n) => n + 1);
      }
      notifySaveFailed(error);
      // The draft was saved: from here on it is edited under its own address.
      if (!record) navigate(recordPath(kind, ids(saved._id)), { replace: true });
    }
  };

  const askFinalize = () => {
    const missing = finalizeBlockersOf(kind, form.getValues(), berlinToday());
    setBlockers(missing);
    if (missing.length > 0) {
      setBlockersShown((n) => n + 1);
      return;
    }
    openConfirmWhenReady({
      title: t('inspections.finalize.title'),
      children: t('inspections.finalize.text'),
      labels: { confirm: t('inspections.finalize.confirm'), cancel: t('common.actions.cancel') },
      confirmProps: { color: 'teal', 'data-testid': 'confirm-finalize' } as never,
      onConfirm: () => void runFinalize(),
    });
  };

  const askDelete = () =>
    record &&
    deleteWithConfirm({
      title: t('inspections.delete.title'),
      message: t('inspections.delete.text'),
      run: () => remove.mutateAsync({ tenantId, id: record._id, bookId, self }),
      onDeleted: () => navigate(screenPath('book_list', { tenant: tenantId, slug: bookId }), { replace: true }),
    });

  const pdfFailed = (error: unknown) => notifyError(errorText(t, error), t('inspections.pdf.failed'));
  // The preview opens in a tab of its own, next to the record being written.
  const preview = () =>
    pdf.mutate(
      {
        tenantId,
        path: pdfPaths.preview,
        fallbackName: 'vorschau.pdf',
        body: toCreateBody(kind, bookId, form.getValues(), corrects?._id ?? null),
        tab: openPendingTab(t('inspections.pdf.preparing')),
      },
      { onError: pdfFailed },
    );
  const downloadArchived = () =>
    archived.data &&
    pdf.mutate(
      { tenantId, path: pdfPaths.archived(archived.data.blob), fallbackName: archived.data.fileName || 'pruefung.pdf' },
      { onError: pdfFailed },
    );

  const addDefect = (item: string | null) => {
    form.insertListItem('defects', { key: newDefectKey(), ...newDefect(item) });
    // The new defect's description gets the focus once it is rendered.
    const index = form.getValues().defects.length;
    requestAnimationFrame(() => {
      const node = form.getInputNode(`defects.${index - 1}.text` as never) as HTMLElement | null;
      node?.scrollIntoView({ behavior: 'smooth', block: 'center' });
      node?.focus({ preventScroll: true });
    });
  };

  const busy = editor.saving || finalize.isPending;
  const signatureBlocked = blockers.some((b) => b.field === 'inspectorSignature')
    ? t('errors.SIGNATURE_REQUIRED')
    : null;

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void saveDraft();
      }}
      noValidate
    >
      <Stack gap="md" pb={readOnly ? 0 : 'xl'}>
        {blockers.length > 0 && !readOnly ? (
          <FinalizeBlockers
            id="finalize-blockers"
            style={{ scrollMarginTop: 80 }}
            blockers={blockers}
            onClose={() => setBlockers([])}
            testId="finalize-blockers"
          />
        ) : null}

        <FormSection id="record-data" title={t('inspections.sections.data')}>
          <RecordFields form={form} kind={kind} readOnly={readOnly} />
        </FormSection>

        {uploaded ? null : (
          <>
            <FormSection id="record-checklist" title={t('inspections.sections.checklist')} testId="checklist">
              <ChecklistEditor form={form} readOnly={readOnly} onAddDefect={addDefect} />
            </FormSection>

            <FormSection id="record-defects" title={t('inspections.sections.defects')} testId="defects">
              <DefectsEditor
                form={form}
                readOnly={readOnly}
                tenantId={tenantId}
                bookId={bookId}
                onAdd={addDefect}
                offers={offers}
              />
            </FormSection>

            {self ? null : (
              <FormSection id="record-result" title={t('inspections.sections.result')}>
                <ContinuedOperationField form={form} kind={kind} readOnly={readOnly} />
              </FormSection>
            )}

            <FormSection id="record-signatures" title={t('inspections.sections.signatures')}>
              {readOnly ? null : (
                <QualificationNotice
                  kind={kind}
                  typeQualification={dto.bookType?.qualification}
                  when={form.values.when || null}
                />
              )}
              <SignaturesSection
                form={form}
                readOnly={readOnly}
                expert={kind === 'gutachten'}
                signatureError={signatureBlocked}
              />
            </FormSection>
          </>
        )}

        <EditorActions
          record={record}
          readOnly={readOnly}
          canWrite={canWrite}
          busy={busy}
          saving={editor.saving}
          finalizing={finalize.isPending}
          pdfBusy={pdf.isPending}
          archivedPdf={!!archived.data && !uploaded}
          onFinalize={askFinalize}
          onPreview={self ? null : preview}
          onDelete={askDelete}
          onDownloadArchived={downloadArchived}
          correctionPath={
            record?.finalized && !record.correctedBy && !uploaded
              ? newRecordPath(record.kind, tenantId, bookId, record._id)
              : null
          }
        />
      </Stack>
      <ConflictDialog {...editor.conflict} />
    </form>
  );
}
