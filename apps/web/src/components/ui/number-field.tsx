import { NumberInput, type NumberInputProps } from '@mantine/core';

/** SPEC §5: a number input loses focus when the mouse wheel turns, so scrolling never changes a value. */
export function NumberField(props: NumberInputProps) {
  return (
    <NumberInput
      {...props}
      onWheel={(event) => {
        event.currentTarget.blur();
        props.onWheel?.(event);
      }}
    />
  );
}
