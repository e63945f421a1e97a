/**
 * Where third-party sign-in (ORCID, GitHub) lands: /login_success?jwt=…&expiry=…[&goTo=…] starts
 * the session after the server confirms the token, then goes to goTo (e.g. the e-mail request of
 * an ORCID account without one) or the profile; /login_failure says it did not work.
 */
import { useEffect } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { Button, Spinner, Stack } from '@chakra-ui/react';
import { useAppDispatch } from '../state/hooks.ts';
import { sessionFromSignIn, startSession, type SignInAnswer } from '../state/sessionSlice.ts';
import { AccountCard } from './AccountPage.tsx';
import { validateToken } from './account-api.ts';
import { errorMessage, safeGoTo } from './account-paths.ts';
import { FormAnswer } from '../kit/FormFields.tsx';
import { useLoad } from '../kit/useLoad.ts';

function BackToLogin() {
  return (
    <Button asChild bg="brand.700" color="white" alignSelf="center">
      <RouterLink to="/accounts/login">Back to login</RouterLink>
    </Button>
  );
}

export function LoginSuccessPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const jwt = params.get('jwt');
  const expiry = params.get('expiry');
  const goTo = safeGoTo(params.get('goTo'));
  const validated = useLoad<SignInAnswer>(jwt && expiry ? { key: jwt, load: (signal) => validateToken({ token: jwt, signal }) } : null);
  const failure = !jwt || !expiry ? 'The sign-in answer is incomplete.' : validated.status === 'error' ? errorMessage(validated.error) : null;
  const answer = validated.status === 'ready' ? validated.data : null;

  useEffect(() => {
    if (!answer || !jwt || !expiry) return;
    startSession(dispatch, sessionFromSignIn(answer, jwt, /^\d+$/.test(expiry) ? Number(expiry) : expiry));
    void navigate(goTo ?? '/accounts/profile', { replace: true });
  }, [answer, jwt, expiry, goTo, dispatch, navigate]);

  return (
    <AccountCard title="Login">
      {failure ? (
        <Stack gap="4">
          <FormAnswer kind="error">{failure}</FormAnswer>
          <BackToLogin />
        </Stack>
      ) : (
        <Spinner aria-label="Logging you in" />
      )}
    </AccountCard>
  );
}

export function LoginFailurePage() {
  return (
    <AccountCard title="Login failed">
      <Stack gap="4">
        <FormAnswer kind="error">
          Logging in with the third-party account did not work. Try again, or log in with your username and password.
        </FormAnswer>
        <BackToLogin />
      </Stack>
    </AccountCard>
  );
}
