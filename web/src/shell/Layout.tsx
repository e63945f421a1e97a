/**
 * The frame of every page: skip link, header, site messages, the route's hero, the page in
 * <main>, footer (once the first screen has been painted). Screens render while start-up runs
 * (they must not wait for the messages request); maintenance mode, once detected, redirects
 * from the root route.
 */
import type { ReactNode } from 'react';
import { Box, type SystemStyleObject } from '@chakra-ui/react';
import { useAfterFirstPaint } from '../kit/firstPaint.ts';
import { Footer } from './Footer.tsx';
import { Header } from './Header.tsx';
import { RouteHero } from './RouteHero.tsx';
import { SiteMessages } from './SiteMessages.tsx';

/** The frame, its skip link and <main>, styled once (plain elements: every page paints them first). */
const LAYOUT_STYLES: SystemStyleObject = {
  display: 'flex',
  flexDirection: 'column',
  minH: '100vh',
  '& > [data-skip-link]': {
    position: 'absolute',
    left: '2',
    top: '-20',
    zIndex: 'skipLink',
    bg: 'white',
    color: 'brand.800',
    px: '4',
    py: '2',
    rounded: 'md',
    _focus: { top: '2' },
  },
  '& > main': { flex: '1', outline: 'none' },
};

export function Layout({ children }: { children: ReactNode }) {
  // Below the page: it waits for the first screen's paint (kit/firstPaint.ts).
  const showFooter = useAfterFirstPaint();
  return (
    <Box css={LAYOUT_STYLES}>
      <a href="#main-content" data-skip-link="">
        Skip to content
      </a>
      <Header />
      <SiteMessages />
      <RouteHero />
      <main id="main-content" tabIndex={-1}>
        {children}
      </main>
      {showFooter ? <Footer /> : null}
    </Box>
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
