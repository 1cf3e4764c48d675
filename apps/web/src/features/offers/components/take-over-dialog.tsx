import { Alert, Button, Group, Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import { Department } from '@pruefbuch/domain/roles';
import { MAIL_MESSAGE_MAX } from '@pruefbuch/domain/rules/mail-limits';
import { TAKE_OVER_DEPARTMENTS } from '@pruefbuch/domain/rules/order-take-over';
import type { Order } from '@pruefbuch/domain/schemas/order';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EntityLoad } from '@/components/ui/entity-editor/entity-load';
import { useOrderFromOffer, useTakeOverProposal } from '@/features/orders';
import { dialogErrorsOf } from '@/lib/form';
import { departmentLabel, userOptions } from '@/lib/user-options';
import type { OfferUser } from '../api/get-offer-users';

/**
 * 'In Auftragsabwicklung übernehmen' (decision 049): the receiving department and the OPM, as proposed by the
 * server and changeable, a message for the department's mail, and the AB-Nr the order will get.
 */
export function TakeOverDialog({
  offerId,
  opened,
  users,
  beforeTakeOver,
  onClose,
  onDone,
}: {
  offerId: string;
  opened: boolean;
  users: readonly OfferUser[];
  /** Saves what is typed first; false stops the take-over. */
  beforeTakeOver: () => Promise<boolean>;
  onClose: () => void;
  onDone: (order: Order) => void;
}) {
  const { t } = useTranslation();
  const proposal = useTakeOverProposal(offerId, opened);
  const takeOver = useOrderFromOffer();
  const [department, setDepartment] = useState<string | null>(null);
  const [opmUser, setOpmUser] = useState<string | null>(null);
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  // The proposal fills the fields once it arrives (each time the dialog opens).
  useEffect(() => {
    if (!proposal.data) return;
    setDepartment(String(proposal.data.department));
    setOpmUser(proposal.data.opmUser);
  }, [proposal.data]);

  const submit = async () => {
    setErrors({});
    if (!(await beforeTakeOver())) return;
    try {
      const order = await takeOver.mutateAsync({
        offerId,
        body: {
          ...(department ? { department: Number(department) } : {}),
          ...(opmUser ? { opmUser } : {}),
          ...(message.trim() ? { message: message.trim() } : {}),
        },
      });
      onDone(order);
    } catch (error) {
      // A field's reason stays under the field (an OPM who left meanwhile), anything else above the buttons.
      setErrors(dialogErrorsOf(t, error));
    }
  };

  const departmentData = TAKE_OVER_DEPARTMENTS.map((d) => ({ value: String(d), label: departmentLabel(t, d) }));
  return (
    <Modal opened={opened} onClose={onClose} title={t('offers.takeOver.title')} size="lg">
      <EntityLoad query={proposal}>
        {(proposed) => (
          <Stack gap="md">
            <Select
              label={t('offers.takeOver.department')}
              description={t('offers.takeOver.departmentHint')}
              data={departmentData}
              value={department}
              onChange={setDepartment}
              allowDeselect={false}
              required
              comboboxProps={{ withinPortal: true }}
              error={errors.department}
              data-testid="take-over-department"
            />
            <Select
              label={t('offers.takeOver.opm')}
              description={t('offers.takeOver.opmHint')}
              data={userOptions(t, users, Department.OPM)}
              value={opmUser}
              onChange={setOpmUser}
              searchable
              required
              nothingFoundMessage={t('offers.editor.noMatch')}
              comboboxProps={{ withinPortal: true }}
              error={errors.opmUser}
              data-testid="take-over-opm"
            />
            <Textarea
              label={t('offers.takeOver.message')}
              value={message}
              onChange={(e) => setMessage(e.currentTarget.value)}
              autosize
              minRows={2}
              maxLength={MAIL_MESSAGE_MAX}
              error={errors.message}
              data-testid="take-over-message"
            />
            <Text size="sm" c="dimmed" data-testid="take-over-number">
              {t('offers.takeOver.number', { abnr: proposed.abnr })}
            </Text>
            {errors[''] ? <Alert color="red">{errors['']}</Alert> : null}
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                {t('common.actions.cancel')}
              </Button>
              <Button
                color="teal"
                onClick={() => void submit()}
                disabled={!department || !opmUser}
                loading={takeOver.isPending}
                data-testid="take-over-confirm"
              >
                {t('offers.takeOver.confirm')}
              </Button>
            </Group>
          </Stack>
        )}
      </EntityLoad>
    </Modal>
  );
}
