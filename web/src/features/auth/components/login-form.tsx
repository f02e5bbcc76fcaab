import { useState, type FormEvent } from 'react';
import { CurrentPasswordInput } from './current-password-input';
import { FailureAlert } from './failure-alert';
import { useTranslation } from 'react-i18next';
import { Button, Checkbox, Stack, TextInput } from '@mantine/core';
import { IconAt } from '@tabler/icons-react';
import { authenticateRequestSchema } from '@shared/schemas/session';
import { errorCodeOf, type RequestErrorCode } from '../../../lib/http';
import { lastCustomer, startSession } from '../../../lib/session';
import { useAuthenticate } from '../api/authenticate';
import { dismissApplicationLocked, notifyApplicationLocked } from '../hooks/notify-session-refusal';

interface FieldErrors {
  email?: string;
  password?: string;
}

/** The sign-in form (spec 1 §4.1): "Log in", then "Login in progress..." while the call runs. */
export const LoginForm = ({ onLoggedIn }: { onLoggedIn: () => void }) => {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<RequestErrorCode | null>(null);
  const authenticate = useAuthenticate();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const request = authenticateRequestSchema.safeParse({
      user: { email, password, remember },
      last_customer: lastCustomer(),
    });
    if (!request.success) {
      const invalid = new Set(request.error.issues.map((issue) => issue.path[1]));
      setFieldErrors({
        email: invalid.has('email') ? t(email.trim() ? 'errors.fields.email' : 'errors.fields.required') : undefined,
        password: invalid.has('password') ? t('errors.fields.required') : undefined,
      });
      return;
    }
    setFieldErrors({});
    authenticate.mutate(request.data, {
      onSuccess: (payload) => {
        dismissApplicationLocked();
        startSession(payload);
        onLoggedIn();
      },
      onError: (error) => {
        const code = errorCodeOf(error);
        // A locked application answers with the big alert only; the login is refused either way.
        if (code === 'application_locked') notifyApplicationLocked();
        else setFailure(code);
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <FailureAlert code={failure} />
        <TextInput
          label={t('labels.login.email')}
          type="email"
          autoComplete="username"
          leftSection={<IconAt size={16} />}
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
          error={fieldErrors.email}
          required
          autoFocus
        />
        <CurrentPasswordInput value={password} onChange={setPassword} error={fieldErrors.password} required />
        <Checkbox
          label={t('labels.login.remember')}
          description={t('hints.login.remember')}
          checked={remember}
          onChange={(event) => setRemember(event.currentTarget.checked)}
        />
        <Button type="submit" fullWidth size="md" disabled={authenticate.isPending}>
          {authenticate.isPending ? t('buttons.loginInProgress') : t('buttons.login')}
        </Button>
      </Stack>
    </form>
  );
};
