import { Link as RouterLink } from 'react-router';
import { Heading, Text } from '@chakra-ui/react';
import { PageContainer } from '../../shell/Layout.tsx';

/** Account and curation screens that arrive with the accounts work; the routes and guards exist now. */
export function AccountPlaceholderPage({ title }: { title: string }) {
  return (
    <PageContainer>
      <Heading as="h1" size="2xl" color="brand.800">
        {title}
      </Heading>
      <Text mt="4">
        This part of the site is being built and arrives with user accounts. Meanwhile you can{' '}
        <RouterLink to="/search" style={{ textDecoration: 'underline' }}>
          search the registry
        </RouterLink>{' '}
        or read how to <RouterLink to="/new" style={{ textDecoration: 'underline' }}>add content</RouterLink>.
      </Text>
    </PageContainer>
  );
}
