import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useNetwork } from '@mantine/hooks';
import { screenPath } from '@pruefbuch/domain/access';
import { contradictsContinuedOperation } from '@pruefbuch/domain/rules/continued-operation';
import { finalizeBlockers } from '@pruefbuch/domain/rules/finalize';
import { berlinToday } from '@pruefbuch/domain/rules/next-inspection';
import type { RecordFields } from '@pruefbuch/domain/rules/offline-sync';
import { IconArrowLeft, IconSend, IconTrash } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { DateField } from '@/components/ui/date-field';
import { openConfirmWhenReady } from '@/components/ui/dialogs';
import { FinalizeBlockers } from '@/components/ui/finalize-blockers';
import { PageLoader } from '@/components/ui/page-loader';
import { Segments } from '@/components/ui/segments';
import { SignatureCanvas } from '@/components/ui/signature-canvas';
import { newIdempotencyKey } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { ConflictPanel } from '../components/conflict-panel';
import { DraftStateBadge } from '../components/draft-state-badge';
import { Checklist, Defects, OperatorAcknowledgement, StateHint } from '../components/record-sections';
import { copyAsNew, deleteDraft, editDraft, enqueue } from '../outbox-store';
import type { DraftFields, OfflineDraft } from '../outbox-types';
import { syncNow } from '../sync';
import { useDraft } from '../use-offline';

/** How long typing rests before the draft is written to the device. */
const AUTOSAVE_MS = 300;

/**
 * offline_record (/offline/{tenant}/record/{slug}): a record made or continued offline (issue 33 item 3). Every
 * change is kept on the device at once (it survives a reload, a closed tab, a restarted phone); 'Speichern und
 * senden' gives it to the outbox, which sends it when the network allows (decision 062).
 */
export function OfflineRecordPage() {
  const { t } = useTranslation();
  const { slug = '' } = useParams();
  const draft = useDraft(slug);
  if (draft.isPending) return <PageLoader />;
  if (!draft.data) {
    return (
      <Alert color="orange" data-testid="offline-record-missing">
        {t('offline.record.notFound')}
      </Alert>
    );
  }
  // A new form when another draft is opened; the same form while this one is saved and sent.
  return <RecordForm key={draft.data.localId} draft={draft.data} />;
}

