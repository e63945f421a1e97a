/**
 * The login form of SPEC §2, for the login page and the header's popup: both fields required,
 * Enter submits, the password can be shown, LOGIN is disabled while the form is invalid. After
 * success it goes to goTo (or the profile) unless `redirect` is off, as in the popup. The exact
 * "confirm your e-mail" failure offers to resend the confirmation mail. A login that is better
 * used with another sign-in (an ORCID iD) says so (POST /users/auth/identify_user).
 */
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { Formik, Form, useFormikContext } from 'formik';
import { Box, Button, Link, Stack, Text } from '@chakra-ui/react';
import { loginFormSchema, type LoginForm as LoginValues } from '@registry/schemas/forms/account.ts';
import { useAppDispatch } from '../state/hooks.ts';
import { sessionFromSignIn, startSession } from '../state/sessionSlice.ts';
import { identifyUser, loadSignInProviders, signIn, UNCONFIRMED_MESSAGE, type SignInProviders } from './account-api.ts';
import { FormAnswer, schemaFormProps, PasswordField, TextField } from '../kit/FormFields.tsx';
import { latestData, useLoad } from '../kit/useLoad.ts';
import { errorMessage, safeGoTo } from './account-paths.ts';

const EMPTY_LOGIN: LoginValues = { login: '', password: '' };

export const THIRD_PARTY_HELP_URL = 'https://fairsharing.gitbook.io/fairsharing/#accessing-fairsharing-through-3rd-party-accounts';

export interface LoginFormProps {
  /** Where to go after success (only a path on this site); the profile when absent. */
  goTo?: string | null;
  /** Off in the header's popup: the visitor stays on the page. */
  redirect?: boolean;
  /** Called after success and when a link leaves the form (closes the popup). */
  onDone?(): void;
}

function ThirdPartyButtons() {
  const loaded = useLoad<SignInProviders>({ key: 'sign-in-providers', load: () => loadSignInProviders() });
  const providers = loaded.status === 'ready' ? loaded.data : null;
  if (!providers || (!providers.orcid && !providers.github)) return null;
  return (
    <Stack gap="2" align="stretch" data-testid="third-party-sign-in">
      {providers.orcid && (
        <Button asChild bg="green.700" color="white" _hover={{ bg: 'green.800' }}>
          <a href="/users/auth/orcid">Log in with ORCID</a>
        </Button>
      )}
      {providers.github && (
        <Button asChild bg="gray.900" color="white" _hover={{ bg: 'black' }}>
          <a href="/users/auth/github">Log in with GitHub</a>
        </Button>
      )}
    </Stack>
  );
}

const IDENTIFY_DEBOUNCE_MS = 300;

/** Points to ORCID sign-in when the login typed is an ORCID iD (which is not a username). */
function SignInSuggestion() {
  const { values } = useFormikContext<LoginValues>();
  const login = values.login.trim();
  const identified = useLoad(login === '' ? null : { key: login, load: () => identifyUser(login), delayMs: IDENTIFY_DEBOUNCE_MS });
  const answer = latestData(identified);
  // With a login (never the e-mail form of the same route) the answer names the methods.
  const suggested = answer && 'suggested' in answer ? answer.suggested : null;
  if (suggested !== 'orcid') return null;
  return (
    <Text fontSize="sm" data-testid="sign-in-suggestion">
      This is an ORCID iD: <Link href="/users/auth/orcid" color="brand.700">log in with ORCID</Link> instead of a password.
    </Text>
  );
}

export function LoginForm({ goTo, redirect = true, onDone }: LoginFormProps) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);

  async function submit(values: LoginValues) {
    setFailure(null);
    try {
      const answer = await signIn(values.login.trim(), values.password);
      if (!answer.success || !answer.jwt) throw new Error('Login failed.');
      startSession(dispatch, sessionFromSignIn(answer));
      onDone?.();
      if (redirect) void navigate(safeGoTo(goTo) ?? '/accounts/profile');
    } catch (error) {
      setFailure(errorMessage(error));
    }
  }

  return (
    <Stack gap="4">
      {failure && <FormAnswer kind="error">{failure}</FormAnswer>}
      {failure === UNCONFIRMED_MESSAGE && (
        <Button asChild colorPalette="teal" alignSelf="center">
          <RouterLink to="/users/resendConfirmation" onClick={onDone}>
            Resend me the confirmation email
          </RouterLink>
        </Button>
      )}
      <ThirdPartyButtons />
      <Formik<LoginValues> {...schemaFormProps(loginFormSchema, EMPTY_LOGIN)} onSubmit={submit}>
        {(formik) => (
          <Form
            noValidate
            aria-label="Login"
            onKeyDown={(event) => {
              // Enter submits (SPEC §2) even right after typing, before the disabled LOGIN button
              // has caught up with the last keystroke; formik still validates first.
              if (event.key !== 'Enter' || !(event.target instanceof HTMLInputElement)) return;
              event.preventDefault();
              void formik.submitForm();
            }}
          >
            <Stack gap="4">
              <TextField name="login" label="Username or email" autoComplete="username" required />
              <SignInSuggestion />
              <PasswordField name="password" label="Password" required />
              <Stack gap="1" textAlign="center" fontSize="sm">
                <Link asChild color="brand.700">
                  <RouterLink to="/accounts/forgotPassword" onClick={onDone}>
                    Forgotten your password?
                  </RouterLink>
                </Link>
                <Link asChild color="brand.700">
                  <RouterLink to="/accounts/signup" onClick={onDone}>
                    Need to create a new account?
                  </RouterLink>
                </Link>
                <Link href={THIRD_PARTY_HELP_URL} target="_blank" rel="noopener" color="brand.700">
                  Can&apos;t login with ORCID or Github?
                </Link>
              </Stack>
              <Box textAlign="center">
                <Button type="submit" colorPalette="brand" bg="brand.700" disabled={!formik.isValid || formik.isSubmitting} loading={formik.isSubmitting}>
                  LOGIN
                </Button>
              </Box>
              {formik.isSubmitting && <Text srOnly>Logging in…</Text>}
            </Stack>
          </Form>
        )}
      </Formik>
    </Stack>
  );
}
