import { Link as RouterLink } from 'react-router';
import { Button, Flex, Heading, Text } from '@chakra-ui/react';
import { PageContainer } from './Layout.tsx';
import { usePageTitle } from './usePageTitle.ts';

/** SPEC §2: /error/404 and every unknown path. */
export function NotFoundPage() {
  usePageTitle('Page not found');
  return (
    <PageContainer>
      <Heading as="h1" size="3xl" color="brand.800" data-testid="not-found">
        Page not found (404)
      </Heading>
      <Text mt="4" fontSize="lg">
        There is nothing at this address. The page may have moved, or the link you followed may be out of date.
      </Text>
      <Flex gap="3" mt="6" wrap="wrap">
        <Button asChild colorPalette="brand">
          <RouterLink to="/">Go to the home page</RouterLink>
        </Button>
        <Button asChild variant="outline">
          <RouterLink to="/search">Search the registry</RouterLink>
        </Button>
      </Flex>
    </PageContainer>
  );
}
