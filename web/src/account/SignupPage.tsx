import { useState } from 'react';
import { Link as RouterLink, Navigate } from 'react-router';
import { Form, Formik, type FormikHelpers } from 'formik';
import { Box, Button, Link, Stack } from '@chakra-ui/react';
import { signUpFormSchema, type SignUpForm } from '@registry/schemas/forms/account.ts';
import { useSession } from '../state/hooks.ts';
import { WriteControl, WritesOffNotice } from '../shell/WritesOff.tsx';
import { AccountCard } from './AccountPage.tsx';
import { signUp } from './account-api.ts';
import { errorMessage, fieldErrorsOf } from './account-paths.ts';
import { FormAnswer, schemaFormProps, PasswordField, TextField } from '../kit/FormFields.tsx';

const EMPTY_SIGN_UP: SignUpForm = { username: '', email: '', password: '', password_confirmation: '' };

// Worded for both cases the server answers alike: a new account, and an address that already has one (its owner is mailed).
const SIGNED_UP_MESSAGE = 'Thank you. Please check your e-mail: we have sent a message to the address you gave. Follow its link to confirm your account.';

/** /accounts/signup: signed-in users go to their profile; a new account is confirmed by e-mail. */
export function SignupPage() {
  const session = useSession();
  const [answer, setAnswer] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  if (session.isLoggedIn) return <Navigate to="/accounts/profile" replace />;

  async function submit(values: SignUpForm, helpers: FormikHelpers<SignUpForm>) {
    setAnswer(null);
    try {
      await signUp({ ...values, username: values.username.trim(), email: values.email.trim() });
      setAnswer({ kind: 'success', text: SIGNED_UP_MESSAGE });
    } catch (error) {
      setAnswer({ kind: 'error', text: errorMessage(error) });
      helpers.setErrors(fieldErrorsOf(error));
    }
  }

  return (
    <AccountCard title="Create an account">
      <Stack gap="4">
        <WritesOffNotice what="Creating an account" />
        {answer && <FormAnswer kind={answer.kind}>{answer.text}</FormAnswer>}
        {answer?.kind !== 'success' && (
          <Formik<SignUpForm>
            {...schemaFormProps(signUpFormSchema, EMPTY_SIGN_UP)}
            onSubmit={submit}
          >
            {(formik) => (
              <Form noValidate aria-label="Create an account">
                <Stack gap="4">
                  <TextField name="username" label="Username" autoComplete="username" required />
                  <TextField name="email" label="Email" type="email" autoComplete="email" required />
                  <PasswordField name="password" label="Password" autoComplete="new-password" required />
                  <PasswordField name="password_confirmation" label="Repeat password" autoComplete="new-password" required />
                  <Box textAlign="center">
                    <WriteControl>
                      <Button type="submit" bg="brand.700" color="white" disabled={!formik.isValid || formik.isSubmitting} loading={formik.isSubmitting}>
                        REGISTER
                      </Button>
                    </WriteControl>
                  </Box>
                </Stack>
              </Form>
            )}
          </Formik>
        )}
        <Link asChild color="brand.700" alignSelf="center" fontSize="sm">
          <RouterLink to="/accounts/login">Already have an account? Log in</RouterLink>
        </Link>
      </Stack>
    </AccountCard>
  );
}
