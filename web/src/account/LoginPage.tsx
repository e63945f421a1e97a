import { Navigate, useLocation, useSearchParams } from 'react-router';
import { Stack } from '@chakra-ui/react';
import { useSession } from '../state/hooks.ts';
import { isNotAllowedRedirect } from '../state/login-redirect.ts';
import { AccountCard } from './AccountPage.tsx';
import { safeGoTo } from './account-paths.ts';
import { FormAnswer } from '../kit/FormFields.tsx';
import { LoginForm } from './LoginForm.tsx';

/**
 * /accounts/login. Signed-in users skip it (to goTo, or their profile), as SPEC §2 asks, unless
 * the guard sent them here from a page their account may not open: then they may log in as
 * someone else (sending them back would loop).
 */
export function LoginPage() {
  const session = useSession();
  const location = useLocation();
  const [params] = useSearchParams();
  const goTo = safeGoTo(params.get('goTo'));
  const notAllowed = session.isLoggedIn && isNotAllowedRedirect(location.state);
  if (session.isLoggedIn && !notAllowed) return <Navigate to={goTo ?? '/accounts/profile'} replace />;
  return (
    <AccountCard title="Login">
      <Stack gap="4">
        {notAllowed && (
          <FormAnswer kind="info">
            You are logged in as {session.user?.credentials.username}, who may not open {goTo ?? 'that page'}. Log in with an account that may.
          </FormAnswer>
        )}
        <LoginForm goTo={goTo} />
      </Stack>
    </AccountCard>
  );
}
