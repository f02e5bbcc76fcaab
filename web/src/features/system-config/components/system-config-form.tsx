import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionIcon, Alert, Button, Card, Group, Loader, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { IconAlertTriangle, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod';
import { systemConfigSettingsSchema, type SystemConfigSettings } from '@shared/schemas/system-settings';
import { errorCodeOf } from '../../../lib/http';
import { notify } from '../../../lib/notify';
import { saveSystemConfig, systemConfigQueryOptions } from '../api/system-config';

const emailSchema = z.string().trim().email();

/**
 * /settings/system/configuration (spec 3 §3): the addresses that receive the product's
 * administrative e-mails, and whether the super users' own addresses receive them too.
 */
export const SystemConfigForm = ({ canEdit }: { canEdit: boolean }) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const config = useQuery(systemConfigQueryOptions());
  const [draft, setDraft] = useState<SystemConfigSettings | null>(null);
  useEffect(() => setDraft(config.data ?? null), [config.data]);

  const save = useMutation({
    mutationFn: saveSystemConfig,
    onSuccess: (saved) => {
      queryClient.setQueryData(systemConfigQueryOptions().queryKey, saved);
      notify({ kind: 'success', title: t('toasts.ok'), message: t('toasts.systemConfig.saved') });
    },
    onError: (error) => notify({ kind: 'warning', title: t('errors.titles.sorry'), message: t(`errors.${errorCodeOf(error)}`) }),
  });

  const setEmail = (index: number, email: string) =>
    draft && setDraft({ ...draft, administrators_email: draft.administrators_email.map((entry, at) => (at === index ? { email } : entry)) });
  const valid = draft ? systemConfigSettingsSchema.safeParse(draft).success : false;

  return (
    <Stack gap="md" maw={720} data-testid="system-config">
      <Title order={2}>{t('labels.systemConfig.title')}</Title>
      <Text size="sm" c="dimmed">
        {t('hints.systemConfig.intro')}
      </Text>
      {config.isError && (
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />} title={t('errors.titles.sorry')}>
          {t('errors.generic')}
        </Alert>
      )}
      {!draft && !config.isError && <Loader />}
      {draft && (
        <Card withBorder padding="md">
          <Stack gap="sm">
            <Text fw={600}>{t('labels.systemConfig.administratorsEmail')}</Text>
            {draft.administrators_email.length === 0 && (
              <Text size="sm" c="dimmed">
                {t('hints.systemConfig.empty')}
              </Text>
            )}
            {draft.administrators_email.map((entry, index) => (
              <Group key={index} gap="xs" wrap="nowrap" align="flex-start">
                <TextInput
                  style={{ flex: 1 }}
                  type="email"
                  value={entry.email}
                  disabled={!canEdit}
                  aria-label={t('labels.systemConfig.email')}
                  error={entry.email && !emailSchema.safeParse(entry.email).success ? t('hints.systemConfig.invalidEmail') : undefined}
                  onChange={(event) => setEmail(index, event.currentTarget.value)}
                  data-testid="system-config-email"
                />
                {canEdit && (
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size="lg"
                    aria-label={t('buttons.delete')}
                    onClick={() => setDraft({ ...draft, administrators_email: draft.administrators_email.filter((_, at) => at !== index) })}
                  >
                    <IconTrash size={18} />
                  </ActionIcon>
                )}
              </Group>
            ))}
            {canEdit && (
              <Group>
                <Button
                  variant="light"
                  leftSection={<IconPlus size={16} />}
                  onClick={() => setDraft({ ...draft, administrators_email: [...draft.administrators_email, { email: '' }] })}
                  data-testid="system-config-add-email"
                >
                  {t('buttons.systemConfig.addEmail')}
                </Button>
              </Group>
            )}
            <Switch
              mt="sm"
              label={t('labels.systemConfig.onlyCustom')}
              description={t('hints.systemConfig.onlyCustom')}
              checked={draft.only_custom_administrators_email}
              disabled={!canEdit}
              onChange={(event) => setDraft({ ...draft, only_custom_administrators_email: event.currentTarget.checked })}
              data-testid="system-config-only-custom"
            />
          </Stack>
        </Card>
      )}
      {draft && canEdit && (
        <Group justify="flex-end">
          <Button onClick={() => save.mutate(draft)} loading={save.isPending} disabled={!valid} data-testid="system-config-save">
            {t('buttons.save')}
          </Button>
        </Group>
      )}
    </Stack>
  );
};
