import { Link as RouterLink } from 'react-router';
import { Button } from '@chakra-ui/react';
import { StatusPage } from './StatusPage.tsx';
import { usePageTitle } from './usePageTitle.ts';

/** SPEC §2: /error/404 and every unknown path. */
export function NotFoundPage() {
  usePageTitle('Page not found');
  return (
    <StatusPage
      title="Page not found (404)"
      testId="not-found"
      text="There is nothing at this address. The page may have moved, or the link you followed may be out of date."
    >
      <Button asChild colorPalette="brand">
        <RouterLink to="/">Go to the home page</RouterLink>
      </Button>
      <Button asChild variant="outline">
        <RouterLink to="/search">Search the registry</RouterLink>
      </Button>
    </StatusPage>
  );
}
