import { Button, Group, Paper, Select } from '@mantine/core';
import { IconRestore } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DateField } from '@/components/ui/date-field';
import { DEPARTMENTS } from '@/lib/evaluation-filters';

/**
 * The range (from, to) and the department of the evaluation; 'Letzte 12 Monate' goes back to the
 * default. `ns` is the namespace of the texts: the offer and the operations evaluation both use this form.
 */
export function EvaluationFilters({
  from,
  to,
  department,
  isDefault,
  onChange,
  onReset,
  ns = 'offerevaluation',
}: {
  from: string;
  to: string;
  department: number | undefined;
  isDefault: boolean;
  onChange: (changes: { from?: string; to?: string; department?: string | null }) => void;
  onReset: () => void;
  ns?: 'offerevaluation' | 'opevaluation';
}) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} aria-label={t(`${ns}.filters.label`)}>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <DateField
          label={t(`${ns}.filters.from`)}
          value={from}
          onChange={(value) => value && onChange({ from: value })}
          clearable={false}
          w={{ base: 'calc(50% - var(--mantine-spacing-sm) / 2)', xs: 160 }}
          data-testid="evaluation-from"
        />
        <DateField
          label={t(`${ns}.filters.to`)}
          value={to}
          onChange={(value) => value && onChange({ to: value })}
          clearable={false}
          w={{ base: 'calc(50% - var(--mantine-spacing-sm) / 2)', xs: 160 }}
          data-testid="evaluation-to"
        />
        <Select
          label={t(`${ns}.filters.department`)}
          data={[
            { value: '', label: t(`${ns}.filters.allDepartments`) },
            ...DEPARTMENTS.map((d) => ({ value: String(d.value), label: t(d.label) })),
          ]}
          value={department === undefined ? '' : String(department)}
          onChange={(value) => onChange({ department: value || null })}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          w={{ base: '100%', xs: 280 }}
          data-testid="evaluation-department"
        />
        {isDefault ? null : (
          <Button variant="subtle" leftSection={<IconRestore size={16} />} onClick={onReset}>
            {t(`${ns}.filters.reset`)}
          </Button>
        )}
      </Group>
    </Paper>
  );
}
