import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Card, Checkbox, Group, Loader, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle, IconRestore } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MOBILE_BREAKPOINT_PX } from '@shared/constants';
import { ACTIONS, type Action, type ResourceKey } from '@shared/permissions/resource-keys';
import { CUSTOMER_ROLES } from '@shared/permissions/roles';
import { ACL_GROUPS, aclLabelId, lockoutGaps } from '@shared/settings/acl-rules';
import type { CustomerAcl } from '@shared/schemas/system-settings';
import { errorCodeOf } from '../../../lib/http';
import { notify } from '../../../lib/notify';
import { ACL_KEYS, aclQueryOptions, defaultAclQueryOptions, saveAcl, saveDefaultAcl } from '../api/acl';
import { SwitchField } from '../../../components/switch-field';

type CustomerRole = (typeof CUSTOMER_ROLES)[number];

/**
 * Ticking an action needs `view` (an ability exists only with it, spec 1 §6): ticking one ticks
 * view, unticking view unticks them all.
 */
const toggled = (acl: CustomerAcl, role: CustomerRole, key: ResourceKey, action: Action, checked: boolean): CustomerAcl => {
  const current = new Set(acl[role][key] ?? []);
  if (checked) {
    current.add(action);
    current.add('view');
  } else if (action === 'view') current.clear();
  else current.delete(action);
  return { ...acl, [role]: { ...acl[role], [key]: ACTIONS.filter((candidate) => current.has(candidate)) } };
};

const has = (acl: CustomerAcl, role: CustomerRole, key: ResourceKey, action: Action) => (acl[role][key] ?? []).includes(action);

export interface AclMatrixProps {
  canEdit: boolean;
  /** Super users and root also edit the product defaults. */
  canEditDefaults: boolean;
}

/**
 * /settings/application/acl: the customer's roles (member, administrator) × keys × actions. A
 * table with both roles on wide screens; on phones one role at a time, each key a card.
 */
