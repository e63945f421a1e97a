import { Heading, Text } from '@chakra-ui/react';
import { useSiteConfig } from '../app/siteConfig.ts';
import { PageContainer } from '../shell/Layout.tsx';

/** SPEC §4: every route leads here while the server reports maintenance mode. */
export function MaintenancePage() {
  const { siteName } = useSiteConfig();
  return (
    <PageContainer>
      <Heading as="h1" size="3xl" color="brand.800" data-testid="maintenance">
        {siteName} is undergoing maintenance
      </Heading>
      <Text mt="4" fontSize="lg">
        We are updating the registry and it is unavailable for a short while. Records, searches and your account are safe;
        please come back shortly. We apologise for the inconvenience.
      </Text>
    </PageContainer>
  );
}
