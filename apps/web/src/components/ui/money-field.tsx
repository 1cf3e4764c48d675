import type { NumberInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NumberField } from './number-field';

/**
 * An amount in euros with cents (SPEC §9): the decimal comma and the thousands point in German, point and
 * comma in English; empty is null, never 0.
 */
export function MoneyField({
  value,
  onChange,
  ...props
}: Omit<NumberInputProps, 'value' | 'onChange'> & {
  value: number | null | undefined;
  onChange: (value: number | null) => void;
}) {
  const { i18n } = useTranslation();
  const de = i18n.language !== 'en';
  return (
    <NumberField
      decimalScale={2}
      fixedDecimalScale
      allowNegative={false}
      decimalSeparator={de ? ',' : '.'}
      thousandSeparator={de ? '.' : ','}
      allowedDecimalSeparators={de ? [','] : ['.']}
      hideControls
      rightSection="€"
      rightSectionPointerEvents="none"
      inputMode="decimal"
      {...props}
      value={value ?? ''}
      onChange={(next) => {
        if (next === '' || next === null || next === undefined) onChange(null);
        else {
          const n = typeof next === 'number' ? next : Number(next);
          onChange(Number.isFinite(n) ? n : null);
        }
      }}
    />
  );
}
