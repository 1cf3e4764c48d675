import { Paper, Stack, Text, Title } from '@mantine/core';
import type { EmployeeTimeReply } from '@pruefbuch/domain/schemas/capacity';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@/lib/format';
import type { Range } from '../api/keys';
import { dateRanges } from '../capacity-format';
import { LoadFailed } from './load-failed';

/** Who is away in the week or month shown, with the days (joined into ranges) and the note. */
export function AbsenceList({
  range,
  reply,
  error,
  onRetry,
}: {
  range: Range;
  reply: EmployeeTimeReply | undefined;
  error: unknown;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  const people = new Map<string, { name: string; notes: Set<string>; dates: string[] }>();
  for (const day of reply?.days ?? []) {
    for (const a of day.absent) {
      const entry = people.get(a.employeeId) ?? { name: a.name, notes: new Set<string>(), dates: [] };
      entry.dates.push(day.date);
      if (a.bemerkung) entry.notes.add(a.bemerkung);
      people.set(a.employeeId, entry);
    }
  }
  const rows = [...people.entries()].sort((a, b) => a[1].name.localeCompare(b[1].name));
  return (
    <Paper withBorder radius="md" p="sm" component="section" aria-labelledby="absences-title" data-testid="absences">
      <Stack gap="xs">
        <Title order={2} size="h5" id="absences-title">
          {t('capacity.absences.title')}{' '}
          <Text span size="sm" c="dimmed" fw={400}>
            {t(`capacity.absences.${range}`)}
          </Text>
        </Title>
        {error ? <LoadFailed error={error} onRetry={onRetry} /> : null}
        {reply && rows.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('capacity.absences.empty')}
          </Text>
        ) : null}
        {rows.map(([id, p]) => (
          <div key={id} data-testid="absence">
            <Text size="sm" fw={600}>
              {p.name}
            </Text>
            <Text size="xs" c="dimmed">
              {dateRanges(p.dates)
                .map((r) =>
                  r.from === r.to
                    ? formatDate(r.from)
                    : t('capacity.absences.days', { from: formatDate(r.from), to: formatDate(r.to) }),
                )
                .join(', ')}
              {p.notes.size ? ` · ${[...p.notes].join(', ')}` : ''}
            </Text>
          </div>
        ))}
      </Stack>
    </Paper>
  );
}
