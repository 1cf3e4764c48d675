import { Button, Group, Select, Stack, Text, Textarea } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { PdfAsset } from '@pruefbuch/domain/schemas/pdf-asset';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { openModalWhenReady } from '@/components/ui/dialogs';
import { useTechAcceptors } from '@/features/tenants';
import { errorText } from '@/lib/errors';
import { i18n } from '@/lib/i18n';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useSignOffPdfAsset } from '../api/sign-off-pdf-asset';

const MODAL = 'sign-off-pdf';

interface SignOffProps {
  tenantId: string;
  bookId: string;
  asset: PdfAsset;
  /** The acceptor to start with: the user when they are an acceptor, else the tenant's default. */
  acceptorId: string | null;
  /** Acceptors sign in their own name only. */
  ownNameOnly: boolean;
  onDone: () => void;
}

/** The technical acceptance of a PDF: who accepts it (one of the tenant's tech acceptors) and a note. */
function SignOffForm({ tenantId, bookId, asset, acceptorId, ownNameOnly, onDone }: SignOffProps) {
  const { t } = useTranslation();
  const acceptors = useTechAcceptors(tenantId);
  const signOff = useSignOffPdfAsset();
  const [acceptor, setAcceptor] = useState<string | null>(acceptorId);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const options = (acceptors.data ?? []).map((a) => ({
    value: a._id,
    label: `${a.firstName} ${a.lastName}`.trim() || a.abbreviation,
  }));
  // The default acceptor may be somebody who is no longer an acceptor of the tenant: the server says so.
  if (acceptorId && !options.some((o) => o.value === acceptorId) && !acceptors.isPending) {
    options.unshift({ value: acceptorId, label: t('inspections.assets.defaultAcceptor') });
  }

  const submit = async () => {
    if (!acceptor) {
      setError(t('validation.required'));
      return;
    }
    try {
      await signOff.mutateAsync({ tenantId, bookId, assetId: asset._id, techAcceptorId: acceptor, note: note.trim() });
      notifySuccess({ text: t('inspections.assets.signedOff') });
      onDone();
    } catch (err) {
      notifyError(errorText(t, err), t('common.toast.saveFailed'));
      setError(errorText(t, err));
    }
  };

  return (
    <Stack gap="md">
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {asset.fileName}
      </Text>
      <Select
        label={t('inspections.assets.acceptor')}
        data={options}
        value={acceptor}
        onChange={(value) => {
          setAcceptor(value);
          setError(null);
        }}
        disabled={ownNameOnly}
        error={error}
        searchable
        allowDeselect={false}
        nothingFoundMessage={t('inspections.assets.noAcceptors')}
        comboboxProps={{ withinPortal: true }}
        data-testid="signoff-acceptor"
      />
      <Textarea
        label={t('inspections.assets.note')}
        value={note}
        onChange={(event) => setNote(event.currentTarget.value)}
        maxLength={1000}
        autosize
        minRows={2}
        data-testid="signoff-note"
      />
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={onDone}>
          {t('common.actions.cancel')}
        </Button>
        <Button color="teal" loading={signOff.isPending} onClick={() => void submit()} data-testid="signoff-confirm">
          {t('inspections.assets.confirm')}
        </Button>
      </Group>
    </Stack>
  );
}

export function openSignOff(props: Omit<SignOffProps, 'onDone'>) {
  openModalWhenReady({
    modalId: MODAL,
    title: i18n.t('inspections.assets.signOffTitle'),
    children: <SignOffForm {...props} onDone={() => modals.close(MODAL)} />,
  });
}
