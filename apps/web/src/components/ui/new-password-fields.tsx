import { PasswordInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { PasswordStrengthInput } from './password-strength-input';

/** New password with strength meter plus its confirmation, used by the password change and the reset. */
export function NewPasswordFields({
  password,
  confirm,
  value,
  labels,
}: {
  password: GetInputPropsReturnType;
  confirm: GetInputPropsReturnType;
  value: string;
  labels: { password: string; confirm: string };
}) {
  return (
    <>
      <PasswordStrengthInput
        {...password}
        value={value}
        label={labels.password}
        autoComplete="new-password"
        withAsterisk
        data-testid="new-password"
      />
      <PasswordInput
        {...confirm}
        label={labels.confirm}
        autoComplete="new-password"
        withAsterisk
        data-testid="new-password-confirm"
      />
    </>
  );
}
