/** The profile edit page's password change: a new password ends every session and API key of the account. */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Form, Formik, type FormikHelpers } from 'formik';
import { Box, Button, Heading, Stack, Text } from '@chakra-ui/react';
import { passwordChangeFormSchema, type PasswordChangeForm } from '@registry/schemas/forms/account.ts';
import { WritesOffFieldset } from '../shell/WritesOff.tsx';
import { useAppDispatch } from '../state/hooks.ts';
import { noticeAdded } from '../state/messagesSlice.ts';
import { endSession } from '../state/sessionSlice.ts';
import { FormAnswer, NewPasswordFields, PasswordField, schemaFormProps } from '../kit/FormFields.tsx';
import { PASSWORD_CHANGED_MESSAGE, updateOwnAccount } from './account-api.ts';
import { errorMessage, fieldErrorsOf } from './account-paths.ts';

const EMPTY_PASSWORD_CHANGE: PasswordChangeForm = { current_password: '', password: '', password_confirmation: '' };

/** A new password ends every session and API key of the account on the server: this session too. */
export function PasswordChange() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  async function submit(values: PasswordChangeForm, helpers: FormikHelpers<PasswordChangeForm>) {
    setFailure(null);
    try {
      await updateOwnAccount(values);
      // Leave the guarded page first, or the guard would see the ended session and redirect.
      await navigate('/accounts/login');
      endSession(dispatch);
      dispatch(noticeAdded('success', PASSWORD_CHANGED_MESSAGE));
    } catch (error) {
      setFailure(errorMessage(error));
      helpers.setErrors(fieldErrorsOf(error));
    }
  }
  return (
    <Box as="section" aria-labelledby="password-heading" borderWidth="1px" rounded="md" p="4">
      <Heading as="h2" id="password-heading" size="lg" mb="2">
        Change your password
      </Heading>
      <Text mb="3">
        A new password signs you out everywhere, this browser included, and revokes every API key of your account: sign in again and create
        new keys afterwards.
      </Text>
      <Formik<PasswordChangeForm>
        {...schemaFormProps(passwordChangeFormSchema, EMPTY_PASSWORD_CHANGE)}
        onSubmit={submit}
      >
        {(formik) => (
          <Form noValidate aria-label="Change your password">
            <WritesOffFieldset>
              <Stack gap="4" maxW="md">
                {failure && <FormAnswer kind="error">{failure}</FormAnswer>}
                <PasswordField name="current_password" label="Current password" required />
                <NewPasswordFields />
                <Button type="submit" alignSelf="flex-start" bg="brand.700" color="white" disabled={!formik.isValid || formik.isSubmitting} loading={formik.isSubmitting}>
                  Change password
                </Button>
              </Stack>
            </WritesOffFieldset>
          </Form>
        )}
      </Formik>
    </Box>
  );
}
