import { Navigate, useSearchParams } from 'react-router';
import { useSession } from '../../app/hooks.ts';
import { AccountCard } from './AccountPage.tsx';
import { safeGoTo } from './account-paths.ts';
import { LoginForm } from './LoginForm.tsx';

/** /accounts/login. Signed-in users skip it (to goTo, or their profile), as SPEC §2 asks. */
export function LoginPage() {
  const session = useSession();
  const [params] = useSearchParams();
  const goTo = safeGoTo(params.get('goTo'));
  if (session.isLoggedIn) return <Navigate to={goTo ?? '/accounts/profile'} replace />;
  return (
    <AccountCard title="Login">
      <LoginForm goTo={goTo} />
    </AccountCard>
  );
}
