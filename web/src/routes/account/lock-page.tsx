import { Navigate, useNavigate } from '@tanstack/react-router';
import { useCustomizations } from '../../features/customizations/api/get-customizations';
import { AppLogo } from '../../features/customizations/components/app-logo';
import { LockForm } from '../../features/auth/components/lock-form';
import { LoginScreen } from '../../features/auth/components/login-screen';
import { lockedFrom } from '../../lib/lock';
import { useSession } from '../../lib/session';

/** The lock screen: no page of the app behind it, only the signed-in user's name and picture. */
export const LockPage = () => {
  const navigate = useNavigate();
  const session = useSession();
  const { data } = useCustomizations();
  // Read before the unlock clears it.
  const from = lockedFrom();
  if (session.status !== 'logged-in') return <Navigate to="/login" replace />;
  return (
    <LoginScreen logo={<AppLogo size="lg" />} backgroundImage={data.background_image} titleKey="profile.lock.title">
      <LockForm
        user={session.payload.user}
        onUnlocked={() => void navigate({ to: from && from !== '/lock' ? from : '/dashboard' })}
      />
    </LoginScreen>
  );
};
