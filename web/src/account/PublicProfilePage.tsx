/** /users/{id}: a user's public profile (private fields only for the user and super curators, as the API decides). */
import { useParams } from 'react-router';
import { Box, Heading, Spinner, Stack } from '@chakra-ui/react';
import { can } from '@registry/schemas/access/policy.ts';
import { useViewer } from '../state/sessionViewer.ts';
import { usePageTitle } from '../shell/usePageTitle.ts';
import { PageContainer } from '../shell/Layout.tsx';
import { FormAnswer } from '../kit/FormFields.tsx';
import { PersonalInformation } from './PersonalInformation.tsx';
import { UserActivityLists } from './UserActivityLists.tsx';
import { useUserProfile } from './useUserProfile.ts';

export function PublicProfilePage() {
  const { id } = useParams();
  const numericId = id && /^\d+$/.test(id) ? Number(id) : null;
  const viewer = useViewer();
  const profile = useUserProfile(numericId);
  const own = numericId !== null && can(viewer, 'user.viewPrivate', { userId: numericId });
  usePageTitle(profile.status === 'ready' ? profile.user.username : null);

  return (
    <PageContainer wide>
      {profile.status === 'loading' && <Spinner aria-label="Loading the profile" />}
      {profile.status === 'error' && <FormAnswer kind="error">{profile.message}</FormAnswer>}
      {profile.status === 'ready' && (
        <Stack gap="6">
          <Heading as="h1" size="2xl" color="brand.800">
            {profile.user.username}
          </Heading>
          <Box as="section" aria-label="Profile" borderWidth="1px" rounded="md" p="4">
            <PersonalInformation user={profile.user} />
          </Box>
          <UserActivityLists user={profile.user} own={own} />
        </Stack>
      )}
    </PageContainer>
  );
}
