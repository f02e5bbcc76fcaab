import { Anchor, Group } from '@mantine/core';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useCustomizations } from '../../features/customizations/api/get-customizations';
import { AppLogo } from '../../features/customizations/components/app-logo';
import { ForgotPasswordForm } from '../../features/auth/components/forgot-password-form';
import { LoginScreen } from '../../features/auth/components/login-screen';
import { RegisterForm } from '../../features/auth/components/register-form';
import { SetPasswordForm } from '../../features/auth/components/set-password-form';
import { translate } from '../../lib/i18n';
import { notify } from '../../lib/notify';

const BackToLogin = () => {
  const { t } = useTranslation();
  return (
    <Group justify="center">
      <Anchor component={Link} to="/login" size="sm" data-testid="back-to-login">
        {t('buttons.account.backToLogin')}
      </Anchor>
    </Group>
  );
};

const PublicFrame = ({ titleKey, children }: { titleKey: string; children: React.ReactNode }) => {
  const { data } = useCustomizations();
  return (
    <LoginScreen logo={<AppLogo size="lg" />} backgroundImage={data.background_image} titleKey={titleKey}>
      {children}
      <BackToLogin />
    </LoginScreen>
  );
};

export const RegisterPage = () => (
  <PublicFrame titleKey="labels.account.registerTitle">
    <RegisterForm />
  </PublicFrame>
);

export const ForgotPasswordPage = () => (
  <PublicFrame titleKey="labels.account.forgotTitle">
    <ForgotPasswordForm />
  </PublicFrame>
);

const setPasswordRoute = getRouteApi('/set-password/$token');

/** The screen of an e-mailed link: once the password is chosen, sign in with it. */
export const SetPasswordPage = () => {
  const navigate = useNavigate();
  const { token } = setPasswordRoute.useParams();
  return (
    <PublicFrame titleKey="labels.account.setPasswordTitle">
      <SetPasswordForm
        token={token}
        onDone={() => {
          notify({ kind: 'success', title: translate('toasts.ok'), message: translate('toasts.password_set') });
          void navigate({ to: '/login' });
        }}
      />
    </PublicFrame>
  );
};
