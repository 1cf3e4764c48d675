import { Alert, Anchor, List } from '@mantine/core';
import { screenPath } from '@pruefbuch/domain/access';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '@/lib/format';
import { useOrderPlan } from '../api/get-order-plan';

/** Where the order's production plan and the order disagree (decision 050), with the days concerned. */
export function PlanConflicts({ orderId, enabled }: { orderId: string; enabled: boolean }) {
  const { t } = useTranslation();
  const plan = useOrderPlan(orderId, enabled).data;
  if (!plan || plan.conflicts.length === 0) return null;
  const dateOf = new Map(plan.slots.map((s) => [s._id, s.date]));
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertTriangle size={18} />}
      title={t('capacity.conflicts.title')}
      data-testid="order-plan-conflicts"
    >
      <List size="sm" spacing={2}>
        {plan.conflicts.map((c) => {
          const days = [...new Set(c.slotIds.map((id) => dateOf.get(id)).filter((d): d is string => !!d))].sort();
          return (
            <List.Item key={c.kind} data-conflict={c.kind}>
              {t(`capacity.conflicts.${c.kind}`)}
              {c.kind !== 'configChanged' && days.length ? `: ${days.map((d) => formatDate(d)).join(', ')}` : ''}
            </List.Item>
          );
        })}
      </List>
      <Anchor component={Link} to={screenPath('capacities')} size="sm" mt={6} display="inline-block">
        {t('orders.editor.openPlanning')}
      </Anchor>
    </Alert>
  );
}
