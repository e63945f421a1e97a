/** /accounts/profile (login required): the user's information, API keys and activity lists, and the way to their webhooks. */
import { Link as RouterLink, useNavigate } from 'react-router';
import { Box, Button, Flex, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import { can } from '@registry/schemas/access/policy.ts';
import { useAppDispatch, useSession } from '../state/hooks.ts';
import { useViewer } from '../state/sessionViewer.ts';
import { logOut } from '../state/logOut.ts';
import { PageContainer } from '../shell/Layout.tsx';
import { ApiKeysPanel } from './ApiKeysPanel.tsx';
import { BrokenLinksPanel } from './BrokenLinksPanel.tsx';
import { FormAnswer } from '../kit/FormFields.tsx';
import { PersonalInformation } from './PersonalInformation.tsx';
import { UserActivityLists } from './UserActivityLists.tsx';
import { useUserProfile } from './useUserProfile.ts';
import { loadOwnAccount, type AccountUser } from './account-api.ts';
import { useLoad } from '../kit/useLoad.ts';

/** A new e-mail address waiting for its link (only the account's own settings, GET /users/edit, hold it). */
function PendingEmailNote() {
  const account = useLoad<AccountUser>({ key: 'own-account', load: () => loadOwnAccount() });
  const pending = account.status === 'ready' ? account.data.unconfirmed_email : null;
  if (!pending) return null;
  return (
    <Text mt="3" fontSize="sm" data-testid="pending-email">
      Your new address <strong>{pending}</strong> waits for confirmation: follow the link we sent to it. Until then your account keeps the address above.
    </Text>
  );
}

export function ProfilePage() {
  const session = useSession();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const id = session.user?.id;
  const profile = useUserProfile(id);
  const listsUsers = can(useViewer(), 'user.admin');

  return (
    <PageContainer wide>
      <Flex justify="space-between" align={{ base: 'flex-start', md: 'center' }} direction={{ base: 'column', md: 'row' }} gap="3" mb="6">
        <Heading as="h1" size="2xl" color="brand.800">
          Hi, {session.user?.credentials.username}
        </Heading>
        <Flex gap="2" wrap="wrap">
          <Button asChild bg="brand.700" color="white" size="sm">
            <RouterLink to="/profiles/edit">Edit profile</RouterLink>
          </Button>
          {id && (
            <Button asChild variant="outline" size="sm">
              <RouterLink to={`/users/${id}`}>Public profile</RouterLink>
            </Button>
          )}
          <Button asChild variant="outline" size="sm">
            <RouterLink to="/accounts/webhooks">Webhooks</RouterLink>
          </Button>
          {listsUsers && (
            <Button asChild variant="outline" size="sm">
              <RouterLink to="/profiles/usersList">Users list</RouterLink>
            </Button>
          )}
          <Button
            variant="outline"
            size="sm"
            onClick={() => {
              void logOut(dispatch, () => navigate('/'));
            }}
          >
            Log out
          </Button>
        </Flex>
      </Flex>
      {profile.status === 'loading' && <Spinner aria-label="Loading your profile" />}
      {profile.status === 'error' && <FormAnswer kind="error">{profile.message}</FormAnswer>}
      {profile.status === 'ready' && (
        <Stack gap="6">
          <Box as="section" aria-labelledby="personal-heading" borderWidth="1px" rounded="md" p="4">
            <Heading as="h2" id="personal-heading" size="lg" mb="3">
              Personal information
            </Heading>
            <PersonalInformation user={profile.user} />
            <PendingEmailNote />
          </Box>
          <ApiKeysPanel />
          <BrokenLinksPanel />
          <Box as="section" aria-labelledby="activity-heading">
            <Heading as="h2" id="activity-heading" size="lg" mb="3">
              Your activity
            </Heading>
            <UserActivityLists user={profile.user} own />
          </Box>
        </Stack>
      )}
    </PageContainer>
  );
}
