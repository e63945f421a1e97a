/**
 * /profiles/edit (login required): the user's own fields with the §5 rules (the current password
 * when the e-mail changes; a new address waits for the link mailed to it), the organisations they
 * belong to, the change-mail preference, a password change (which ends every session and API
 * key), and deleting the account.
 */
import { Link as RouterLink } from 'react-router';
import { useEffect } from 'react';
import { Form, Formik, useField, useFormikContext } from 'formik';
import { WritesOffFieldset, WritesOffNotice } from '../shell/WritesOff.tsx';
import { Button, Flex, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import { ACCOUNT_MESSAGES, profileFormSchema } from '@registry/schemas/forms/account.ts';
import { TermPicker } from '../kit/TermPicker.tsx';
import type { Term } from '../kit/pick-lists.ts';
import { PageContainer } from '../shell/Layout.tsx';
import { ChangeMailsPreference } from './ChangeMailsPreference.tsx';
import { DeleteAccount } from './DeleteAccount.tsx';
import { FormAnswer, initialErrorsOf, PasswordField } from '../kit/FormFields.tsx';
import { PasswordChange } from './PasswordChange.tsx';
import { ProfileFields, profileValuesOf } from './ProfileFields.tsx';
import { needsCurrentPassword, organisationTermsOf, useProfileEdit, type ProfileEditValues } from './useProfileEdit.ts';

/** The organisations the user belongs to, shown on their public profile; saved with the profile. */
function OrganisationsField() {
  const [field, meta, helpers] = useField<Term[]>('organisations');
  return (
    <TermPicker
      list="organisations"
      label="Your organisations"
      value={field.value}
      onChange={(value) => void helpers.setValue(value)}
      error={typeof meta.error === 'string' ? meta.error : undefined}
    />
  );
}

/**
 * Shown once the e-mail differs: its rule (required) is said at once beside it, while Save waits,
 * rather than after a refused save.
 */
function CurrentPasswordField() {
  const { setFieldTouched } = useFormikContext<ProfileEditValues>();
  useEffect(() => {
    void setFieldTouched('current_password', true, false);
  }, [setFieldTouched]);
  return <PasswordField name="current_password" label="Current password (needed to change your e-mail)" required />;
}

export function ProfileEditPage() {
  const { account, profileTypes, failure, submit } = useProfileEdit();

  return (
    <PageContainer>
      <Flex justify="space-between" align="center" gap="3" mb="6" wrap="wrap">
        <Heading as="h1" size="2xl" color="brand.800">
          Edit your profile
        </Heading>
        <Button asChild variant="outline" size="sm">
          <RouterLink to="/accounts/profile">Back to your profile</RouterLink>
        </Button>
      </Flex>
      <Stack gap="6">
        <WritesOffNotice what="Changing your account" />
        {failure && <FormAnswer kind="error">{failure}</FormAnswer>}
        {!account && !failure && <Spinner aria-label="Loading your profile" />}
        {account && (
          <Formik<ProfileEditValues>
            initialValues={{ ...profileValuesOf(account), current_password: '', organisations: organisationTermsOf(account) }}
            validationSchema={profileFormSchema}
            // Besides the schema: an e-mail change asks for the current password, said beside its field before any call.
            validate={(values) => (needsCurrentPassword(account, values) && values.current_password === '' ? { current_password: ACCOUNT_MESSAGES.currentPasswordRequired } : {})}
            initialErrors={initialErrorsOf(profileFormSchema, profileValuesOf(account))}
            onSubmit={submit}
          >
            {(formik) => (
              <Form noValidate aria-label="Edit your profile">
                <WritesOffFieldset>
                  <Stack gap="4">
                    <ProfileFields profileTypes={profileTypes} />
                    <OrganisationsField />
                    {account.unconfirmed_email && (
                      <Text fontSize="sm" data-testid="pending-email">
                        Your new address {account.unconfirmed_email} waits for confirmation: follow the link we sent to it. Until then your
                        account keeps {account.email ?? 'no address'}.
                      </Text>
                    )}
                    {needsCurrentPassword(account, formik.values) && (
                      <Stack gap="2" maxW="md">
                        <Text fontSize="sm">A new e-mail address takes effect once you follow the link we send to it; we also tell your current address.</Text>
                        <CurrentPasswordField />
                      </Stack>
                    )}
                    <Text fontSize="sm" color="gray.700">
                      Role: {account.role?.replace(/_/g, ' ') ?? 'user'}
                      {account.third_party ? ' · signed up through a third-party account' : ''}
                      {account.awards?.length ? ` · awards: ${account.awards.join(', ')}` : ''}
                    </Text>
                    <Button type="submit" alignSelf="flex-start" bg="brand.700" color="white" disabled={!formik.isValid || formik.isSubmitting} loading={formik.isSubmitting}>
                      Save profile
                    </Button>
                  </Stack>
                </WritesOffFieldset>
              </Form>
            )}
          </Formik>
        )}
        {account && <ChangeMailsPreference account={account} />}
        <PasswordChange />
        <DeleteAccount />
      </Stack>
    </PageContainer>
  );
}
