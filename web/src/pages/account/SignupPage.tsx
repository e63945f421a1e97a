import { Navigate } from 'react-router';
import { Heading, Text } from '@chakra-ui/react';
import { useSession } from '../../app/hooks.ts';
import { PageContainer } from '../../shell/Layout.tsx';

/** /accounts/signup; signed-in users go to their profile. The form arrives with user accounts. */
export function SignupPage() {
  const session = useSession();
  if (session.isLoggedIn) return <Navigate to="/accounts/profile" replace />;
  return (
    <PageContainer>
      <Heading as="h1" size="2xl" color="brand.800">
        Create an account
      </Heading>
      <Text mt="4">
        Registration arrives with user accounts. An account will let you add and edit records, watch records, save searches
        and maintain your profile.
      </Text>
    </PageContainer>
  );
}
