import { Link as RouterLink } from 'react-router';
import { Button, Heading, Text } from '@chakra-ui/react';
import { PageContainer } from './Layout.tsx';

/** SPEC §2/§4: where the app goes when start-up fails for a reason other than maintenance. */
export function ServerErrorPage() {
  return (
    <PageContainer>
      <Heading as="h1" size="3xl" color="brand.800" data-testid="server-error">
        Something went wrong (500)
      </Heading>
      <Text mt="4" fontSize="lg">
        The server could not answer. This is usually temporary: please try again in a few minutes. If the problem persists,
        tell the curators through the contact details in the footer.
      </Text>
      <Button asChild colorPalette="brand" mt="6">
        <RouterLink to="/" reloadDocument>
          Try again
        </RouterLink>
      </Button>
    </PageContainer>
  );
}
