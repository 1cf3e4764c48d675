import { Badge, Box, Button, Group, Menu, Paper, Stack, Text, ThemeIcon, Title, UnstyledButton } from '@mantine/core';
import { canOpen, mayCall, type ScreenName } from '@pruefbuch/domain/access';
import type { BookDto } from '@pruefbuch/domain/schemas/book';
import type { InspectionKind, InspectionListItem } from '@pruefbuch/domain/schemas/inspection';
import {
  IconCertificate,
  IconChecklist,
  IconChevronDown,
  IconChevronRight,
  IconClipboardCheck,
  IconFileTypePdf,
  IconPlus,
  IconTool,
  IconUpload,
  IconUserCheck,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadError } from '@/components/ui/load-error';
import { errorText } from '@/lib/errors';
import { formatDate } from '@/lib/format';
import { notifyError } from '@/lib/notify';
import { principalOf, useSession } from '@/lib/session';
import { pdfPaths, useDownloadPdf } from '../api/download-pdf';
import { useBookRecords } from '../api/get-book-records';
import { worstSeverity } from '../inspection-form';
import { newRecordPath, recordPath, SCREEN_OF_KIND, uploadReportPath } from '../record-paths';
import { RecordStatusBadge } from './record-status-badge';
import { DefectSummaryBadge } from './severity-badge';

const KIND_ICON: Record<InspectionKind, typeof IconClipboardCheck> = {
  inspection: IconClipboardCheck,
  wartung: IconTool,
  gutachten: IconCertificate,
  self: IconUserCheck,
};
const KIND_COLOR: Record<InspectionKind, string> = {
  inspection: 'blue',
  wartung: 'grape',
  gutachten: 'indigo',
  self: 'cyan',
};

interface NewAction {
  key: string;
  label: string;
  to: string;
  icon: ReactNode;
  testId: string;
}

/**
 * The records of a book on its page (inspections, maintenance, expert reports, self-inspections; newest
 * first, a page at a time) with the buttons for new ones the user's role allows, and the book's PDFs.
 */
