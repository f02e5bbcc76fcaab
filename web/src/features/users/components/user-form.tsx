import { useTranslation } from 'react-i18next';
import { Card, Checkbox, Grid, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { Role } from '@shared/permissions/roles';
import type { User } from '@shared/schemas/user';
import { superUserInputSchema, userInputSchema } from '@shared/schemas/user-admin';
import { seesAllLocations } from '@shared/users/user-rules';
import { useSave } from '../../../lib/use-save';
import { createSuperUser, createUser, updateSuperUser, updateUser, USER_KEYS, type UserListKind } from '../api/users';
import { notifyUserFailure } from '../hooks/notify-user-failure';
import { FormActions } from '../../../components/form-actions';
import { LocationRightsTree, type RightsLocation } from './location-rights-tree';

export interface UserFormProps {
  kind: UserListKind;
  /** The user edited; null to add one. */
  user: User | null;
  /** The roles this screen offers to the signed-in user (spec 3 §6). */
  roles: Role[];
  /** The customer's locations a member may be given, as its tree. */
  locations: RightsLocation[];
  onDone: () => void;
}

interface FormState {
  first_name: string;
  last_name: string;
  email: string;
  type: Role;
  /** A member sees every location (stored as `view`). */
  allLocations: boolean;
  /** Or these. */
  locations: string[];
}

const FIELDS = ['first_name', 'last_name', 'email'] as const;

/**
 * /settings/users/add, /settings/users/edit/{id} and the super user equivalents. A member needs a
 * chosen set of locations ("all locations" is stored as `view`); administrators and super users
 * see every location. A new user receives an e-mail with a link to choose their password.
 */
export const UserForm = ({ kind, user, roles, locations, onDone }: UserFormProps) => {
  const { t } = useTranslation();
  const form = useForm<FormState>({
    initialValues: {
      first_name: user?.first_name ?? '',
      last_name: user?.last_name ?? '',
      email: user?.email ?? '',
      type: user?.type ?? roles[0],
      allLocations: user ? user.allowed_locations === 'view' : false,
      locations: user && user.allowed_locations !== 'view' ? user.allowed_locations : [],
    },
    validate: (values) => {
      const parsed = userInputSchema.safeParse({ first_name: values.first_name, last_name: values.last_name, email: values.email.trim(), type: values.type });
      const wrong = new Set(parsed.success ? [] : parsed.error.issues.map((issue) => issue.path[0]));
      const errors: Partial<Record<keyof FormState, string>> = {};
      for (const field of FIELDS) if (wrong.has(field)) errors[field] = t(field === 'email' && values.email.trim() ? 'errors.fields.email' : 'errors.fields.required');
      if (kind === 'users' && !seesAllLocations(values.type) && !values.allLocations && values.locations.length === 0) errors.locations = t('errors.locations_required');
      return errors;
    },
  });

  const save = useSave({
    save: async (values: FormState) => {
      const base = { first_name: values.first_name.trim(), last_name: values.last_name.trim(), email: values.email.trim().toLowerCase() };
      if (kind === 'su') {
        const input = superUserInputSchema.parse({ ...base, type: values.type });
        return user ? updateSuperUser(user._id, input) : createSuperUser(input);
      }
      const input = userInputSchema.parse({ ...base, type: values.type, allowed_locations: values.allLocations ? 'view' : values.locations });
      return user ? updateUser(user._id, input) : createUser(input);
    },
    savedMessage: user ? 'toasts.user_saved' : 'toasts.user_invited',
    invalidates: USER_KEYS.all(kind),
    onSaved: onDone,
    onError: notifyUserFailure,
  });

  const needsLocations = kind === 'users' && !seesAllLocations(form.values.type);

  return (
    <Card withBorder padding="lg" maw={760} data-testid="user-form">
      <form onSubmit={form.onSubmit((values) => save.mutate(values))} noValidate>
        <Stack gap="md">
          <Title order={3}>{t(user ? 'labels.users.editTitle' : kind === 'users' ? 'labels.users.addTitle' : 'labels.users.addSuperUserTitle')}</Title>
          <Grid>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput label={t('labels.users.fields.firstName')} required data-testid="user-first-name" {...form.getInputProps('first_name')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput label={t('labels.users.fields.lastName')} required data-testid="user-last-name" {...form.getInputProps('last_name')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput label={t('labels.users.fields.email')} type="email" required data-testid="user-email" {...form.getInputProps('email')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <Select
                label={t('labels.users.fields.role')}
                data={roles.map((role) => ({ value: role, label: t(`labels.roles.${role}`) }))}
                {...form.getInputProps('type')}
                allowDeselect={false}
                data-testid="user-role"
              />
            </Grid.Col>
          </Grid>
          {kind === 'users' &&
            (needsLocations ? (
              <Stack gap="xs">
                <Checkbox label={t('labels.users.allLocations')} data-testid="user-all-locations" {...form.getInputProps('allLocations', { type: 'checkbox' })} />
                {!form.values.allLocations && (
                  <LocationRightsTree roots={locations} value={form.values.locations} onChange={(ids) => form.setFieldValue('locations', ids)} error={form.errors.locations as string | undefined} />
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
