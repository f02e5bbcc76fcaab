import { SimpleGrid, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ClearStorageCard } from '../../features/profile/components/clear-storage-card';
import { IdentityCard } from '../../features/profile/components/identity-card';
import { PasswordCard } from '../../features/profile/components/password-card';
import { PreferencesCard } from '../../features/profile/components/preferences-card';
import { isVoiceSupported } from '../../features/voice/hooks/speech-recognition';
import { useOfferedLanguages } from '../../lib/languages';
import { endSession, useLoginPayload } from '../../lib/session';
import { clearAllStored } from '../../lib/storage';
import { preferencesOf } from '@shared/schemas/preferences';

/** Cleared storage means a fresh start: the page reloads on the sign-in screen, in the default language. */
const clearEverything = () => {
  clearAllStored();
  endSession();
  window.location.assign('/login');
};

/** /settings/profile: every user's own profile (spec 3 §5). */
export const ProfilePage = () => {
  const { t } = useTranslation();
  const { user } = useLoginPayload();
  const languages = useOfferedLanguages();
  return (
    <Stack gap="lg" maw={1100}>
      <Title order={2}>{t('profile.title')}</Title>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <IdentityCard key={user._id} user={user} languages={languages} />
        <PreferencesCard preferences={preferencesOf(user.preferences)} voiceSupported={isVoiceSupported()} />
        <PasswordCard />
        <ClearStorageCard onCleared={clearEverything} />
      </SimpleGrid>
    </Stack>
  );
};
