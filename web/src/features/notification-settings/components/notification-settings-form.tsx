import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Card, Group, Loader, NumberInput, Stack, Switch, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  MAX_NOTIFICATION_RELOAD_SECONDS,
  MIN_NOTIFICATION_RELOAD_SECONDS,
  OPTIONAL_EMAIL_KINDS,
  versionedNotificationSettingsSchema,
  type VersionedNotificationSettings,
} from '@shared/schemas/system-settings';
import { errorCodeOf } from '../../../lib/http';
import { notify } from '../../../lib/notify';
import { notificationSettingsQueryOptions, saveNotificationSettings } from '../api/notification-settings';

/**
 * /settings/application/notifications: how often the customer's browsers reload notifications
 * (30 s at least, spec 1 §9) and which e-mails its users receive; account e-mails always leave.
 */
export const NotificationSettingsForm = ({ canEdit }: { canEdit: boolean }) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const settings = useQuery(notificationSettingsQueryOptions());
  // The draft keeps the version it was read at: the save is refused if someone else saved meanwhile.
  const [draft, setDraft] = useState<VersionedNotificationSettings | null>(null);
  useEffect(() => setDraft(settings.data ?? null), [settings.data]);

  const save = useMutation({
    mutationFn: saveNotificationSettings,
    onSuccess: (saved) => {
      queryClient.setQueryData(notificationSettingsQueryOptions().queryKey, saved);
      notify({ kind: 'success', title: t('toasts.ok'), message: t('toasts.notificationSettings.saved') });
    },
    onError: (error) => {
      notify({ kind: 'warning', title: t('errors.titles.sorry'), message: t(`errors.${errorCodeOf(error)}`) });
      // Someone else saved: their settings (and their version) replace the draft.
      if (errorCodeOf(error) === 'settings_changed') void queryClient.invalidateQueries({ queryKey: notificationSettingsQueryOptions().queryKey });
    },
  });

  const valid = draft ? versionedNotificationSettingsSchema.safeParse(draft).success : false;
  return (
    <Stack gap="md" maw={720} data-testid="notification-settings">
      <Title order={2}>{t('labels.menu.applicationNotifications')}</Title>
      <Text size="sm" c="dimmed">
        {t('hints.notificationSettings.intro')}
      </Text>
      {settings.isError && (
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />} title={t('errors.titles.sorry')}>
          {t('errors.generic')}
        </Alert>
      )}
      {!draft && !settings.isError && <Loader />}
      {draft && (
        <>
          <Card withBorder padding="md">
            <NumberInput
              label={t('labels.notificationSettings.reloadSeconds')}
              description={t('hints.notificationSettings.reloadSeconds', { min: MIN_NOTIFICATION_RELOAD_SECONDS })}
              min={MIN_NOTIFICATION_RELOAD_SECONDS}
              max={MAX_NOTIFICATION_RELOAD_SECONDS}
              step={5}
              allowDecimal={false}
              value={draft.reload_seconds}
              disabled={!canEdit}
              error={draft.reload_seconds < MIN_NOTIFICATION_RELOAD_SECONDS ? t('hints.notificationSettings.reloadSeconds', { min: MIN_NOTIFICATION_RELOAD_SECONDS }) : undefined}
              onChange={(value) => setDraft({ ...draft, reload_seconds: typeof value === 'number' ? value : 0 })}
              data-testid="notification-reload-seconds"
            />
          </Card>
          <Card withBorder padding="md">
            <Stack gap="sm">
              <Text fw={600}>{t('labels.notificationSettings.emails')}</Text>
              {OPTIONAL_EMAIL_KINDS.map((kind) => (
                <Switch
                  key={kind}
                  label={t(`labels.notificationSettings.kinds.${kind}`)}
                  checked={draft.emails[kind]}
                  disabled={!canEdit}
                  onChange={(event) => setDraft({ ...draft, emails: { ...draft.emails, [kind]: event.currentTarget.checked } })}
                  data-testid={`notification-email-${kind}`}
                />
              ))}
              <Switch label={t('labels.notificationSettings.kinds.account')} checked disabled />
              <Text size="xs" c="dimmed">
                {t('hints.notificationSettings.account')}
              </Text>
            </Stack>
          </Card>
          {canEdit && (
            <Group justify="flex-end">
              <Button onClick={() => save.mutate(draft)} loading={save.isPending} disabled={!valid} data-testid="notification-settings-save">
                {t('buttons.save')}
              </Button>
            </Group>
          )}
        </>
      )}
    </Stack>
  );
};
