import { Link as RouterLink } from 'react-router';
import { Button } from '@chakra-ui/react';
import { StatusPage } from './StatusPage.tsx';

/** SPEC §2/§4: where the app goes when start-up fails for a reason other than maintenance. */
export function ServerErrorPage() {
  return (
    <StatusPage
      title="Something went wrong (500)"
      testId="server-error"
      text="The server could not answer. This is usually temporary: please try again in a few minutes. If the problem persists, tell the curators through the contact details in the footer."
    >
      <Button asChild colorPalette="brand">
        <RouterLink to="/" reloadDocument>
          Try again
        </RouterLink>
      </Button>
    </StatusPage>
  );
}
