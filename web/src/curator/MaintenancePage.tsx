import { Box, Heading, Text } from '@chakra-ui/react';
import { can } from '@registry/schemas/access/policy.ts';
import { useViewer } from '../state/sessionViewer.ts';
import { useSiteConfig } from '../state/siteConfig.ts';
import { SiteModeSwitches } from './SiteModesTab.tsx';
import { PageContainer } from '../shell/Layout.tsx';

/**
 * SPEC §4: every route leads here while the server reports maintenance mode. A super curator
 * also gets the site mode switches here, since every other page is closed to them too.
 */
export function MaintenancePage() {
  const { siteName } = useSiteConfig();
  const managesSite = can(useViewer(), 'site.switchModes');
  return (
    <PageContainer>
      <Heading as="h1" size="3xl" color="brand.800" data-testid="maintenance">
        {siteName} is undergoing maintenance
      </Heading>
      <Text mt="4" fontSize="lg">
        We are updating the registry and it is unavailable for a short while. Records, searches and your account are safe;
        please come back shortly. We apologise for the inconvenience.
      </Text>
      {managesSite && (
        <Box mt="8" borderTopWidth="1px" pt="6">
          <Heading as="h2" size="lg" mb="4">Site modes</Heading>
          <SiteModeSwitches />
        </Box>
      )}
    </PageContainer>
  );
}
