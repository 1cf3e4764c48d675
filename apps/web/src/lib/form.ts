/**
 * Mantine form + the domain's Zod schemas. Errors are kept as i18n keys and translated when the input is
 * rendered, so they follow a language switch; server 400 details land under the same fields.
 */
import { type FormErrors, type UseFormInput, type UseFormReturnType, useForm } from '@mantine/form';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { isApiError } from './api-client';
import { errorText } from './errors';
import { i18n, translateMessage } from './i18n';

/** Zod issues that a schema does not name a key for get a generic one. */
function fallbackKey(issue: { code: string }): string {
  if (issue.code === 'too_big') return 'validation.max';
  if (issue.code === 'too_small') return 'validation.min';
  return 'validation.invalid';
}

/** A synchronous resolver: issue.path → field path, issue.message (an i18n key) → the field's error. */
export function zodResolver(schema: z.ZodType) {
  return (values: unknown): FormErrors => {
    const result = schema.safeParse(values, { error: fallbackKey });
    if (result.success) return {};
    const errors: FormErrors = {};
    for (const issue of result.error.issues) {
      const path = issue.path.map(String).join('.');
      if (!(path in errors)) errors[path] = issue.message;
    }
    return errors;
  };
}

export function useZodForm<Values extends object>(
  schema: z.ZodType,
  input: Omit<UseFormInput<Values>, 'validate' | 'mode'> & { initialValues: Values },
): UseFormReturnType<Values> {
  const { t } = useTranslation();
  const form = useForm<Values>({
    mode: 'controlled',
    validateInputOnBlur: true,
    ...input,
    validate: zodResolver(schema),
    enhanceGetInputProps: ({ inputProps }) =>
      typeof inputProps.error === 'string' ? { error: translateMessage(t, inputProps.error) } : undefined,
  });
  // On a long form (a phone) the first field with an error may be out of sight: focus it.
  const onSubmit: typeof form.onSubmit = (handleSubmit, handleValidationFailure) =>
    form.onSubmit(handleSubmit, (errors, values, event) => {
      const first = Object.keys(errors)[0];
      if (first) form.getInputNode(first as never)?.focus();
      handleValidationFailure?.(errors, values, event);
    });
  return { ...form, onSubmit };
}

/**
 * The reasons of a refused write for a dialog's own fields, translated, by field path; a refusal that names no
 * field is under '' (shown above the dialog's buttons).
 */
export function dialogErrorsOf(t: TFunction, error: unknown): Record<string, string> {
  const found: Record<string, string> = {};
  const atFields = applyServerErrors(
    {
      setErrors: (e) => Object.assign(found, Object.fromEntries(Object.entries(e).map(([k, v]) => [k, t(String(v))]))),
    },
    error,
  );
  return atFields ? found : { '': errorText(t, error) };
}

/**
 * Puts the field-level reasons of a 400 reply under the form's fields. Returns true when at least one
 * field error was set, so the caller can skip a generic toast.
 */
export function applyServerErrors(form: Pick<UseFormReturnType<never>, 'setErrors'>, error: unknown): boolean {
  if (!isApiError(error) || error.details.length === 0) return false;
  const errors: FormErrors = {};
  for (const detail of error.details) {
    if (!detail.field || detail.field in errors) continue;
    // Keys without parameters stay keys (re-translated on a language switch); with parameters they are filled now.
    errors[detail.field] = detail.params
      ? translateMessage(i18n.t, detail.key, detail.params)
      : detail.key || detail.message;
  }
  form.setErrors(errors);
  return Object.keys(errors).length > 0;
}
