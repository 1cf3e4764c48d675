import { Badge, type BadgeProps } from '@mantine/core';
import type { OfferStatus } from '@pruefbuch/domain/rules/offer-ampel';
import { IconAlarm } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

const STATUS_COLOR: Record<OfferStatus, string> = { waiting: 'gray', commissioned: 'teal', cancelled: 'dark' };

/** Where the offer stands: waiting, commissioned or cancelled. */
export function OfferStatusBadge({ status, ...props }: { status: OfferStatus } & BadgeProps) {
  const { t } = useTranslation();
  return (
    <Badge variant="outline" color={STATUS_COLOR[status]} tt="none" data-testid="offer-status" {...props}>
      {t(`offers.status.${status}`)}
    </Badge>
  );
}

/** 'Nachfassen fällig': the follow-up date is reached and no talk result is recorded. */
export function FollowUpDueBadge(props: BadgeProps) {
  const { t } = useTranslation();
  return (
    <Badge
      color="red"
      variant="filled"
      tt="none"
      leftSection={<IconAlarm size={12} />}
      data-testid="offer-follow-up-due"
      {...props}
    >
      {t('offers.followUpDue')}
    </Badge>
  );
}
