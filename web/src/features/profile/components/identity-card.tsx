import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormActions } from '../../../components/form-actions';
import { Avatar, Button, Card, FileButton, Group, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconPhotoUp, IconTrash } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import type { LanguageKey } from '@shared/constants';
import { PICTURE_TYPES } from '@shared/schemas/profile';
import { DEFAULT_AVATAR, type User } from '@shared/schemas/user';
import type { Language } from '@shared/languages';
import { errorCodeOf } from '../../../lib/http';
import { changeLanguage } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { removePicture, updateProfile, uploadPicture } from '../api/profile';

interface IdentityCardProps {
  user: User;
  languages: Language[];
}

/** Names, language and picture (spec 3 §5). */
export const IdentityCard = ({ user, languages }: IdentityCardProps) => {
  const { t } = useTranslation();
  const [firstName, setFirstName] = useState(user.first_name);
  const [lastName, setLastName] = useState(user.last_name);
  const [language, setLanguage] = useState<LanguageKey>(user.language);
  const fullName = `${user.first_name} ${user.last_name}`.trim() || user.email;

  const failed = (error: unknown) =>
    notify({ kind: 'error', title: t('errors.titles.error'), message: t(`errors.${errorCodeOf(error)}`, { defaultValue: t('errors.generic') }) });

  const save = useMutation({
    mutationFn: () => updateProfile({ first_name: firstName, last_name: lastName, language }),
    onSuccess: async (saved) => {
      await changeLanguage(saved.language);
      notify({ kind: 'success', title: t('toasts.ok'), message: t('profile.saved') });
    },
    onError: failed,
  });
  const upload = useMutation({ mutationFn: uploadPicture, onError: failed });
  const remove = useMutation({ mutationFn: removePicture, onError: failed });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };

  return (
    <Card withBorder radius="md" p="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Title order={4}>{t('profile.identity.title')}</Title>
          <Group gap="md" wrap="wrap">
            <Avatar
              src={user.picture === DEFAULT_AVATAR ? null : user.picture}
              name={fullName}
              color="initials"
              size={72}
              alt={t('profile.identity.picture')}
              data-testid="profile-picture"
            />
            <Stack gap={6}>
              <Text size="sm" c="dimmed">
                {user.email}
              </Text>
              <Group gap="xs" wrap="wrap">
                <FileButton onChange={(file) => file && upload.mutate(file)} accept={PICTURE_TYPES.join(',')}>
                  {(props) => (
                    <Button {...props} size="xs" variant="light" leftSection={<IconPhotoUp size={16} />} loading={upload.isPending}>
                      {t('profile.identity.upload')}
                    </Button>
                  )}
                </FileButton>
                {user.picture !== DEFAULT_AVATAR && (
                  <Button size="xs" variant="subtle" color="red" leftSection={<IconTrash size={16} />} onClick={() => remove.mutate()} loading={remove.isPending}>
                    {t('profile.identity.defaultAvatar')}
                  </Button>
                )}
              </Group>
            </Stack>
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t('profile.identity.firstName')} value={firstName} maxLength={80} onChange={(event) => setFirstName(event.currentTarget.value)} />
            <TextInput label={t('profile.identity.lastName')} value={lastName} maxLength={80} onChange={(event) => setLastName(event.currentTarget.value)} />
          </SimpleGrid>
          <Select
            label={t('profile.identity.language')}
            data={languages.map(({ key, title }) => ({ value: key, label: title }))}
            value={language}
            onChange={(value) => value && setLanguage(value as LanguageKey)}
            allowDeselect={false}
            data-testid="profile-language"
          />
          <FormActions saving={save.isPending} saveTestId="profile-save" />
        </Stack>
      </form>
    </Card>
  );
};
