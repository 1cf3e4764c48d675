import { Alert, Anchor, Badge, Button, Code, Group, Loader, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { SealProblemDto } from '@pruefbuch/domain/schemas/record-seal';
import { IconAlertTriangle, IconRefresh, IconShieldCheck } from '@tabler/icons-react';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '@/components/ui/load-error';
import { formatDate, formatDateTime } from '@/lib/format';
import { appHistory } from '@/lib/history';
import { useBookVerification } from '../api/verify-book';
import { recordPath } from '../record-paths';

const KIND_COLOR: Record<SealProblemDto['kind'], string> = {
  dataChanged: 'red',
  chainBroken: 'red',
  pdfChanged: 'orange',
  pdfMissing: 'orange',
};

/** One problem: the record it names (a link while it is there), what kind of change, and what was found. */
function ProblemRow({ tenantId, bookId, problem }: { tenantId: string; bookId: string; problem: SealProblemDto }) {
  const { t } = useTranslation();
  const r = problem.record;
  const label = r
    ? t('seals.record', { kind: t(`inspections.kind.${r.kind}`), date: formatDate(r.when) })
    : problem.recordId
      ? t('seals.recordGone', { id: problem.recordId.slice(0, 8) })
      : t('seals.bookPdf');
  // The dialog host is outside the router: the link closes the dialog and goes through the app's history.
  const href =
    r && problem.recordId
      ? `/app${recordPath(r.kind, { tenant: tenantId, book: bookId, slug: problem.recordId })}`
      : '';
  const open = (e: MouseEvent) => {
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey) return;
    e.preventDefault();
    modals.closeAll();
    appHistory.push(href);
  };
  return (
    <Stack gap={2} data-testid="verify-problem" data-record={problem.recordId ?? ''} data-kind={problem.kind}>
      <Group gap="xs" wrap="wrap">
        {r && problem.recordId ? (
          <Anchor href={href} onClick={open} fw={600}>
            {label}
          </Anchor>
        ) : (
          <Text fw={600}>{label}</Text>
        )}
        <Badge color={KIND_COLOR[problem.kind]} variant="light">
          {t(`seals.kind.${problem.kind}`)}
        </Badge>
        {problem.seq ? (
          <Text size="xs" c="dimmed">
            {t('seals.seq', { seq: problem.seq })}
          </Text>
        ) : null}
      </Group>
      <Text size="sm">
        {t(`seals.reason.${problem.reason}`)}
        {problem.pdf ? ` (${problem.pdf.fileName})` : ''}
      </Text>
    </Stack>
  );
}

/**
 * The check of a book's sealed records and stored PDFs (decision 057), in the dialog of the book menu's
 * 'Prüfen': 'Unverändert seit Abschluss', or each record changed behind the application with what was found.
 */
export function BookVerification({ tenantId, bookId }: { tenantId: string; bookId: string }) {
  const { t } = useTranslation();
  const check = useBookVerification(tenantId, bookId);
  // While checking again, the last answer stays (the button under the pointer must not vanish mid-click).
  if (check.isPending) {
    return (
      <Group gap="sm" py="md" data-testid="verify-running">
        <Loader size="sm" />
        <Text>{t('seals.checking')}</Text>
      </Group>
    );
  }
  if (check.isError) return <LoadError error={check.error} onRetry={() => void check.refetch()} />;
  const r = check.data;
  return (
    <Stack
      gap="md"
      data-testid="verify-result"
      data-ok={r.ok ? 'true' : 'false'}
      data-checking={check.isFetching ? 'true' : 'false'}
      style={{ opacity: check.isFetching ? 0.6 : 1 }}
    >
      <Text size="sm" c="dimmed">
        {t('seals.intro')}
      </Text>
      {r.ok ? (
        <Alert color="green" icon={<IconShieldCheck size={20} />} title={t('seals.ok')} data-testid="verify-ok">
          <Stack gap={4}>
            <Text size="sm">{r.records ? t('seals.okDetail', { count: r.records }) : t('seals.empty')}</Text>
            {r.pdfs ? <Text size="sm">{t('seals.pdfs', { count: r.pdfs })}</Text> : null}
          </Stack>
        </Alert>
      ) : (
        <Alert
          color="red"
          icon={<IconAlertTriangle size={20} />}
          title={t('seals.problems', { count: r.problems.length })}
          data-testid="verify-problems"
        >
          <Stack gap="sm">
            <Text size="sm">{t('seals.problemsDetail')}</Text>
            {r.problems.map((p) => (
              <ProblemRow
                key={`${p.recordId}-${p.reason}-${p.pdf?._id ?? ''}`}
                tenantId={tenantId}
                bookId={bookId}
                problem={p}
              />
            ))}
          </Stack>
        </Alert>
      )}
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Stack gap={2}>
          {r.head ? (
            <Text size="xs" c="dimmed">
              {t('seals.head', { seq: r.head.seq })}
              <Code fz="xs">{r.head.hash.slice(0, 16)}…</Code>
            </Text>
          ) : null}
          <Text size="xs" c="dimmed">
            {t('seals.checkedAt', { date: formatDateTime(r.checkedAt) })}
          </Text>
        </Stack>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconRefresh size={14} />}
          loading={check.isFetching}
          onClick={() => void check.refetch()}
          data-testid="verify-again"
        >
          {t('seals.again')}
        </Button>
      </Group>
    </Stack>
  );
}
