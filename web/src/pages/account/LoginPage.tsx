import { Navigate, useSearchParams } from 'react-router';
import { Heading, Text } from '@chakra-ui/react';
import { useSession } from '../../app/hooks.ts';
import { PageContainer } from '../../shell/Layout.tsx';

/**
 * /accounts/login. Signed-in users skip it (to goTo, or their profile), as SPEC §2 asks.
 * The login form itself arrives with the accounts work.
 */
export function LoginPage() {
  const session = useSession();
  const [params] = useSearchParams();
  const goTo = params.get('goTo');
  if (session.isLoggedIn) return <Navigate to={goTo && goTo.startsWith('/') ? goTo : '/accounts/profile'} replace />;
  return (
    <PageContainer>
      <Heading as="h1" size="2xl" color="brand.800">
        Log in
      </Heading>
      <Text mt="4" data-testid="login-placeholder">
        Logging in arrives with user accounts. Browsing and searching the registry need no account.
      </Text>
      {goTo && (
        <Text mt="2" color="gray.700">
          After logging in you will return to <code>{goTo}</code>.
        </Text>
      )}
    </PageContainer>
  );
}
