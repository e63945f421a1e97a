/**
 * Site header (SPEC §2): logo, search box with Search and Advanced Search, the Login menu or
 * the profile button, and the navigation buttons. Small screens get a menu button that opens
 * the side drawer; the drawer and the advanced search dialog load only when first opened.
 */
import { lazy, Suspense, useState, type FormEvent } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { Box, Button, Flex, IconButton, Text } from '@chakra-ui/react';
import { useSession } from '../app/hooks.ts';
import { withLoadTimeout } from '../app/loadScreen.ts';
import { useSiteConfig } from '../app/siteConfig.ts';
import { SuggestionsCombobox } from '../search/SuggestionsCombobox.tsx';
import { headerSearchTarget } from './headerSearch.ts';
import { LogoMark, MenuIcon, SearchIcon } from './icons.tsx';
import { LoginMenu } from './LoginMenu.tsx';
import { NAVIGATION_LINKS } from './navigation.ts';

const NavDrawer = lazy(() => withLoadTimeout(() => import('./NavDrawer.tsx')).then((m) => ({ default: m.NavDrawer })));
const AdvancedSearchDialog = lazy(() =>
  withLoadTimeout(() => import('../advanced-search/AdvancedSearchDialog.tsx')).then((m) => ({
    default: m.AdvancedSearchDialog,
  })),
);

function HeaderSearch({ onAdvancedSearch }: { onAdvancedSearch(): void }) {
  const [text, setText] = useState('');
  const location = useLocation();
  const navigate = useNavigate();

  function submit(event: FormEvent) {
    event.preventDefault();
    const target = headerSearchTarget(text, location);
    if (target) void navigate(target);
  }

  return (
    <Flex as="form" role="search" onSubmit={submit} gap="2" flex="1" maxW={{ base: 'full', lg: '2xl' }} align="center">
      <SuggestionsCombobox
        type="search"
        value={text}
        onValueChange={setText}
        placeholder="search through all content"
        aria-label="Search through all content"
        bg="white"
        color="gray.900"
        h={{ base: '35px', xl: '50px' }}
        flex="1"
        minW="0"
      />
      <Button type="submit" aria-label="Search" bg="accent.400" color="gray.900" _hover={{ bg: 'accent.500' }} h={{ base: '35px', xl: '50px' }}>
        <SearchIcon />
        <Text as="span" display={{ base: 'none', sm: 'inline' }}>
          Search
        </Text>
      </Button>
      <Button
        type="button"
        variant="outline"
        color="white"
        borderColor="whiteAlpha.700"
        _hover={{ bg: 'brand.600' }}
        h={{ base: '35px', xl: '50px' }}
        onClick={onAdvancedSearch}
        display={{ base: 'none', md: 'inline-flex' }}
      >
        Advanced Search
      </Button>
    </Flex>
  );
}

export function Header() {
  const { siteName } = useSiteConfig();
  const session = useSession();
  const location = useLocation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [drawerLoaded, setDrawerLoaded] = useState(false);
  const [advancedOpen, setAdvancedOpen] = useState(false);
  const [advancedLoaded, setAdvancedLoaded] = useState(false);

  function openDrawer() {
    setDrawerLoaded(true);
    setDrawerOpen(true);
  }

  function openAdvancedSearch() {
    setAdvancedLoaded(true);
    setAdvancedOpen(true);
  }

  return (
    <Box as="header" bg="brand.700" color="white" px={{ base: '3', md: '6' }} py="3" boxShadow="sm">
      <Flex align="center" gap={{ base: '2', md: '4' }} wrap={{ base: 'wrap', lg: 'nowrap' }}>
        <Flex align="center" gap="2" flexShrink={0}>
          <IconButton
            aria-label="Open the site menu"
            variant="ghost"
            color="white"
            _hover={{ bg: 'brand.600' }}
            display={{ base: 'inline-flex', lg: 'none' }}
            onClick={openDrawer}
          >
            <MenuIcon />
          </IconButton>
          <RouterLink to="/" aria-label={`${siteName} home`} style={{ display: 'flex', alignItems: 'center', gap: '0.5rem' }}>
            <LogoMark />
            <Text as="span" fontWeight="bold" fontSize="xl" letterSpacing="tight">
              {siteName}
            </Text>
          </RouterLink>
        </Flex>
        <Box order={{ base: 3, lg: 2 }} flex={{ base: '1 1 100%', lg: '1 1 0%' }} display="flex" justifyContent="center">
          <HeaderSearch onAdvancedSearch={openAdvancedSearch} />
        </Box>
        <Box order={{ base: 2, lg: 3 }} ml="auto" display={{ base: 'none', lg: 'block' }}>
          <LoginMenu session={session} />
        </Box>
      </Flex>
      <Flex
        as="nav"
        aria-label="Main"
        mt="3"
        gap="1"
        wrap="wrap"
        justify="center"
        display={{ base: 'none', lg: 'flex' }}
      >
        {NAVIGATION_LINKS.map((link) => {
          const active = location.pathname === link.to;
          return (
            <Button
              key={link.to}
              asChild
              size="sm"
              variant="ghost"
              color="white"
              bg={active ? 'brand.600' : undefined}
              _hover={{ bg: 'brand.600' }}
            >
              <RouterLink to={link.to} aria-current={active ? 'page' : undefined}>
                {link.label}
              </RouterLink>
            </Button>
          );
        })}
      </Flex>
      {drawerLoaded && (
        <Suspense fallback={null}>
          <NavDrawer
            open={drawerOpen}
            onClose={() => setDrawerOpen(false)}
            onAdvancedSearch={openAdvancedSearch}
            currentPath={location.pathname + location.search}
          />
        </Suspense>
      )}
      {advancedLoaded && (
        <Suspense fallback={null}>
          <AdvancedSearchDialog isOpen={advancedOpen} onClose={() => setAdvancedOpen(false)} />
        </Suspense>
      )}
    </Box>
  );
}
