import { useTranslation } from 'react-i18next';
import { Badge } from '@mantine/core';
import type { CustomerStanding } from '@shared/customers/customer-standing';
import { dateText } from '@shared/date-text';

const COLORS: Record<CustomerStanding, string> = { active: 'green', deactivated: 'gray', not_started: 'blue', ended: 'orange', deleting: 'red' };

/** Badges keep their whole word in narrow cells. */
const WHOLE_LABEL = { root: { flexShrink: 0 }, label: { overflow: 'visible' } } as const;

export const CustomerStandingBadge = ({ standing }: { standing: CustomerStanding }) => {
  const { t } = useTranslation();
  return (
    <Badge color={COLORS[standing]} variant="light" size="sm" styles={WHOLE_LABEL} data-testid="customer-standing">
      {t(`labels.customers.standing.${standing}`)}
    </Badge>
  );
};

/** A deleted customer in its restore window: when its data is purged (dd/MM/yyyy, in its own time zone). */
export const DeletedCustomerBadge = ({ purgeAt, timezone }: { purgeAt: string; timezone: string }) => {
  const { t } = useTranslation();
  return (
    <Badge color="red" variant="light" size="sm" styles={WHOLE_LABEL} data-testid="customer-deleted">
      {t('labels.customers.deletedPurgeOn', { date: dateText(purgeAt, timezone) })}
    </Badge>
  );
};

export const PremiumBadge = ({ premium }: { premium: boolean }) => {
  const { t } = useTranslation();
  return (
    <Badge color={premium ? 'grape' : 'gray'} variant={premium ? 'filled' : 'outline'} size="sm" styles={WHOLE_LABEL}>
      {t(premium ? 'labels.customers.premium' : 'labels.customers.basic')}
    </Badge>
  );
};
