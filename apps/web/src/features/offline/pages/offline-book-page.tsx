import { Alert, Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { screenPath } from '@pruefbuch/domain/access';
import type { OfflineBook } from '@pruefbuch/domain/schemas/offline';
import { IconAlertTriangle, IconArrowLeft, IconClipboardCheck, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { AmpelBadge } from '@/components/ui/book-badges';
import { PageLoader } from '@/components/ui/page-loader';
import { formatBytes, formatDate, formatDateTime } from '@/lib/format';
import { useSession } from '@/lib/session';
import { DraftStateBadge } from '../components/draft-state-badge';
import { draftFromRecord, newDraft } from '../new-draft';
import { saveDraft } from '../outbox-store';
import type { OfflineKind } from '../outbox-types';
import { useDayMeta, useDrafts, useOfflineBook } from '../use-offline';

/** The kinds a technician starts offline: inspection, maintenance, self-inspection (an expert report needs its PDF). */
const NEW_KINDS: OfflineKind[] = ['inspection', 'wartung', 'self'];

const recordPath = (tenant: string, localId: string) => screenPath('offline_record', { tenant, slug: localId });

/**
 * offline_book (/offline/{tenant}/{slug}): a book prepared for the road (decision 061), read from the device:
 * what it is, its last records and documents, what was recorded on this device, and the start of a new record.
 */
export function OfflineBookPage() {
  const { t } = useTranslation();
  const { tenant = '', slug = '' } = useParams();
  const book = useOfflineBook(slug);
  const meta = useDayMeta(tenant);

  if (book.isPending) return <PageLoader />;
  if (!book.data) {
    return (
      <Stack gap="md" maw={640}>
        <Alert
          color="orange"
          icon={<IconAlertTriangle size={18} />}
          title={t('offline.book.notPrepared')}
          data-testid="offline-book-missing"
        >
          {t('offline.book.notPreparedHint')}
        </Alert>
        <Group>
          <Button component={Link} to={screenPath('book_list', { tenant, slug })} variant="default">
            {t('offline.book.openOnline')}
          </Button>
        </Group>
      </Stack>
    );
  }
  const b = book.data;
  return (
    <Stack gap="md" maw={960}>
      <Anchor component={Link} to={screenPath('tenantStart', { slug: tenant })} size="sm">
        <Group gap={4}>
          <IconArrowLeft size={14} />
          {t('offline.book.back')}
        </Group>
      </Anchor>
      <div>
        <Group gap="sm" wrap="wrap">
          <Title order={2} data-testid="offline-book-title">
            {b.title}
          </Title>
          <AmpelBadge ampel={b.inspectionAmpel} date={b.nextInspectionDate} kind="inspection" />
        </Group>
        <Text c="dimmed" size="sm">
          {[b.customer, b.location, b.typ].filter(Boolean).join(' · ')}
        </Text>
        <Text size="sm">
          {b.nextInspectionDate
            ? t('offline.book.nextInspection', { date: formatDate(b.nextInspectionDate) })
            : t('offline.book.noNextInspection')}
        </Text>
        {meta.data ? (
          <Text size="xs" c="dimmed">
            {t('offline.book.prepared', { at: formatDateTime(meta.data.preparedAt) })}
          </Text>
        ) : null}
      </div>
      <NewRecord tenantId={tenant} book={b} />
      <OnDevice tenantId={tenant} book={b} />
      <LastRecords book={b} />
      <Documents book={b} />
    </Stack>
  );
}

function NewRecord({ tenantId, book }: { tenantId: string; book: OfflineBook }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { session } = useSession();
  const start = async (kind: OfflineKind) => {
    const draft = await saveDraft(
      newDraft(tenantId, session?.userId ?? '', book, kind, session?.friendlyUsername ?? ''),
    );
    navigate(recordPath(tenantId, draft.localId));
  };
  return (
    <Paper withBorder radius="md" p="sm">
      <Text fw={600} size="sm" mb="xs">
        {t('offline.book.record')}
      </Text>
      <Group gap="xs" wrap="wrap">
        {NEW_KINDS.map((kind) => (
          <Button
            key={kind}
            leftSection={<IconPlus size={16} />}
            variant={kind === 'inspection' ? 'filled' : 'default'}
            onClick={() => void start(kind)}
            data-testid={`offline-new-${kind}`}
          >
            {t(`inspections.kind.${kind}`)}
          </Button>
        ))}
      </Group>
    </Paper>
  );
}

function OnDevice({ tenantId, book }: { tenantId: string; book: OfflineBook }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { session } = useSession();
  const drafts = useDrafts(tenantId, book._id);
  const mine = drafts.data ?? [];
  // The server drafts of the prepared day not yet continued on this device.
  const continued = new Set(mine.map((d) => d.serverId).filter(Boolean));
  const serverDrafts = (book.drafts ?? []).filter((r) => !continued.has(r._id));
  const resume = async (record: OfflineBook['drafts'][number]) => {
    const draft = await saveDraft(draftFromRecord(tenantId, session?.userId ?? '', book, record));
    navigate(recordPath(tenantId, draft.localId));
  };
  return (
    <Paper withBorder radius="md" p="sm" data-testid="offline-on-device">
      <Text fw={600} size="sm" mb="xs">
        {t('offline.book.onDevice')}
      </Text>
      {mine.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('offline.book.onDeviceEmpty')}
        </Text>
      ) : (
        <Stack gap={6}>
          {mine.map((d) => (
            <Group key={d.localId} gap="sm" wrap="wrap" data-testid="offline-draft-row">
              <Anchor component={Link} to={recordPath(tenantId, d.localId)} size="sm">
                {t(`inspections.kind.${d.kind}`)} · {formatDate(d.fields.when)}
              </Anchor>
              <DraftStateBadge state={d.state} />
            </Group>
          ))}
        </Stack>
      )}
      {serverDrafts.length > 0 ? (
        <>
          <Text fw={600} size="sm" mt="md" mb="xs">
            {t('offline.book.serverDrafts')}
          </Text>
          <Stack gap={6}>
            {serverDrafts.map((r) => (
              <Group key={r._id} gap="sm" wrap="wrap">
                <Text size="sm">
                  {t(`inspections.kind.${r.kind}`)} · {formatDate(r.when)} · {r.who}
                </Text>
                <Button
                  size="compact-sm"
                  variant="light"
                  leftSection={<IconClipboardCheck size={14} />}
                  onClick={() => void resume(r)}
                  data-testid="offline-continue-draft"
                >
                  {t('offline.book.continue')}
                </Button>
              </Group>
            ))}
          </Stack>
        </>
      ) : null}
    </Paper>
  );
}