export function BookRecordsCard({ tenantId, dto }: { tenantId: string; dto: BookDto }) {
  const { t } = useTranslation();
  const { session } = useSession();
  const principal = session ? principalOf(session) : null;
  const book = dto.book;
  const may = (access: Parameters<typeof mayCall>[0]) => !!principal && mayCall(access, principal);
  const mayScreen = (screen: ScreenName) => canOpen(screen, principal);
  const records = useBookRecords(tenantId, book._id, may('inspections:read'));
  const loaded = records.data?.pages.flatMap((page) => page.docs);
  const total = records.data?.pages[0]?.total ?? 0;
  const pdf = useDownloadPdf();

  // A retired book takes no new records (decision 059): admins only read it.
  const staff = may('inspections:write') && !book.retiredAt;
  const selfAllowed = may('selfinspections:write') && !book.retiredAt;
  const candidates: (NewAction & { allowed: boolean })[] = [
    {
      key: 'inspection',
      allowed: staff && mayScreen('inspection'),
      label: t('inspections.new.inspection'),
      icon: <IconClipboardCheck size={18} />,
      testId: 'new-inspection',
      to: newRecordPath('inspection', tenantId, book._id),
    },
    {
      key: 'wartung',
      allowed: staff && mayScreen('inspection_wartung'),
      label: t('inspections.new.wartung'),
      icon: <IconTool size={18} />,
      testId: 'new-wartung',
      to: newRecordPath('wartung', tenantId, book._id),
    },
    {
      key: 'gutachten',
      allowed: staff && mayScreen('inspection_pruefgutachten'),
      label: t('inspections.new.gutachten'),
      icon: <IconCertificate size={18} />,
      testId: 'new-gutachten',
      to: newRecordPath('gutachten', tenantId, book._id),
    },
    {
      key: 'upload',
      allowed: staff && mayScreen('inspection_pruefgutachten_upload_existing'),
      label: t('inspections.new.upload'),
      icon: <IconUpload size={18} />,
      testId: 'new-upload',
      to: uploadReportPath(tenantId, book._id),
    },
    {
      key: 'self',
      allowed: selfAllowed && mayScreen('selfinspection'),
      label: t('inspections.new.self'),
      icon: <IconUserCheck size={18} />,
      testId: 'new-self',
      to: newRecordPath('self', tenantId, book._id),
    },
  ];
  const actions: NewAction[] = candidates.filter((c) => c.allowed);

  const save = (path: string, fallbackName: string) =>
    pdf.mutate(
      { tenantId, path, fallbackName },
      { onError: (error) => notifyError(errorText(t, error), t('inspections.pdf.failed')) },
    );

  if (!may('inspections:read')) return null;

  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      data-testid="records-card"
      aria-labelledby="records-title"
    >
      <Stack gap="md">
        <Group justify="space-between" gap="sm">
          <Group gap="xs" align="baseline">
            <Title order={3} size="h4" id="records-title">
              {t('inspections.book.title')}
            </Title>
            {total > 0 ? (
              <Text size="sm" c="dimmed" data-testid="records-total">
                {t('inspections.book.total', { count: total })}
              </Text>
            ) : null}
          </Group>
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <Button
                variant="default"
                leftSection={<IconFileTypePdf size={18} />}
                rightSection={<IconChevronDown size={16} />}
                loading={pdf.isPending}
                data-testid="book-pdf-menu"
              >
                {t('inspections.pdf.menu')}
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item
                leftSection={<IconFileTypePdf size={16} />}
                onClick={() => save(pdfPaths.bookExport(book._id), 'pruefbuch.pdf')}
                data-testid="pdf-book"
              >
                {t('inspections.pdf.book')}
              </Menu.Item>
              <Menu.Item
                leftSection={<IconFileTypePdf size={16} />}
                onClick={() => save(pdfPaths.bookShrink(book._id), 'pruefbuch-kurz.pdf')}
                data-testid="pdf-shrink"
              >
                {t('inspections.pdf.shrink')}
              </Menu.Item>
              <Menu.Item
                leftSection={<IconChecklist size={16} />}
                onClick={() => save(pdfPaths.preInspection(book._id), 'checkliste.pdf')}
                data-testid="pdf-checklist"
              >
                {t('inspections.pdf.checklist')}
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Group>

        {actions.length > 0 ? (
          <Group gap="xs">
            {actions.map((a, i) => (
              <NewButton key={a.key} action={a} primary={i === 0} />
            ))}
          </Group>
        ) : null}

        {records.isError ? <LoadError error={records.error} onRetry={() => void records.refetch()} /> : null}
        {loaded && loaded.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('inspections.book.empty')}
          </Text>
        ) : null}
        {loaded && loaded.length > 0 ? (
          <Stack
            gap={0}
            component="ul"
            style={{ listStyle: 'none', margin: 0, padding: 0 }}
            aria-labelledby="records-title"
          >
            {loaded.map((record, index) => (
              <Box
                component="li"
                key={record._id}
                style={{ borderTop: index === 0 ? undefined : '1px solid var(--mantine-color-gray-3)' }}
              >
                <RecordRow
                  record={record}
                  tenantId={tenantId}
                  linked={canOpen(SCREEN_OF_KIND[record.kind], principal)}
                />
              </Box>
            ))}
          </Stack>
        ) : null}
        {records.hasNextPage ? (
          <Group justify="center">
            <Button
              variant="subtle"
              onClick={() => void records.fetchNextPage()}
              loading={records.isFetchingNextPage}
              data-testid="records-more"
            >
              {t('inspections.book.more', { count: total - (loaded?.length ?? 0) })}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}

function NewButton({ action, primary = false }: { action: NewAction; primary?: boolean }) {
  return (
    <Button
      component={Link}
      to={action.to}
      variant={primary ? 'filled' : 'light'}
      leftSection={primary ? <IconPlus size={18} /> : action.icon}
      data-testid={action.testId}
    >
      {action.label}
    </Button>
  );
}

/** One record: kind, date, who, status and its open defects with the worst severity. */
function RecordRow({ record, tenantId, linked }: { record: InspectionListItem; tenantId: string; linked: boolean }) {
  const { t } = useTranslation();
  const Icon = KIND_ICON[record.kind];
  const open = record.defects.filter((d) => !d.resolved);
  const kindLabel =
    record.kind === 'gutachten' && record.isAbnahmeGutachten
      ? t('inspections.kind.abnahme')
      : t(`inspections.kind.${record.kind}`);
  const content = (
    <Group gap="sm" wrap="nowrap" py="sm" px={4} align="center">
      <ThemeIcon variant="light" color={KIND_COLOR[record.kind]} size="lg" radius="md">
        <Icon size={20} />
      </ThemeIcon>
      <Box style={{ flex: 1, minWidth: 0 }}>
        <Group gap="xs" wrap="wrap">
          <Text fw={600} size="sm">
            {kindLabel}
          </Text>
          <Text size="sm">{formatDate(record.when)}</Text>
          {record.report ? (
            <Badge variant="outline" color="gray" tt="none" size="sm">
              {t('inspections.book.uploaded')}
            </Badge>
          ) : null}
        </Group>
        <Group gap={6} mt={4} wrap="wrap">
          <RecordStatusBadge record={record} />
          <DefectSummaryBadge count={open.length} worst={worstSeverity(open)} />
          {record.who ? (
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {record.who}
            </Text>
          ) : null}
        </Group>
      </Box>
      {linked ? <IconChevronRight size={18} color="var(--mantine-color-gray-6)" aria-hidden /> : null}
    </Group>
  );
  if (!linked) return <div data-testid="record-row">{content}</div>;
  return (
    <UnstyledButton
      component={Link}
      to={recordPath(record.kind, { tenant: tenantId, book: record.book, slug: record._id })}
      style={{ display: 'block', borderRadius: 'var(--mantine-radius-sm)' }}
      data-testid="record-row"
    >
      {content}
    </UnstyledButton>
  );
}
