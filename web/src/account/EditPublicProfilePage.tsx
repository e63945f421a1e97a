/** /profiles/editPublicProfile/{id} (super curators): another user's fields, role, deactivation, deletion. */
import { useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { Form, Formik, useField, type FormikHelpers } from 'formik';
import { WritesOffFieldset } from '../shell/WritesOff.tsx';
import { Box, Button, Field, Flex, Heading, NativeSelect, SimpleGrid, Spinner, Stack } from '@chakra-ui/react';
import { adminUserFormSchema } from '@registry/schemas/forms/account.ts';
import { useAppDispatch } from '../state/hooks.ts';
import { noticeAdded } from '../state/messagesSlice.ts';
import { PageContainer } from '../shell/Layout.tsx';
import {
  DELETE_SUCCESS_MESSAGE,
  deleteUserAsAdmin,
  loadUserAsAdmin,
  loadUserRoles,
  UPDATE_SUCCESS_MESSAGE,
  updateUserAsAdmin,
  type AccountUser,
} from './account-api.ts';
import { errorMessage, fieldErrorsOf } from './account-paths.ts';
import { CheckboxField, FormAnswer, schemaFormProps } from '../kit/FormFields.tsx';
import { useLoad } from '../kit/useLoad.ts';
import { profileBody, ProfileFields, profileValuesOf, type ProfileValues } from './ProfileFields.tsx';
import { useProfileTypes } from './useProfileTypes.ts';

type AdminValues = ProfileValues & { role: string; deactivated: boolean };

function adminValuesOf(user: AccountUser): AdminValues {
  return { ...profileValuesOf(user), role: user.role ?? 'user', deactivated: !!user.deactivated };
}

function RoleSelect({ roles }: { roles: string[] }) {
  const [field, meta] = useField<string>('role');
  return (
    <Field.Root invalid={!!meta.error} required>
      <Field.Label>Role</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field {...field}>
          {roles.map((role) => (
            <option key={role} value={role}>
              {role.replace(/_/g, ' ')}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      {meta.error && <Field.ErrorText color="red.700">{meta.error}</Field.ErrorText>}
    </Field.Root>
  );
}

export function EditPublicProfilePage() {
  const { id } = useParams();
  const userId = id && /^\d+$/.test(id) ? Number(id) : null;
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const loaded = useLoad<[AccountUser, string[]]>(userId ? { key: String(userId), load: () => Promise.all([loadUserAsAdmin(userId), loadUserRoles()]) } : null);
  const [user, roles] = loaded.status === 'ready' ? loaded.data : [null, []];
  const profileTypes = useProfileTypes();
  const [saveFailure, setFailure] = useState<string | null>(null);
  const failure = saveFailure ?? (!userId ? 'User not found' : loaded.status === 'error' ? errorMessage(loaded.error) : null);

  async function submit(values: AdminValues, helpers: FormikHelpers<AdminValues>) {
    if (!userId) return;
    setFailure(null);
    try {
      await updateUserAsAdmin(userId, { ...profileBody(values), role: values.role, deactivated: values.deactivated });
      dispatch(noticeAdded('success', UPDATE_SUCCESS_MESSAGE));
      void navigate('/profiles/usersList');
    } catch (error) {
      setFailure(errorMessage(error));
      helpers.setErrors(fieldErrorsOf(error));
    }
  }

  async function remove() {
    if (!userId || !user || !window.confirm(`Delete the account of ${user.username}? This cannot be undone.`)) return;
    try {
      await deleteUserAsAdmin(userId);
      dispatch(noticeAdded('success', DELETE_SUCCESS_MESSAGE));
      void navigate('/profiles/usersList');
    } catch (error) {
      setFailure(errorMessage(error));
    }
  }

  return (
    <PageContainer>
      <Flex justify="space-between" align="center" gap="3" mb="6" wrap="wrap">
        <Heading as="h1" size="2xl" color="brand.800">
          Edit {user ? user.username : 'user'}
        </Heading>
        <Button asChild variant="outline" size="sm">
          <RouterLink to="/profiles/usersList">Back to the users list</RouterLink>
        </Button>
      </Flex>
      <Stack gap="6">
        {failure && <FormAnswer kind="error">{failure}</FormAnswer>}
        {!user && !failure && <Spinner aria-label="Loading the user" />}
        {user && (
          <Formik<AdminValues>
            {...schemaFormProps(adminUserFormSchema, adminValuesOf(user))}
            onSubmit={submit}
          >
            {(formik) => (
              <Form noValidate aria-label={`Edit ${user.username}`}>
                <WritesOffFieldset>
                  <Stack gap="4">
                    <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
                      <RoleSelect roles={roles.length ? roles : [formik.values.role]} />
                      <Box alignSelf="end" pb="2">
                        <CheckboxField name="deactivated">Deactivated (cannot log in; their tokens stop working)</CheckboxField>
                      </Box>
                    </SimpleGrid>
                    <ProfileFields profileTypes={profileTypes} />
                    <Flex gap="3" wrap="wrap">
                      <Button type="submit" bg="brand.700" color="white" disabled={!formik.isValid || formik.isSubmitting} loading={formik.isSubmitting}>
                        Save
                      </Button>
                      <Button type="button" colorPalette="red" variant="outline" onClick={() => void remove()}>
                        Delete this user
                      </Button>
                    </Flex>
                  </Stack>
                </WritesOffFieldset>
              </Form>
            )}
          </Formik>
        )}
      </Stack>
    </PageContainer>
  );
}
