import { useTranslation } from 'react-i18next';
import { Loader, Select } from '@mantine/core';
import { IconBuildingFactory2 } from '@tabler/icons-react';
import { useSwitchCustomer } from '../hooks/use-switch-customer';

/** Header selector, for holders of app.show_all_customers only (the route decides). */
export const CustomerSelector = ({ onSwitched }: { onSwitched: () => void }) => {
  const { t } = useTranslation();
  const { current, customers, switchTo, pending } = useSwitchCustomer(onSwitched);
  return (
    <Select
      aria-label={t('labels.header.customer')}
      data={customers.map((customer) => ({ value: customer._id, label: customer.name }))}
      value={current._id}
      onChange={switchTo}
      allowDeselect={false}
      searchable
      nothingFoundMessage={t('hints.header.noCustomer')}
      leftSection={pending ? <Loader size={14} /> : <IconBuildingFactory2 size={16} />}
      w={240}
      comboboxProps={{ withinPortal: true, shadow: 'md' }}
      data-testid="customer-selector"
    />
  );
};
