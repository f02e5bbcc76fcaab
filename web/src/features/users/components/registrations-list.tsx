import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Card, Group, MultiSelect, Select, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { dateTimeText } from '@shared/date-text';
import type { Registration } from '@shared/schemas/user-admin';
import { notify } from '../../../lib/notify';
import { acceptRegistration, refuseRegistration, registrationsQueryOptions, USER_KEYS } from '../api/users';
import { notifyUserFailure } from '../hooks/notify-user-failure';
import { locationPickerProps } from '../../../components/location-option';

export interface RegistrationsListProps {
  /** The customer the session works on: an accepted registration becomes one of its users. */
  customer: { _id: string; name: string };
  locations: { _id: string; name: string }[];
}

/** 'Accept into <customer>' takes a line of its own, then wraps, on a narrow screen rather than running past the card's edge. */
const WRAPPING_LABEL = { root: { height: 'auto', minHeight: 36 }, label: { whiteSpace: 'normal', textAlign: 'center', paddingBlock: 6 } } as const;

const PendingRegistration = ({ registration, customer, locations }: RegistrationsListProps & { registration: Registration }) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [type, setType] = useState<'member' | 'administrator'>('member');
  const [chosen, setChosen] = useState<string[]>([]);
  const [missing, setMissing] = useState(false);
  const done = async (message: string) => {
    notify({ kind: 'success', title: t('toasts.ok'), message });
    await Promise.all([queryClient.invalidateQueries({ queryKey: USER_KEYS.registrations }), queryClient.invalidateQueries({ queryKey: USER_KEYS.all('users') })]);
  };
  const accept = useMutation({
    mutationFn: () => acceptRegistration(registration._id, { customer: customer._id, type, allowed_locations: type === 'member' ? chosen : 'view' }),
    onSuccess: () => done(t('toasts.registration_accepted', { customer: customer.name })),
    onError: notifyUserFailure,
  });
  const refuse = useMutation({
    mutationFn: () => refuseRegistration(registration._id),
    onSuccess: () => done(t('toasts.registration_refused')),
    onError: notifyUserFailure,
  });
  const submit = () => {
    const lacking = type === 'member' && chosen.length === 0;
    setMissing(lacking);
    if (!lacking) accept.mutate();
  };
  return (
    <Card withBorder padding="sm" data-testid="registration" data-registration-email={registration.email}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text fw={600}>
              {registration.first_name} {registration.last_name}
            </Text>
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {registration.email}
            </Text>
          </Stack>
          <Text size="xs" c="dimmed">
            {dateTimeText(registration.created_at)}
          </Text>
        </Group>
        <Group gap="sm" align="flex-end" wrap="wrap">
          <Select
            label={t('labels.users.fields.role')}
            data={(['member', 'administrator'] as const).map((role) => ({ value: role, label: t(`labels.roles.${role}`) }))}
            value={type}
            onChange={(value) => value && setType(value as 'member' | 'administrator')}
            allowDeselect={false}
            w={180}
            data-testid="registration-role"
          />
          {type === 'member' && (
            <MultiSelect
              label={t('labels.users.fields.locations')}
              placeholder={t('hints.users.chooseLocations')}
              data={locations.map((location) => ({ value: location._id, label: location.name }))}
              value={chosen}
              onChange={setChosen}
              {...locationPickerProps(locations)}
              error={missing ? t('errors.locations_required') : undefined}
              miw={220}
              style={{ flex: 1 }}
            />
          )}
        </Group>
        <Group justify="flex-end" gap="sm" wrap="wrap">
          <Button variant="default" color="red" onClick={() => refuse.mutate()} loading={refuse.isPending} data-testid="registration-refuse">
            {t('buttons.users.refuse')}
          </Button>
          <Button onClick={submit} loading={accept.isPending} maw="100%" styles={WRAPPING_LABEL} data-testid="registration-accept">
            {t('buttons.users.acceptInto', { customer: customer.name })}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
};

/** Registrations waiting for root or a super user (on the super users screen). */
export const RegistrationsList = (props: RegistrationsListProps) => {
  const { t } = useTranslation();
  const registrations = useQuery(registrationsQueryOptions());
  const list = registrations.data ?? [];
  return (
    <Stack gap="sm" data-testid="registrations">
      <Title order={3}>{t('labels.users.registrations')}</Title>
      <Text size="sm" c="dimmed">
        {t('hints.users.registrations')}
      </Text>
      {registrations.isSuccess && list.length === 0 && <Alert color="blue">{t('hints.users.noRegistration')}</Alert>}
      {list.map((registration) => (
        <PendingRegistration key={registration._id} registration={registration} {...props} />
      ))}
    </Stack>
  );
};
