import { Link as RouterLink, useSearchParams } from 'react-router';
import { Button, Spinner, Stack } from '@chakra-ui/react';
import { AccountCard } from './AccountPage.tsx';
import { confirmAccount, type AccountAnswer } from './account-api.ts';
import { errorMessage } from './account-paths.ts';
import { FormAnswer } from '../kit/FormFields.tsx';
import { useLoad } from '../kit/useLoad.ts';
import { useSession } from '../state/hooks.ts';

type Outcome = { kind: 'pending' } | { kind: 'success'; text: string } | { kind: 'error'; text: string };

export const CONFIRMED_TEXT = 'Your account is confirmed. You can now log in.';
/** Someone signed in follows the link of a new address: they are not told to log in. */
export const SIGNED_IN_CONFIRMED_TEXT = 'Your e-mail address is confirmed.';

/** A link followed again: the server says so (`already_confirmed`) instead of calling it invalid. */
function isAlreadyConfirmed(answer: object | null): boolean {
  return answer !== null && 'already_confirmed' in answer && answer.already_confirmed === true;
}

/** /users/confirmation?confirmation_token=…: the link of the confirmation mail. */
export function ConfirmationPage() {
  const [params] = useSearchParams();
  const token = params.get('confirmation_token') ?? '';
  const signedIn = useSession().user !== null;
  const confirmedText = signedIn ? SIGNED_IN_CONFIRMED_TEXT : CONFIRMED_TEXT;
  const confirmed = useLoad<AccountAnswer>(token ? { key: token, load: () => confirmAccount(token) } : null);
  const outcome: Outcome = !token
    ? { kind: 'error', text: 'This confirmation link has no token.' }
    : confirmed.status === 'ready'
      ? { kind: 'success', text: isAlreadyConfirmed(confirmed.data) && confirmed.data.message ? confirmed.data.message : confirmedText }
      : confirmed.status === 'error'
        ? { kind: 'error', text: errorMessage(confirmed.error) }
        : { kind: 'pending' };

  return (
    <AccountCard title="Account confirmation">
      {outcome.kind === 'pending' && <Spinner aria-label="Confirming your account" />}
      {outcome.kind === 'success' && (
        <Stack gap="4" align="center">
          <FormAnswer kind="success">{outcome.text}</FormAnswer>
          <Button asChild bg="brand.700" color="white">
            {signedIn ? <RouterLink to="/accounts/profile">Go to your profile</RouterLink> : <RouterLink to="/accounts/login">Log in</RouterLink>}
          </Button>
        </Stack>
      )}
      {outcome.kind === 'error' && (
        <Stack gap="4" align="center">
          <FormAnswer kind="error">{outcome.text}</FormAnswer>
          <Button asChild variant="outline">
            <RouterLink to="/users/resendConfirmation">Resend me the confirmation email</RouterLink>
          </Button>
        </Stack>
      )}
    </AccountCard>
  );
}
