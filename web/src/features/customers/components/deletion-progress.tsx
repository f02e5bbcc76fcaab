import { useTranslation } from 'react-i18next';
import { Progress, Stack, Text } from '@mantine/core';
import { CUSTOMER_DELETION_STEPS, type Customer } from '@shared/schemas/customer';

/** A customer's deletion under way: its step of the steps, what it removed and in how many runs (the job's checkpoint). */
export const DeletionProgress = ({ customer }: { customer: Customer }) => {
  const { t } = useTranslation();
  if (!customer.deleting || !customer.deletion_phase) return null;
  const step = CUSTOMER_DELETION_STEPS.indexOf(customer.deletion_phase);
  const percent = Math.round((step / CUSTOMER_DELETION_STEPS.length) * 100);
  return (
    <Stack gap={2} maw={260} data-testid="customer-deletion-progress">
      <Progress value={percent} size="sm" animated aria-label={`${percent} %`} />
      <Text size="xs" c="dimmed">
        {t('labels.customers.deletion.step', { step: step + 1, total: CUSTOMER_DELETION_STEPS.length, name: t(`labels.customers.deletion.steps.${customer.deletion_phase}`) })}
      </Text>
      <Text size="xs" c="dimmed">
        {t('labels.customers.deletion.done', { count: customer.deletion_done ?? 0, runs: customer.deletion_runs ?? 0 })}
      </Text>
    </Stack>
  );
};
