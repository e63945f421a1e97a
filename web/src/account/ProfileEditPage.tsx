/**
 * /profiles/edit (login required): the user's own fields with the §5 rules (the current password
 * when the e-mail changes; a new address waits for the link mailed to it), the organisations they
 * belong to, the change-mail preference, a password change (which ends every session and API
 * key), and deleting the account.
 */
import { useEffect, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { Form, Formik, useField, type FormikHelpers } from 'formik';
import { WriteControl, WritesOffFieldset, WritesOffNotice } from '../shell/WritesOff.tsx';
import { Box, Button, Flex, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import { passwordChangeFormSchema, profileFormSchema, type PasswordChangeForm } from '@registry/schemas/forms/account.ts';
import { useAppDispatch, useSession } from '../state/hooks.ts';
import { noticeAdded } from '../state/messagesSlice.ts';
import { endSession, startSession } from '../state/sessionSlice.ts';
import { TermPicker } from '../kit/TermPicker.tsx';
import type { Term } from '../kit/pick-lists.ts';
import { PageContainer } from '../shell/Layout.tsx';
import {
  DELETE_SUCCESS_MESSAGE,
  deleteOwnAccount,
  loadOwnAccount,
  loadProfileTypes,
  PASSWORD_CHANGED_MESSAGE,
  UPDATE_SUCCESS_MESSAGE,
  updateOwnAccount,
  type AccountUser,
} from './account-api.ts';
import { errorMessage, fieldErrorsOf } from './account-paths.ts';
import { ChangeMailsPreference } from './ChangeMailsPreference.tsx';
import { FormAnswer, initialErrorsOf, PasswordField } from '../kit/FormFields.tsx';
import { profileBody, ProfileFields, profileValuesOf, type ProfileValues } from './ProfileFields.tsx';

const EMPTY_PASSWORD_CHANGE: PasswordChangeForm = { current_password: '', password: '', password_confirmation: '' };

type ProfileEditValues = ProfileValues & { current_password: string; organisations: Term[] };

function organisationTermsOf(account: AccountUser): Term[] {
  return (account.organisations ?? []).map((organisation) => ({ id: organisation.id, label: organisation.name }));
}

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

/** The server asks for the current password before an e-mail change (accounts with a password only). */
function needsCurrentPassword(account: AccountUser, values: ProfileValues): boolean {
  return !account.third_party && values.email.trim().toLowerCase() !== (account.email ?? '').toLowerCase();
}

/** A new password ends every session and API key of the account on the server: this session too. */
function PasswordChange() {
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
        initialValues={EMPTY_PASSWORD_CHANGE}
        validationSchema={passwordChangeFormSchema}
        initialErrors={initialErrorsOf(passwordChangeFormSchema, EMPTY_PASSWORD_CHANGE)}
        onSubmit={submit}
      >
        {(formik) => (
          <Form noValidate aria-label="Change your password">
            <WritesOffFieldset>
              <Stack gap="4" maxW="md">
                {failure && <FormAnswer kind="error">{failure}</FormAnswer>}
                <PasswordField name="current_password" label="Current password" required />
                <PasswordField name="password" label="New password" autoComplete="new-password" required />
                <PasswordField name="password_confirmation" label="Repeat the new password" autoComplete="new-password" required />
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

function DeleteAccount() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  async function remove() {
    if (!window.confirm('Delete your account? Your personal data is removed; this cannot be undone.')) return;
    try {
      await deleteOwnAccount();
      await navigate('/');
      endSession(dispatch);
      dispatch(noticeAdded('success', DELETE_SUCCESS_MESSAGE));
    } catch (error) {
      setFailure(errorMessage(error));
    }
  }
  return (
    <Box as="section" aria-labelledby="delete-heading" borderWidth="1px" borderColor="red.300" rounded="md" p="4">
      <Heading as="h2" id="delete-heading" size="lg" mb="2">
        Delete your account
      </Heading>
      <Text mb="3">Your personal data is removed. Records you edited keep your changes under a “deleted user”.</Text>
      {failure && <FormAnswer kind="error">{failure}</FormAnswer>}
      <WriteControl>
        <Button colorPalette="red" variant="outline" onClick={() => void remove()}>
          Delete my account
        </Button>
      </WriteControl>
    </Box>
  );
}

export function ProfileEditPage() {
  const session = useSession();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [account, setAccount] = useState<AccountUser | null>(null);
  const [profileTypes, setProfileTypes] = useState<string[]>([]);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    loadOwnAccount().then(
      (user) => live && setAccount(user),
      (error: unknown) => live && setFailure(errorMessage(error)),
    );
    loadProfileTypes().then(
      (types) => live && setProfileTypes(types),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);

  async function submit({ current_password, organisations, ...values }: ProfileEditValues, helpers: FormikHelpers<ProfileEditValues>) {
    setFailure(null);
    try {
      const body = profileBody(values);
      const organisation_ids = organisations.map((organisation) => Number(organisation.id));
      const answer = await updateOwnAccount({ ...body, organisation_ids, ...(account && needsCurrentPassword(account, values) ? { current_password } : {}) });
      if (session.user && body.username !== session.user.credentials.username) {
        startSession(dispatch, { ...session.user, credentials: { ...session.user.credentials, username: String(body.username) } });
      }
      // The server's words: a new e-mail address is not saved yet, it waits for its link.
      dispatch(noticeAdded('success', answer.message ?? UPDATE_SUCCESS_MESSAGE));
      void navigate('/accounts/profile');
    } catch (error) {
      setFailure(errorMessage(error));
      helpers.setErrors(fieldErrorsOf(error));
    }
  }

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
                        <PasswordField name="current_password" label="Current password (needed to change your e-mail)" required />
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
