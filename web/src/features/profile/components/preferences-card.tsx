import { useTranslation } from 'react-i18next';
import { Badge, Card, Group, Select, Stack, Switch, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { SKIN_NAMES, SKINS, type Skin, type UserPreferences } from '@shared/schemas/preferences';
import { errorCodeOf } from '../../../lib/http';
import { notify } from '../../../lib/notify';
import { updateSessionUser } from '../../../lib/session';
import { updateProfile } from '../api/profile';

/**
 * Skin, sound and voice commands (spec 1 §9), each applied at once and stored on the profile; the
 * previous value comes back when the server refuses.
 */
export const PreferencesCard = ({ preferences, voiceSupported }: { preferences: UserPreferences; voiceSupported: boolean }) => {
  const { t } = useTranslation();
  const save = useMutation({
    mutationFn: (changes: Partial<UserPreferences>) => updateProfile({ preferences: changes }),
    onMutate: (changes) => {
      const previous = preferences;
      updateSessionUser({ preferences: { ...preferences, ...changes } });
      return previous;
    },
    onError: (error, _changes, previous) => {
      if (previous) updateSessionUser({ preferences: previous });
      notify({ kind: 'error', title: t('errors.titles.error'), message: t(`errors.${errorCodeOf(error)}`, { defaultValue: t('errors.generic') }) });
    },
  });

  return (
    <Card withBorder radius="md" p="lg">
      <Stack gap="md">
        <Title order={4}>{t('profile.preferences.title')}</Title>
        <Select
          label={t('profile.preferences.skin')}
          data={SKINS.map((skin) => ({ value: skin, label: SKIN_NAMES[skin] }))}
          value={preferences.skin}
          onChange={(value) => value && save.mutate({ skin: value as Skin })}
          allowDeselect={false}
          data-testid="profile-skin"
        />
        <Switch
          label={t('profile.preferences.sound')}
          description={t('profile.preferences.soundHint')}
          checked={preferences.sound}
          onChange={(event) => save.mutate({ sound: event.currentTarget.checked })}
          data-testid="profile-sound"
        />
        <Stack gap={4}>
          <Switch
            label={t('profile.preferences.voice')}
            description={t('profile.preferences.voiceHint')}
            checked={preferences.voice_commands}
            onChange={(event) => save.mutate({ voice_commands: event.currentTarget.checked })}
            data-testid="profile-voice"
          />
          {!voiceSupported && (
            <Group gap={6} pl={54}>
              <Badge color="gray" variant="light">
                {t('profile.preferences.voiceUnsupportedBadge')}
              </Badge>
              <Text size="xs" c="dimmed">
                {t('profile.preferences.voiceUnsupported')}
              </Text>
            </Group>
          )}
        </Stack>
      </Stack>
    </Card>
  );
};
