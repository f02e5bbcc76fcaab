import { Anchor, Group } from '@mantine/core';
import { Link, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useCustomizations } from '../../features/customizations/api/get-customizations';
import { AppLogo } from '../../features/customizations/components/app-logo';
import { LoginForm } from '../../features/auth/components/login-form';
import { LoginScreen } from '../../features/auth/components/login-screen';

export const LoginPage = () => {
  const navigate = useNavigate();
  const { t } = useTranslation();
  const { data } = useCustomizations();
  return (
    <LoginScreen logo={<AppLogo size="lg" />} backgroundImage={data.background_image}>
      <LoginForm onLoggedIn={() => void navigate({ to: '/dashboard' })} />
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Anchor component={Link} to="/forgot-password" size="sm" data-testid="forgot-password-link">
          {t('buttons.account.forgotPassword')}
        </Anchor>
        <Anchor component={Link} to="/register" size="sm" data-testid="register-link">
          {t('buttons.account.register')}
        </Anchor>
      </Group>
    </LoginScreen>
  );
};
