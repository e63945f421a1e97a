/** The frame of the small account screens (login, sign-up, password, confirmation): a titled card. */
import type { ReactNode } from 'react';
import { Box, Heading } from '@chakra-ui/react';
import { PageContainer } from '../shell/Layout.tsx';

export function AccountCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <PageContainer>
      <Box maxW="md" mx="auto" bg="white" borderWidth="1px" rounded="lg" boxShadow="md" overflow="hidden">
        <Heading as="h1" size="xl" bg="brand.700" color="white" px="6" py="4" textAlign="center">
          {title}
        </Heading>
        <Box px={{ base: '4', md: '6' }} py="6">
          {children}
        </Box>
      </Box>
    </PageContainer>
  );
}
