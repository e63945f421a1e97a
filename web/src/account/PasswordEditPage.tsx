import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { Form, Formik } from 'formik';
import { WritesOffFieldset, WritesOffNotice } from '../shell/WritesOff.tsx';
import { Box, Button, Stack, Text } from '@chakra-ui/react';
import { passwordResetFormSchema, type PasswordResetForm } from '@registry/schemas/forms/account.ts';
import { useAppDispatch } from '../state/hooks.ts';
import { endSession } from '../state/sessionSlice.ts';
import { AccountCard } from './AccountPage.tsx';
import { PASSWORD_CHANGED_MESSAGE, resetPassword } from './account-api.ts';
import { errorMessage } from './account-paths.ts';
import { FormAnswer, NewPasswordFields, schemaFormProps } from '../kit/FormFields.tsx';

const EMPTY_PASSWORDS: PasswordResetForm = { password: '', password_confirmation: '' };

/**
 * /users/password/edit?reset_password_token=…: the link of the reset mail. A successful change
 * ends every session and API key of the account on the server, so this browser's session is forgotten too.
 */
export function PasswordEditPage() {
  const [params] = useSearchParams();
  const dispatch = useAppDispatch();
  const token = params.get('reset_password_token') ?? '';
  const [answer, setAnswer] = useState<{ kind: 'error' | 'success'; text: string } | null>(
    token ? null : { kind: 'error', text: 'This reset link has no token; ask for a new one.' },
  );

  async function submit(values: PasswordResetForm) {
    setAnswer(null);
    try {
      await resetPassword({ reset_password_token: token, ...values });
      endSession(dispatch);
      setAnswer({ kind: 'success', text: PASSWORD_CHANGED_MESSAGE });
    } catch (error) {
      setAnswer({ kind: 'error', text: errorMessage(error) });
    }
  }

  return (
    <AccountCard title="Choose a new password">
      <Stack gap="4">
        <WritesOffNotice what="Choosing a new password" />
        {answer && <FormAnswer kind={answer.kind}>{answer.text}</FormAnswer>}
        <Text>A new password signs you out everywhere and revokes every API key of your account.</Text>
        {answer?.kind === 'success' ? (
          <Button asChild bg="brand.700" color="white" alignSelf="center">
            <RouterLink to="/accounts/login">Log in</RouterLink>
          </Button>
        ) : (
          <Formik<PasswordResetForm>
            {...schemaFormProps(passwordResetFormSchema, EMPTY_PASSWORDS)}
            onSubmit={submit}
          >
            {(formik) => (
              <Form noValidate aria-label="Choose a new password">
                <WritesOffFieldset>
                  <Stack gap="4">
                    <NewPasswordFields />
                    <Box textAlign="center">
                      <Button
                        type="submit"
                        bg="brand.700"
                        color="white"
                        disabled={!token || !formik.isValid || formik.isSubmitting}
                        loading={formik.isSubmitting}
                      >
                        CHANGE PASSWORD
                      </Button>
                    </Box>
                  </Stack>
                </WritesOffFieldset>
              </Form>
            )}
          </Formik>
        )}
      </Stack>
    </AccountCard>
  );
}