function LastRecords({ book }: { book: OfflineBook }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="sm">
      <Text fw={600} size="sm" mb="xs">
        {t('offline.book.lastRecords')}
      </Text>
      {book.records.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('offline.book.lastRecordsEmpty')}
        </Text>
      ) : (
        <Stack gap={6}>
          {book.records.map((r) => (
            <Group key={r._id} gap="xs" wrap="wrap" data-testid="offline-last-record">
              <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                {formatDate(r.when)}
              </Text>
              <Text size="sm">{t(`inspections.kind.${r.kind}`)}</Text>
              <Text size="sm" c="dimmed">
                {r.who}
              </Text>
              <Text size="sm" c={r.defects > 0 ? 'orange.8' : 'teal.8'}>
                {r.defects > 0 ? t('offline.book.defects', { count: r.defects }) : t('inspections.defects.none')}
              </Text>
            </Group>
          ))}
        </Stack>
      )}
    </Paper>
  );
}

function Documents({ book }: { book: OfflineBook }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="sm">
      <Text fw={600} size="sm">
        {t('offline.book.documents')}
      </Text>
      <Text size="xs" c="dimmed" mb="xs">
        {t('offline.book.documentsHint')}
      </Text>
      {book.documents.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('offline.book.documentsEmpty')}
        </Text>
      ) : (
        <Stack gap={4}>
          {book.documents.map((d) => (
            <Text key={d._id} size="sm">
              {d.fileName} · {formatBytes(d.size)} · {formatDate(d.createdAt)}
            </Text>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