export const AclMatrix = ({ canEdit, canEditDefaults }: AclMatrixProps) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const mobile = useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`, false, { getInitialValueInEffect: false });
  const [defaultsMode, setDefaultsMode] = useState(false);
  const [phoneRole, setPhoneRole] = useState<CustomerRole>('member');
  const screen = useQuery({ ...aclQueryOptions(), enabled: !defaultsMode });
  const defaults = useQuery({ ...defaultAclQueryOptions(), enabled: defaultsMode });
  const loaded = defaultsMode ? defaults.data : screen.data?.permissions;
  const [draft, setDraft] = useState<CustomerAcl | null>(null);

  useEffect(() => setDraft(loaded ?? null), [loaded]);

  const save = useMutation({
    mutationFn: async (acl: CustomerAcl): Promise<CustomerAcl> => {
      if (defaultsMode) return saveDefaultAcl(acl);
      // The version the map was read at: a save made meanwhile by someone else is refused, never overwritten.
      const saved = await saveAcl({ ...acl, version: screen.data!.version });
      queryClient.setQueryData(ACL_KEYS.customer, saved);
      return saved.permissions;
    },
    onSuccess: (saved) => {
      setDraft(saved);
      void queryClient.invalidateQueries({ queryKey: defaultsMode ? ACL_KEYS.defaults : ACL_KEYS.customer });
      notify({ kind: 'success', title: t('toasts.ok'), message: t('toasts.acl.saved') });
    },
    onError: (error) => {
      notify({ kind: 'warning', title: t('errors.titles.sorry'), message: t(`errors.${errorCodeOf(error)}`) });
      // Someone else saved: their map (and its version) replaces the draft.
      if (errorCodeOf(error) === 'settings_changed') void queryClient.invalidateQueries({ queryKey: ACL_KEYS.customer });
    },
  });

  const failed = defaultsMode ? defaults.isError : screen.isError;
  const gaps = draft ? lockoutGaps(draft) : [];
  const editable = canEdit && !save.isPending;

  const cell = (acl: CustomerAcl, role: CustomerRole, key: ResourceKey, action: Action) => (
    <Checkbox
      aria-label={`${t(`labels.acl.roles.${role}`)} · ${t(`labels.acl.keys.${aclLabelId(key)}`)} · ${t(`labels.acl.actions.${action}`)}`}
      label={mobile ? t(`labels.acl.actions.${action}`) : undefined}
      checked={has(acl, role, key, action)}
      disabled={!editable}
      onChange={(event) => setDraft(toggled(acl, role, key, action, event.currentTarget.checked))}
      data-testid={`acl-cell-${role}-${key}-${action}`}
    />
  );

  const table = (acl: CustomerAcl) => (
    <Table.ScrollContainer minWidth={900}>
      <Table striped withTableBorder verticalSpacing={6} data-testid="acl-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th rowSpan={2}>{t('labels.acl.key')}</Table.Th>
            {CUSTOMER_ROLES.map((role) => (
              <Table.Th key={role} colSpan={ACTIONS.length} ta="center">
                {t(`labels.acl.roles.${role}`)}
              </Table.Th>
            ))}
          </Table.Tr>
          <Table.Tr>
            {CUSTOMER_ROLES.flatMap((role) =>
              ACTIONS.map((action) => (
                <Table.Th key={`${role}-${action}`} ta="center" fz="xs">
                  {t(`labels.acl.actions.${action}`)}
                </Table.Th>
              )),
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {ACL_GROUPS.flatMap((group) => [
            <Table.Tr key={group.id}>
              <Table.Td colSpan={1 + CUSTOMER_ROLES.length * ACTIONS.length} fw={700} bg="var(--mantine-color-gray-1)">
                {t(`labels.acl.groups.${group.id}`)}
              </Table.Td>
            </Table.Tr>,
            ...group.keys.map((key) => (
              <Table.Tr key={key} data-testid="acl-row" data-key={key}>
                <Table.Td>
                  <Text size="sm">{t(`labels.acl.keys.${aclLabelId(key)}`)}</Text>
                </Table.Td>
                {CUSTOMER_ROLES.flatMap((role) =>
                  ACTIONS.map((action) => (
                    <Table.Td key={`${role}-${action}`} ta="center">
                      <Group justify="center">{cell(acl, role, key, action)}</Group>
                    </Table.Td>
                  )),
                )}
              </Table.Tr>
            )),
          ])}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );

  const cards = (acl: CustomerAcl) => (
    <Stack gap="sm">
      <SegmentedControl
        fullWidth
        value={phoneRole}
        onChange={(value) => setPhoneRole(value as CustomerRole)}
        data={CUSTOMER_ROLES.map((role) => ({ value: role, label: t(`labels.acl.roles.${role}`) }))}
        data-testid="acl-role-picker"
      />
      {ACL_GROUPS.map((group) => (
        <Stack key={group.id} gap={6}>
          <Text fw={700}>{t(`labels.acl.groups.${group.id}`)}</Text>
          {group.keys.map((key) => (
            <Card key={key} withBorder padding="sm" data-testid="acl-row" data-key={key}>
              <Text size="sm" fw={600} mb={6}>
                {t(`labels.acl.keys.${aclLabelId(key)}`)}
              </Text>
              <Group gap="md" wrap="wrap">
                {ACTIONS.map((action) => (
                  <span key={action}>{cell(acl, phoneRole, key, action)}</span>
                ))}
              </Group>
            </Card>
          ))}
        </Stack>
      ))}
    </Stack>
  );

  return (
    <Stack gap="md" data-testid="acl-screen">
      <Group justify="space-between" align="center" wrap="wrap" gap="sm">
        <Title order={2}>{t('labels.menu.acl')}</Title>
        {canEditDefaults && (
          <SwitchField
            checked={defaultsMode}
            onChange={(checked) => setDefaultsMode(checked)}
            label={t('labels.acl.defaultsSwitch')}
            testId="acl-defaults-switch"
          />
        )}
      </Group>
      <Text size="sm" c="dimmed">
        {t(defaultsMode ? 'hints.acl.defaults' : 'hints.acl.intro')}
      </Text>
      {failed && (
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />} title={t('errors.titles.sorry')}>
          {t('errors.generic')}
        </Alert>
      )}
      {!draft && !failed && <Loader />}
      {gaps.length > 0 && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} data-testid="acl-lockout-warning">
          {t('errors.acl_lockout')}
        </Alert>
      )}
      {draft && (mobile ? cards(draft) : table(draft))}
      {draft && canEdit && (
        <Group justify="flex-end" gap="sm" wrap="wrap">
          {!defaultsMode && screen.data && (
            <Button variant="default" leftSection={<IconRestore size={16} />} onClick={() => setDraft(screen.data.defaults)} data-testid="acl-restore-defaults">
              {t('buttons.acl.restoreDefaults')}
            </Button>
          )}
          <Button onClick={() => save.mutate(draft)} loading={save.isPending} disabled={gaps.length > 0} data-testid="acl-save">
            {t('buttons.save')}
          </Button>
        </Group>
      )}
    </Stack>
  );
};
