import { useNavigate } from '@tanstack/react-router';
import { useCustomizations } from '../features/customizations/api/get-customizations';
import { AppLogo } from '../features/customizations/components/app-logo';
import { LoginForm } from '../features/auth/components/login-form';
import { LoginScreen } from '../features/auth/components/login-screen';

export const LoginPage = () => {
  const navigate = useNavigate();
  const { data } = useCustomizations();
  return (
    <LoginScreen logo={<AppLogo size="lg" />} backgroundImage={data.background_image}>
      <LoginForm onLoggedIn={() => void navigate({ to: '/dashboard' })} />
    </LoginScreen>
  );
};
