/**
 * The screens that ask for an e-mail address and send a mail: resend the confirmation
 * (/users/resendConfirmation), forgotten password (/accounts/forgotPassword), and the address an
 * account made by ORCID sign-in still lacks (/users/orcid/sendEmail; ORCID shares none).
 */
import { useState } from 'react';
import { Form, Formik } from 'formik';
import { Box, Button, Stack, Text } from '@chakra-ui/react';
import { emailFormSchema, type EmailForm } from '@registry/schemas/forms/account.ts';
import { AccountCard } from './AccountPage.tsx';
import { addMissingEmail, requestPasswordReset, resendConfirmation, type AccountAnswer } from './account-api.ts';
import { errorMessage } from './account-paths.ts';
import { FormAnswer, schemaFormProps, TextField } from '../kit/FormFields.tsx';

const EMPTY_EMAIL: EmailForm = { email: '' };

interface EmailRequestProps {
  title: string;
  explanation: string;
  button: string;
  send(email: string): Promise<AccountAnswer>;
  sentText: string;
}

function EmailRequest({ title, explanation, button, send, sentText }: EmailRequestProps) {
  const [answer, setAnswer] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);

  async function submit(values: EmailForm) {
    setAnswer(null);
    try {
      await send(values.email.trim());
      setAnswer({ kind: 'success', text: sentText });
    } catch (error) {
      setAnswer({ kind: 'error', text: errorMessage(error) });
    }
  }

  return (
    <AccountCard title={title}>
      <Stack gap="4">
        <Text>{explanation}</Text>
        {answer && <FormAnswer kind={answer.kind}>{answer.text}</FormAnswer>}
        <Formik<EmailForm> {...schemaFormProps(emailFormSchema, EMPTY_EMAIL)} onSubmit={submit}>
          {(formik) => (
            <Form noValidate aria-label={title}>
              <Stack gap="4">
                <TextField name="email" label="Email" type="email" autoComplete="email" required />
                <Box textAlign="center">
                  <Button type="submit" bg="brand.700" color="white" disabled={!formik.isValid || formik.isSubmitting} loading={formik.isSubmitting}>
                    {button}
                  </Button>
                </Box>
              </Stack>
            </Form>
          )}
        </Formik>
      </Stack>
    </AccountCard>
  );
}

export function ResendConfirmationPage() {
  return (
    <EmailRequest
      title="Resend the confirmation email"
      explanation="Enter the e-mail address of your account and we will send you a new confirmation link."
      button="SEND"
      send={resendConfirmation}
      sentText="If an unconfirmed account uses this address, a new confirmation link is on its way."
    />
  );
}

export function ForgotPasswordPage() {
  return (
    <EmailRequest
      title="Forgotten password"
      explanation="Enter the e-mail address of your account and we will send you a link to choose a new password."
      button="SEND RESET LINK"
      send={requestPasswordReset}
      sentText="If an account uses this address, a link to reset its password is on its way."
    />
  );
}

export function OrcidEmailPage() {
  return (
    <EmailRequest
      title="Your e-mail address"
      explanation="ORCID does not share your e-mail address with us. Give one so we can reach you about your records; we will send a link to confirm it."
      button="SAVE MY E-MAIL"
      send={addMissingEmail}
      sentText="Thank you. Follow the link we have sent: the address becomes your account's once you do."
    />
  );
}