function RecordForm({ draft }: { draft: OfflineDraft }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { online } = useNetwork();
  const [fields, setFields] = useState<DraftFields>(draft.fields);
  const [finalize, setFinalize] = useState(draft.finalize);
  const readOnly = draft.state === 'finalized';

  // Every change is kept on the device a moment after it is made (and at once when the page goes away or the phone
  // locks), as an edit of the stored draft: what the sync wrote meanwhile stays, the revision counts up (decision 062).
  const pending = useRef<{ fields: DraftFields; finalize: boolean } | null>(null);
  const flush = useCallback(() => {
    const values = pending.current;
    if (!values) return Promise.resolve();
    pending.current = null;
    return editDraft(draft.localId, (d) => ({
      ...values,
      state: d.state === 'saved' || d.state === 'refused' ? 'editing' : d.state,
    })).then(() => undefined);
  }, [draft.localId]);
  // Counts the changes: each one restarts the wait before the write.
  const [edits, setEdits] = useState(0);
  useEffect(() => {
    if (edits === 0 || !pending.current) return;
    const timer = setTimeout(() => void flush(), AUTOSAVE_MS);
    return () => clearTimeout(timer);
  }, [flush, edits]);
  useEffect(() => {
    const away = () => void flush();
    const hidden = () => document.visibilityState === 'hidden' && away();
    window.addEventListener('pagehide', away);
    document.addEventListener('visibilitychange', hidden);
    return () => {
      window.removeEventListener('pagehide', away);
      document.removeEventListener('visibilitychange', hidden);
      away();
    };
  }, [flush]);
  // When the sync brought the record in step with the server (ids of defects, labels), the form takes it over.
  const seen = useRef(draft.serverV);
  useEffect(() => {
    if (draft.serverV !== seen.current && !pending.current) {
      seen.current = draft.serverV;
      setFields(draft.fields);
    }
  }, [draft.serverV, draft.fields]);

  /** A change of the form: from the fields as they are now, so a slow photo never undoes what was typed meanwhile. */
  const changeWith = (patch: (current: DraftFields) => Partial<DraftFields>) => {
    setFields((f) => {
      const next = { ...f, ...patch(f) };
      pending.current = { fields: next, finalize: pending.current?.finalize ?? finalize };
      return next;
    });
    setEdits((n) => n + 1);
  };
  const change = (patch: Partial<DraftFields>) => changeWith(() => patch);
  const changeFinalize = (value: boolean) => {
    setFinalize(value);
    pending.current = { fields: pending.current?.fields ?? fields, finalize: value };
    setEdits((n) => n + 1);
  };

  // 'Weiterbetrieb: Ja' beside an open defect that rules it out: as in the record editor, said at the field.
  const conflict = !readOnly && contradictsContinuedOperation(fields);
  // What the server would refuse to finalize without (the domain's rule, which it applies): said here, in the
  // basement, and such a record is not sent to be finalized; sent as a draft it goes.
  const blockers = finalize && !readOnly ? finalizeBlockers({ ...fields, kind: draft.kind }, berlinToday()) : [];
  const send = async () => {
    if (blockers.length > 0) {
      notifyError(t('inspections.finalize.notYet'));
      return;
    }
    pending.current = null;
    await enqueue(draft.localId, () => ({ fields, finalize }));
    notifySuccess({ text: t('offline.record.queued') });
    if (online) void syncNow();
  };
  const discard = () =>
    openConfirmWhenReady({
      title: t('offline.record.discardTitle'),
      children: t('offline.record.discardText'),
      labels: { confirm: t('offline.record.discard'), cancel: t('common.actions.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: async () => {
        pending.current = null;
        await deleteDraft(draft.localId);
        notifySuccess({ text: t('offline.record.discarded') });
        navigate(screenPath('offline_book', { tenant: draft.tenantId, slug: draft.bookId }));
      },
    });
  // Finalized on the server meanwhile: the work done here becomes a new record of the book instead of being lost.
  const startOver = async () => {
    await flush();
    const copy = await copyAsNew(draft.localId, newIdempotencyKey());
    if (copy) navigate(screenPath('offline_record', { tenant: copy.tenantId, slug: copy.localId }), { replace: true });
  };
  const resolve = async (merged: DraftFields, theirs: NonNullable<OfflineDraft['theirs']>) => {
    const { __v, ...theirFields } = theirs;
    pending.current = null;
    setFields(merged);
    await enqueue(draft.localId, () => ({
      fields: merged,
      base: theirFields as RecordFields,
      serverV: __v,
      theirs: null,
    }));
    if (online) void syncNow();
  };

  return (
    <Stack gap="md" maw={880}>
      <Anchor
        component={Link}
        to={screenPath('offline_book', { tenant: draft.tenantId, slug: draft.bookId })}
        size="sm"
      >
        <Group gap={4}>
          <IconArrowLeft size={14} />
          {draft.bookTitle}
        </Group>
      </Anchor>
      <Group gap="sm" wrap="wrap">
        <Title order={2} data-testid="offline-record-title">
          {t('offline.record.title', { kind: t(`inspections.kind.${draft.kind}`), book: draft.bookTitle })}
        </Title>
        <DraftStateBadge state={draft.state} />
      </Group>
      <StateHint draft={draft} />
      {draft.state === 'refused' && draft.error?.code === 'FINALIZED' ? (
        <Group>
          <Button variant="light" onClick={() => void startOver()} data-testid="offline-as-new">
            {t('offline.record.asNew')}
          </Button>
        </Group>
      ) : null}
      {draft.state === 'conflict' && draft.theirs ? (
        <ConflictPanel draft={{ ...draft, fields }} onResolve={resolve} />
      ) : null}
      <Paper withBorder radius="md" p="sm">
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, xs: draft.kind === 'self' ? 2 : 3 }} spacing="sm">
            <DateField
              label={t('inspections.fields.when')}
              value={fields.when}
              onChange={(v) => v && change({ when: String(v).slice(0, 10) })}
              clearable={false}
              readOnly={readOnly}
              data-testid="offline-when"
            />
            <TextInput
              label={t('inspections.fields.who')}
              value={fields.who}
              onChange={(e) => change({ who: e.currentTarget.value })}
              readOnly={readOnly}
              data-testid="offline-who"
            />
            {draft.kind !== 'self' ? (
              <TextInput
                label={t('inspections.fields.where')}
                value={fields.where}
                onChange={(e) => change({ where: e.currentTarget.value })}
                readOnly={readOnly}
              />
            ) : null}
          </SimpleGrid>
        </Stack>
      </Paper>
      <Checklist fields={fields} change={change} readOnly={readOnly} />
      <Defects draft={draft} fields={fields} change={change} changeWith={changeWith} readOnly={readOnly} />
      <Paper withBorder radius="md" p="sm">
        <Stack gap="sm">
          <Text fw={600} size="sm">
            {t('inspections.sections.result')}
          </Text>
          <div>
            <Text size="sm" mb={4} id="offline-continued">
              {t('inspections.continuedOperation.label')}
            </Text>
            <Segments
              aria-labelledby="offline-continued"
              value={fields.continuedOperation === null ? 'open' : fields.continuedOperation ? 'yes' : 'no'}
              onChange={(v) => change({ continuedOperation: v === 'open' ? null : v === 'yes' })}
              readOnly={readOnly}
              size="md"
              color={
                fields.continuedOperation === true ? 'teal' : fields.continuedOperation === false ? 'red' : undefined
              }
              data={[
                { value: 'yes', label: t('inspections.continuedOperation.yes') },
                { value: 'no', label: t('inspections.continuedOperation.no') },
                { value: 'open', label: t('offline.record.continuedOperationOpen') },
              ]}
              aria-invalid={conflict || undefined}
              aria-describedby={conflict ? 'offline-continued-error' : undefined}
              data-testid="offline-continued"
            />
            {conflict ? (
              <Text
                size="sm"
                c="red"
                mt={4}
                role="alert"
                id="offline-continued-error"
                data-testid="offline-continued-error"
              >
                {t('errors.CONTINUED_OPERATION_CONFLICT')}
              </Text>
            ) : null}
          </div>
          <Textarea
            label={t('inspections.fields.text')}
            value={fields.text}
            onChange={(e) => change({ text: e.currentTarget.value })}
            readOnly={readOnly}
            autosize
            minRows={2}
            data-testid="offline-text"
          />
          <SignatureCanvas
            label={t('inspections.signature.inspector')}
            value={fields.inspectorSignature?.image ?? null}
            onChange={(image) =>
              change({
                inspectorSignature: image ? { name: fields.who || t('inspections.fields.who'), image } : null,
              })
            }
            readOnly={readOnly}
            testId="offline-signature"
            typedName={fields.who}
          />
          <OperatorAcknowledgement fields={fields} change={change} readOnly={readOnly} />
        </Stack>
      </Paper>
      {readOnly ? (
        <Alert color="teal">{t('offline.record.readOnly')}</Alert>
      ) : draft.state === 'conflict' ? (
        // While the versions wait for a choice, nothing is sent; the record may still be given up.
        <Group>
          <Button variant="subtle" color="red" leftSection={<IconTrash size={16} />} onClick={discard}>
            {t('offline.record.discard')}
          </Button>
        </Group>
      ) : (
        <Paper withBorder radius="md" p="sm">
          <Stack gap="sm">
            <Checkbox
              checked={finalize}
              onChange={(e) => changeFinalize(e.currentTarget.checked)}
              label={t('offline.record.finalize')}
              description={t('offline.record.finalizeHint')}
              data-testid="offline-finalize"
            />
            {blockers.length > 0 ? (
              <FinalizeBlockers blockers={blockers} testId="offline-finalize-blockers" live="status" />
            ) : null}
            <Group justify="space-between" wrap="wrap">
              <Button leftSection={<IconSend size={16} />} onClick={() => void send()} data-testid="offline-send">
                {t('offline.record.send')}
              </Button>
              <Button variant="subtle" color="red" leftSection={<IconTrash size={16} />} onClick={discard}>
                {t('offline.record.discard')}
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
