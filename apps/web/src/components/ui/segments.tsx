import { VisuallyHidden } from '@mantine/core';
import { type CSSProperties, type ReactNode, useId } from 'react';
import classes from './segments.module.css';

export interface Segment<T extends string> {
  value: T;
  label: ReactNode;
  disabled?: boolean;
  /** A longer name for readers and the tooltip, where the label is short ('DE' for 'Deutsch'). */
  title?: string;
}

/** A radio group needs a name: its own text, or the id of the text that names it. */
type Named =
  | { 'aria-label': string; 'aria-labelledby'?: string }
  | { 'aria-label'?: string; 'aria-labelledby': string };

export type SegmentsProps<T extends string> = SegmentsOptions<T> & Named;

interface SegmentsOptions<T extends string> {
  data: readonly (Segment<T> | T)[];
  /** The chosen value; null or '' chooses none. */
  value: T | null | '';
  onChange: (value: T) => void;
  /** Shown as chosen, not changed: a signed or finalized record. */
  readOnly?: boolean;
  disabled?: boolean;
  /** A Mantine colour the chosen segment is filled with ('teal', 'red'); without it the chosen one is white. */
  color?: string;
  size?: 'xs' | 'sm' | 'md';
  /** The pill's corners: 'md' (a form's control) or 'xl' (round, as the header's language switch). */
  radius?: 'md' | 'xl';
  fullWidth?: boolean;
  /** The radios' group name; one of its own per control when not given. */
  name?: string;
  className?: string;
  style?: CSSProperties;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean;
  'data-testid'?: string;
}

/**
 * A choice of a few values side by side (a segmented control), used for every such choice in the app: a radio group
 * whose labels are the segments. Mantine's SegmentedControl measures the page for its floating indicator
 * (getBoundingClientRect, getComputedStyle) on mount and on every change, which forces a layout of the whole page;
 * with one per checklist item a record forced dozens. Here the chosen segment is styled by an attribute set from the
 * value: no measuring, no layout of our own (decision 070). The radios give one tab stop, the arrow keys and the checked state to readers.
 */
export function Segments<T extends string>({
  data,
  value,
  onChange,
  readOnly = false,
  disabled = false,
  color,
  size = 'sm',
  radius = 'md',
  fullWidth = false,
  name,
  className,
  style,
  ...rest
}: SegmentsProps<T>) {
  const ownName = useId();
  const group = name ?? ownName;
  const segments = data.map((d): Segment<T> => (typeof d === 'string' ? { value: d, label: d } : d));
  const vars = {
    '--segments-radius': `var(--mantine-radius-${radius})`,
    ...(color
      ? { '--segments-active-bg': `var(--mantine-color-${color}-filled)`, '--segments-active-color': 'white' }
      : {}),
  };
  return (
    <div
      role="radiogroup"
      aria-readonly={readOnly || undefined}
      aria-disabled={disabled || undefined}
      className={className ? `${classes.root} ${className}` : classes.root}
      data-size={size}
      data-full-width={fullWidth || undefined}
      data-read-only={readOnly || undefined}
      style={{ ...vars, ...style } as CSSProperties}
      {...rest}
    >
      {segments.map((s) => (
        <label
          key={s.value}
          className={classes.segment}
          title={s.title}
          // The chosen one, for the styles: `:has(:checked)` is not in every browser the app supports (Firefox < 121).
          data-checked={s.value === value || undefined}
          data-disabled={disabled || s.disabled || undefined}
        >
          <input
            type="radio"
            name={group}
            value={s.value}
            checked={s.value === value}
            disabled={disabled || s.disabled}
            // A controlled radio: a change that is not taken (read-only) is undone by the next render.
            onChange={() => {
              if (!readOnly) onChange(s.value);
            }}
            // The visible text first in the spoken name ('EN – English'), as WCAG 2.5.3 asks.
            aria-label={s.title && (typeof s.label === 'string' ? `${s.label} – ${s.title}` : s.title)}
            className={VisuallyHidden.classes.root}
          />
          {s.label}
        </label>
      ))}
    </div>
  );
}
