import { Paper, type PaperProps } from '@mantine/core';
import { type ReactNode, useState } from 'react';

/**
 * A dashed area that takes a file dropped onto it; the picking itself is a button inside (a file
 * input underneath, so keyboards and phones work). Shared by the PDF upload and the branch import.
 */
export function FileDropArea({
  onDrop,
  disabled,
  invalid,
  children,
  ...paper
}: {
  onDrop: (file: File) => void;
  disabled?: boolean;
  /** Marks the border red (a refused file, a missing one). */
  invalid?: boolean;
  children: ReactNode;
} & Omit<PaperProps, 'onDrop'> & { 'data-testid'?: string }) {
  const [over, setOver] = useState(false);
  return (
    <Paper
      withBorder
      radius="md"
      {...paper}
      onDragOver={(event) => {
        event.preventDefault();
        if (!disabled) setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(event) => {
        event.preventDefault();
        setOver(false);
        const dropped = event.dataTransfer.files[0];
        if (!disabled && dropped) onDrop(dropped);
      }}
      style={{
        borderStyle: 'dashed',
        borderWidth: 2,
        borderColor: invalid
          ? 'var(--mantine-color-red-6)'
          : over
            ? 'var(--mantine-color-blue-6)'
            : 'var(--mantine-color-gray-4)',
        background: over ? 'var(--mantine-color-blue-0)' : undefined,
      }}
    >
      {children}
    </Paper>
  );
}
