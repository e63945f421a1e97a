/**
 * The frame of every page: skip link, header, site messages, the route's hero, the page in
 * <main>, footer. Screens render while start-up runs (they must not wait for the messages
 * request); maintenance mode, once detected, redirects from the root route.
 */
import type { ReactNode } from 'react';
import { Box, Flex } from '@chakra-ui/react';
import { Footer } from './Footer.tsx';
import { Header } from './Header.tsx';
import { RouteHero } from './RouteHero.tsx';
import { SiteMessages } from './SiteMessages.tsx';

export function Layout({ children }: { children: ReactNode }) {
  return (
    <Flex direction="column" minH="100vh">
      <Box
        asChild
        position="absolute"
        left="2"
        top="-20"
        zIndex="skipLink"
        bg="white"
        color="brand.800"
        px="4"
        py="2"
        rounded="md"
        _focus={{ top: '2' }}
      >
        <a href="#main-content">Skip to content</a>
      </Box>
      <Header />
      <SiteMessages />
      <RouteHero />
      <Box as="main" id="main-content" tabIndex={-1} flex="1" outline="none">
        {children}
      </Box>
      <Footer />
    </Flex>
  );
}

/** Standard width and padding of page content, for every screen. */
export function PageContainer({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  return (
    <Box maxW={wide ? '7xl' : '5xl'} mx="auto" px={{ base: '4', md: '8' }} py={{ base: '6', md: '10' }}>
      {children}
    </Box>
  );
}
