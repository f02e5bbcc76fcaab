import { useState, type FormEvent } from 'react';
import { CurrentPasswordInput } from './current-password-input';
import { FailureAlert } from './failure-alert';
import { useTranslation } from 'react-i18next';
import { Anchor, Avatar, Button, Stack, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { DEFAULT_AVATAR } from '@shared/schemas/user';
import type { LoginPayload } from '@shared/schemas/session';
import { errorCodeOf, type RequestErrorCode } from '../../../lib/http';
import { clearLock } from '../../../lib/lock';
import { startSession } from '../../../lib/session';
import { useUnlock } from '../api/unlock';

/** The lock screen (spec 1 §2.1): the user's name and picture, their password unlocks the session. */
export const LockForm = ({ user, onUnlocked }: { user: LoginPayload['user']; onUnlocked: () => void }) => {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState(false);
  const [failure, setFailure] = useState<RequestErrorCode | null>(null);
  const unlock = useUnlock();
  const fullName = `${user.first_name} ${user.last_name}`.trim() || user.email;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    setMissing(password.length === 0);
    if (!password) return;
    unlock.mutate(password, {
      onSuccess: (payload) => {
        clearLock();
        startSession(payload);
        onUnlocked();
      },
      onError: (error) => setFailure(errorCodeOf(error)),
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md" align="stretch">
        <Stack gap={6} align="center">
          <Avatar src={user.picture === DEFAULT_AVATAR ? null : user.picture} name={fullName} color="initials" size={72} alt="" />
          <Title order={3} ta="center" data-testid="lock-user-name">
            {fullName}
          </Title>
          <Text c="dimmed" size="sm" ta="center">
            {t('profile.lock.hint')}
          </Text>
        </Stack>
        <FailureAlert code={failure} />
        <CurrentPasswordInput value={password} onChange={setPassword} error={missing ? t('errors.fields.required') : undefined} required autoFocus />
        <Button type="submit" fullWidth size="md" leftSection={<IconLock size={16} />} disabled={unlock.isPending}>
          {t('profile.lock.unlock')}
        </Button>
        <Anchor component={Link} to="/logout" size="sm" ta="center">
          {t('profile.lock.otherUser')}
        </Anchor>
      </Stack>
    </form>
  );
};
