import { CHECK_RESULTS, type CheckResult } from '@pruefbuch/domain/schemas/inspection';
import { useTranslation } from 'react-i18next';
import { Segments } from './segments';

const RESULT_COLOR: Record<CheckResult, string> = { ok: 'teal', defect: 'red', na: 'gray' };

type Labelled = { 'aria-label': string } | { 'aria-labelledby': string };

/**
 * One checklist item's answer (in Ordnung / Mangel / Entfällt), the same in the record editor and in the
 * form of a record made offline: full width and large enough to hit on site, with gloves, and the choice in
 * colour (green, red, grey) so it reads in sunlight.
 */
export function CheckResultControl({
  value,
  onChange,
  readOnly,
  ...label
}: { value: CheckResult | null; onChange: (result: CheckResult) => void; readOnly: boolean } & Labelled) {
  const { t } = useTranslation();
  return (
    <Segments<CheckResult>
      data={CHECK_RESULTS.map((result) => ({ value: result, label: t(`checklists.results.${result}`) }))}
      value={value}
      onChange={onChange}
      readOnly={readOnly}
      color={value ? RESULT_COLOR[value] : undefined}
      size="md"
      style={{ flex: '1 1 300px', maxWidth: 420 }}
      fullWidth
      {...label}
    />
  );
}
