import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, Checkbox, Grid, MultiSelect, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Role } from '@shared/permissions/roles';
import type { User } from '@shared/schemas/user';
import { superUserInputSchema, userInputSchema } from '@shared/schemas/user-admin';
import { seesAllLocations } from '@shared/users/user-rules';
import { notify } from '../../../lib/notify';
import { createSuperUser, createUser, updateSuperUser, updateUser, USER_KEYS, type UserListKind } from '../api/users';
import { notifyUserFailure } from '../hooks/notify-user-failure';
import { FormActions } from '../../../components/form-actions';

export interface UserFormProps {
  kind: UserListKind;
  /** The user edited; null to add one. */
  user: User | null;
  /** The roles this screen offers to the signed-in user (spec 3 §6). */
  roles: Role[];
  /** The customer's locations a member may be given. */
  locations: { _id: string; name: string }[];
  onDone: () => void;
}

type Field = 'first_name' | 'last_name' | 'email' | 'locations';

/**
 * /settings/users/add, /settings/users/edit/{id} and the super user equivalents. A member needs a
 * chosen set of locations ("all locations" is stored as `view`); administrators and super users
 * see every location. A new user receives an e-mail with a link to choose their password.
 */
export const UserForm = ({ kind, user, roles, locations, onDone }: UserFormProps) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [firstName, setFirstName] = useState(user?.first_name ?? '');
  const [lastName, setLastName] = useState(user?.last_name ?? '');
  const [email, setEmail] = useState(user?.email ?? '');
  const [type, setType] = useState<Role>(user?.type ?? roles[0]);
  const [allLocations, setAllLocations] = useState(user ? user.allowed_locations === 'view' : false);
  const [chosen, setChosen] = useState<string[]>(user && user.allowed_locations !== 'view' ? user.allowed_locations : []);
  const [invalid, setInvalid] = useState<Set<Field>>(new Set());

  const save = useMutation({
    mutationFn: async () => {
      const base = { first_name: firstName.trim(), last_name: lastName.trim(), email: email.trim().toLowerCase() };
      if (kind === 'su') {
        const input = superUserInputSchema.parse({ ...base, type });
        return user ? updateSuperUser(user._id, input) : createSuperUser(input);
      }
      const input = userInputSchema.parse({ ...base, type, allowed_locations: allLocations ? 'view' : chosen });
      return user ? updateUser(user._id, input) : createUser(input);
    },
    onSuccess: async () => {
      notify({ kind: 'success', title: t('toasts.ok'), message: t(user ? 'toasts.user_saved' : 'toasts.user_invited') });
      await queryClient.invalidateQueries({ queryKey: USER_KEYS.all(kind) });
      onDone();
    },
    onError: notifyUserFailure,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = userInputSchema.safeParse({ first_name: firstName, last_name: lastName, email: email.trim(), type });
    const wrong = new Set<Field>(parsed.success ? [] : parsed.error.issues.map((issue) => issue.path[0] as Field));
    if (kind === 'users' && !seesAllLocations(type) && !allLocations && chosen.length === 0) wrong.add('locations');
    setInvalid(wrong);
    if (wrong.size === 0) save.mutate();
  };

  const errorOf = (field: Field, message = 'errors.fields.required') => (invalid.has(field) ? t(message) : undefined);
  const needsLocations = kind === 'users' && !seesAllLocations(type);

  return (
    <Card withBorder padding="lg" maw={760} data-testid="user-form">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Title order={3}>{t(user ? 'labels.users.editTitle' : kind === 'users' ? 'labels.users.addTitle' : 'labels.users.addSuperUserTitle')}</Title>
          <Grid>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput label={t('labels.users.fields.firstName')} value={firstName} onChange={(event) => setFirstName(event.currentTarget.value)} error={errorOf('first_name')} required data-testid="user-first-name" />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput label={t('labels.users.fields.lastName')} value={lastName} onChange={(event) => setLastName(event.currentTarget.value)} error={errorOf('last_name')} required data-testid="user-last-name" />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput
                label={t('labels.users.fields.email')}
                type="email"
                value={email}
                onChange={(event) => setEmail(event.currentTarget.value)}
                error={errorOf('email', email.trim() ? 'errors.fields.email' : 'errors.fields.required')}
                required
                data-testid="user-email"
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <Select
                label={t('labels.users.fields.role')}
                data={roles.map((role) => ({ value: role, label: t(`labels.roles.${role}`) }))}
                value={type}
                onChange={(value) => value && setType(value as Role)}
                allowDeselect={false}
                data-testid="user-role"
              />
            </Grid.Col>
          </Grid>
          {kind === 'users' &&
            (needsLocations ? (
              <Stack gap="xs">
                <Checkbox label={t('labels.users.allLocations')} checked={allLocations} onChange={(event) => setAllLocations(event.currentTarget.checked)} data-testid="user-all-locations" />
                {!allLocations && (
                  <MultiSelect
                    label={t('labels.users.fields.locations')}
                    placeholder={t('hints.users.chooseLocations')}
                    data={locations.map((location) => ({ value: location._id, label: location.name }))}
                    value={chosen}
                    onChange={setChosen}
                    searchable
                    error={invalid.has('locations') ? t('errors.locations_required') : undefined}
                    data-testid="user-locations"
                  />
                )}
              </Stack>
            ) : (
              <Text size="sm" c="dimmed">
                {t('hints.users.seesAllLocations')}
              </Text>
            ))}
          {!user && (
            <Text size="sm" c="dimmed">
              {t('hints.users.invitation')}
            </Text>
          )}
          <FormActions onCancel={onDone} saving={save.isPending} saveTestId="user-save" />
        </Stack>
      </form>
    </Card>
  );
};
