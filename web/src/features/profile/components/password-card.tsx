import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormActions } from '../../../components/form-actions';
import { Card, PasswordInput, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { PASSWORD_LENGTH, passwordChangeProblems, type PasswordChangeProblem } from '@shared/schemas/profile';
import { errorCodeOf, type RequestErrorCode } from '../../../lib/http';
import { notify } from '../../../lib/notify';
import { updateProfile } from '../api/profile';

type Field = 'current' | 'next' | 'confirm';

const FIELD_OF: Record<PasswordChangeProblem | 'current_password_wrong', Field> = {
  current_password_required: 'current',
  current_password_wrong: 'current',
  password_length: 'next',
  password_confirmation_mismatch: 'confirm',
};

const isFieldCode = (code: RequestErrorCode): code is keyof typeof FIELD_OF => code in FIELD_OF;

/** The password change (spec 3 §5): the current password, the new one and its confirmation, checked here and by the server. */
export const PasswordCard = () => {
  const { t } = useTranslation();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  const change = useMutation({
    mutationFn: () => updateProfile({ change_password: true, current_password: current, new_password: next, new_password_confirm: confirm }),
    onSuccess: () => {
      setCurrent('');
      setNext('');
      setConfirm('');
      notify({ kind: 'success', title: t('toasts.ok'), message: t('profile.password.changed') });
    },
    onError: (error) => {
      const code = errorCodeOf(error);
      if (isFieldCode(code)) setErrors({ [FIELD_OF[code]]: t(`errors.${code}`, PASSWORD_LENGTH) });
      else notify({ kind: 'error', title: t('errors.titles.error'), message: t(`errors.${code}`, { defaultValue: t('errors.generic') }) });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems = passwordChangeProblems({ change_password: true, current_password: current, new_password: next, new_password_confirm: confirm });
    setErrors(Object.fromEntries(problems.map((problem) => [FIELD_OF[problem], t(`errors.${problem}`, PASSWORD_LENGTH)])));
    if (problems.length === 0) change.mutate();
  };

  return (
    <Card withBorder radius="md" p="lg">
      <form onSubmit={submit} noValidate data-testid="profile-password-form">
        <Stack gap="md">
          <Title order={4}>{t('profile.password.title')}</Title>
          <Text size="sm" c="dimmed">
            {t('profile.password.hint', PASSWORD_LENGTH)}
          </Text>
          <PasswordInput
            label={t('profile.password.current')}
            autoComplete="current-password"
            value={current}
            onChange={(event) => setCurrent(event.currentTarget.value)}
            error={errors.current}
            visibilityToggleButtonProps={{ 'aria-label': t('buttons.togglePassword') }}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <PasswordInput
              label={t('profile.password.new')}
              autoComplete="new-password"
              value={next}
              onChange={(event) => setNext(event.currentTarget.value)}
              error={errors.next}
              visibilityToggleButtonProps={{ 'aria-label': t('buttons.togglePassword') }}
            />
            <PasswordInput
              label={t('profile.password.confirm')}
              autoComplete="new-password"
              value={confirm}
              onChange={(event) => setConfirm(event.currentTarget.value)}
              error={errors.confirm}
              visibilityToggleButtonProps={{ 'aria-label': t('buttons.togglePassword') }}
            />
          </SimpleGrid>
          <FormActions saving={change.isPending} saveTestId="profile-password-submit" saveLabel={t('profile.password.submit')} />
        </Stack>
      </form>
    </Card>
  );
};
