import { useTranslation } from 'react-i18next';
import { NavLink } from '@mantine/core';
import { IconBuildingFactory2, IconCheck } from '@tabler/icons-react';
import { NavGroup } from '../../../components/nav-group';
import { useSwitchCustomer } from '../hooks/use-switch-customer';

/** The same choice as the header selector, as a navigation group on small screens. */
export const CustomerMenuGroup = ({ onSwitched }: { onSwitched: () => void }) => {
  const { t } = useTranslation();
  const { current, customers, switchTo } = useSwitchCustomer(onSwitched);
  return (
    <NavGroup
      label={t('labels.header.customers')}
      description={current.name}
      leftSection={<IconBuildingFactory2 size={18} stroke={1.6} />}
      childrenOffset={28}
    >
      {customers.map((customer) => (
        <NavLink
          key={customer._id}
          label={customer.name}
          active={customer._id === current._id}
          rightSection={customer._id === current._id ? <IconCheck size={14} /> : null}
          onClick={() => switchTo(customer._id)}
        />
      ))}
    </NavGroup>
  );
};
