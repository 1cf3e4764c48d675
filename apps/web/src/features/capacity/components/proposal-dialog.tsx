import { Alert, Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import type { RequiredTimeItem, WorkArea } from '@pruefbuch/domain/schemas/capacity';
import { WORK_AREAS } from '@pruefbuch/domain/schemas/capacity';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '@/components/ui/page-loader';
import { Segments } from '@/components/ui/segments';
import { formatMinutes, formatPercent, formatWeekdayDate } from '@/lib/format';
import { notifySuccess } from '@/lib/notify';
import { useProposal } from '../api/get-proposal';
import { useSaveCapacityByOrder } from '../api/save-capacity-by-order';
import { notifyPlanFailed } from '../plan-errors';
import { LoadFailed } from './load-failed';

/** 'Einplanen vorschlagen': the server's proposal for an order (nothing saved yet); 'Übernehmen' plans it. */
export function ProposalDialog({ item, onClose }: { item: RequiredTimeItem | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={!!item}
      onClose={onClose}
      title={item ? t('capacity.proposal.title', { abnr: item.abnr || '–' }) : ''}
      size="lg"
    >
      {item ? <ProposalBody key={item.orderId} item={item} onClose={onClose} /> : null}
    </Modal>
  );
}

function ProposalBody({ item, onClose }: { item: RequiredTimeItem; onClose: () => void }) {
  const { t } = useTranslation();
  const [direction, setDirection] = useState<'backward' | 'forward' | null>(null);
  const proposal = useProposal(item.orderId, direction);
  const save = useSaveCapacityByOrder();
  const reply = proposal.data;
  const overloaded = new Set(reply?.overloads.map((o) => `${o.date}|${o.area}`));
  const unplaced = reply ? WORK_AREAS.filter((a) => (reply.unplaced[a] ?? 0) > 0) : [];
  const day = (date: string) => formatWeekdayDate(date);
  // Why backward is not offered: the server's reason once it has answered, before that the missing date.
  const blocked = reply ? reply.backwardBlocked : item.geplanteMontage ? null : 'noInstallationDate';
  const area = (a: WorkArea) => t(`capacity.areas.${a}`);

  const apply = () => {
    if (!reply) return;
    save.mutate(
      { orderId: item.orderId, slots: reply.slots, expected: reply.basis },
      {
        onSuccess: () => {
          notifySuccess({ text: t('capacity.planned') });
          onClose();
        },
        onError: notifyPlanFailed,
      },
    );
  };

  return (
    <Stack gap="sm" data-testid="proposal">
      <Segments<'backward' | 'forward'>
        value={direction ?? reply?.direction ?? 'forward'}
        onChange={setDirection}
        aria-label={t('capacity.proposal.direction')}
        data={[
          { value: 'backward', label: t('capacity.proposal.backward'), disabled: blocked !== null },
          { value: 'forward', label: t('capacity.proposal.forward') },
        ]}
        data-testid="proposal-direction"
        fullWidth
      />
      {blocked ? (
        <Text size="xs" c="orange.9" data-testid="proposal-backward-blocked">
          {t(`capacity.proposal.blocked.${blocked}`)}
        </Text>
      ) : null}
      <Text size="xs" c="dimmed">
        {t(
          (direction ?? reply?.direction) === 'backward'
            ? 'capacity.proposal.backwardHint'
            : 'capacity.proposal.forwardHint',
        )}
      </Text>
      {proposal.isPending ? <PageLoader /> : null}
      {proposal.isError ? <LoadFailed error={proposal.error} onRetry={() => void proposal.refetch()} /> : null}
      {reply && reply.slots.length === 0 && unplaced.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('capacity.proposal.none')}
        </Text>
      ) : null}
      {reply && reply.slots.length > 0 ? (
        <Table.ScrollContainer minWidth={320} mah={360}>
          <Table verticalSpacing={4} fz="sm" data-testid="proposal-slots">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('capacity.proposal.day')}</Table.Th>
                <Table.Th>{t('capacity.proposal.area')}</Table.Th>
                <Table.Th ta="right">{t('capacity.proposal.time')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {reply.slots.map((s) => {
                const over = overloaded.has(`${s.date}|${s.area}`);
                return (
                  <Table.Tr
                    key={`${s.date}|${s.area}`}
                    c={over ? 'red.8' : undefined}
                    fw={over ? 600 : undefined}
                    data-testid="proposal-slot"
                    data-overload={over}
                  >
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{day(s.date)}</Table.Td>
                    <Table.Td>{area(s.area)}</Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {formatMinutes(s.minutes)}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
      {reply && reply.overloads.length > 0 ? (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} title={t('capacity.proposal.overloads')} p="xs">
          <Stack gap={0}>
            {reply.overloads.map((o) => (
              <Text key={`${o.date}|${o.area}`} size="sm" c="red.8" data-testid="proposal-overload">
                {t('capacity.proposal.overload', {
                  date: day(o.date),
                  area: area(o.area),
                  value: formatPercent(o.utilisation),
                  over: formatMinutes(o.over),
                })}
              </Text>
            ))}
          </Stack>
        </Alert>
      ) : null}
      {unplaced.map((a) => (
        <Text key={a} size="sm" c="red.8" data-testid="proposal-unplaced">
          {t('capacity.proposal.unplaced', { area: area(a), minutes: formatMinutes(reply?.unplaced[a] ?? 0) })}
        </Text>
      ))}
      <Text size="xs" c="dimmed">
        {t('capacity.proposal.replaces')}
      </Text>
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={onClose}>
          {t('common.actions.cancel')}
        </Button>
        <Button
          onClick={apply}
          loading={save.isPending}
          disabled={!reply || reply.slots.length === 0}
          data-testid="proposal-apply"
        >
          {t('capacity.proposal.apply')}
        </Button>
      </Group>
    </Stack>
  );
}
