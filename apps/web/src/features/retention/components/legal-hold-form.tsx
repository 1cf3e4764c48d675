import { Button, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { legalHoldCreateSchema } from '@pruefbuch/domain/schemas/retention';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { applyServerErrors, useZodForm } from '@/lib/form';
import { notifySaveFailed, notifySuccess } from '@/lib/notify';
import { useCreateLegalHold } from '../api/create-legal-hold';

interface Values {
  customer: string;
  reason: string;
}

/** The reason as the API checks it; the customer is required unless the hold names a book. */
const reasonSchema = z.object({ reason: legalHoldCreateSchema.shape.reason });
const customerSchema = reasonSchema.extend({
  customer: z.string().trim().min(1, { error: 'validation.required' }).max(200, { error: 'validation.max' }),
});

/**
 * 'Sperre setzen': a legal hold on the given book, or (without one) on a customer's name as the books and
 * offers write it, with its reason (decision 059). A second hold on the same book or customer is refused.
 */
export function LegalHoldForm({
  tenantId,
  book,
  onClose,
}: {
  tenantId: string;
  book?: { id: string; title: string };
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const create = useCreateLegalHold();
  const form = useZodForm<Values>(book ? reasonSchema : customerSchema, {
    initialValues: { customer: '', reason: '' },
  });

  const submit = form.onSubmit(async ({ customer, reason }) => {
    try {
      await create.mutateAsync({
        tenantId,
        data: book ? { book: book.id, reason: reason.trim() } : { customer: customer.trim(), reason: reason.trim() },
      });
      notifySuccess({ text: t('retention.holds.set') });
      onClose();
    } catch (error) {
      if (!applyServerErrors(form, error)) notifySaveFailed(error);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('retention.holds.intro')}
        </Text>
        {book ? (
          <TextInput label={t('retention.holds.book')} value={book.title} readOnly variant="filled" />
        ) : (
          <TextInput
            {...form.getInputProps('customer')}
            label={t('retention.holds.customer')}
            description={t('retention.holds.customerHint')}
            withAsterisk
            data-autofocus
            data-testid="hold-customer"
          />
        )}
        <Textarea
          {...form.getInputProps('reason')}
          label={t('retention.holds.reason')}
          withAsterisk
          autosize
          minRows={2}
          maxRows={6}
          data-autofocus={book ? true : undefined}
          data-testid="hold-reason"
        />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose}>
            {t('common.actions.cancel')}
          </Button>
          <Button type="submit" loading={create.isPending} data-testid="hold-save">
            {t('retention.holds.add')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
