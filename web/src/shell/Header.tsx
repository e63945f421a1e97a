/**
 * Site header (SPEC §2): logo, search box with Search and Advanced Search, the Login menu or
 * the profile button, and the navigation buttons. Small screens get a menu button that opens
 * the side drawer; the drawer and the advanced search dialog load only when first opened.
 * Every page paints the header first, so it is plain elements styled by ONE style object
 * (HEADER_STYLES: the buttons have the look of Chakra's button recipe); a styled component per
 * element made it cost more than a page of search results.
 */
import { lazy, memo, Suspense, useState, type FormEvent } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { Box, type SystemStyleObject } from '@chakra-ui/react';
import { useSession } from '../state/hooks.ts';
import { withLoadTimeout } from '../kit/loadScreen.ts';
import { useSiteConfig } from '../state/siteConfig.ts';
import { SuggestionsCombobox } from '../kit/suggestions/SuggestionsCombobox.tsx';
import { headerSearchTarget } from './headerSearch.ts';
import { LogoMark, MenuIcon, SearchIcon } from './icons.tsx';
import { LoginMenu } from './LoginMenu.tsx';
import { NAVIGATION_LINKS } from './navigation.ts';
import { useShellParts } from './shell-parts.ts';

const NavDrawer = lazy(() => withLoadTimeout(() => import('./NavDrawer.tsx')).then((m) => ({ default: m.NavDrawer })));

/** Height of the search box and its buttons: 35 px, 50 px on wide screens. */
const SEARCH_HEIGHT = { base: '35px', xl: '50px' };

const HEADER_STYLES: SystemStyleObject = {
  bg: 'brand.700',
  color: 'white',
  px: { base: '3', md: '6' },
  py: '3',
  boxShadow: 'sm',
  '& [data-header-row]': { display: 'flex', alignItems: 'center', gap: { base: '2', md: '4' }, flexWrap: { base: 'wrap', lg: 'nowrap' } },
  '& [data-brand]': { display: 'flex', alignItems: 'center', gap: '2', flexShrink: 0 },
  '& [data-brand] > a': { display: 'flex', alignItems: 'center', gap: '0.5rem', color: 'inherit', textDecoration: 'none' },
  '& [data-site-name]': { fontWeight: 'bold', fontSize: 'xl', letterSpacing: 'tight' },
  '& [data-header-search]': { order: { base: 3, lg: 2 }, flex: { base: '1 1 100%', lg: '1 1 0%' }, display: 'flex', justifyContent: 'center' },
  '& [data-header-search] > form': { display: 'flex', alignItems: 'center', gap: '2', flex: '1', maxW: { base: 'full', lg: '2xl' } },
  '& [data-header-search] input': { height: SEARCH_HEIGHT },
  '& [data-login]': { order: { base: 2, lg: 3 }, ml: 'auto', display: { base: 'none', lg: 'block' } },
  // Buttons: Chakra's button recipe, size md (sm with data-size), then each look of the header.
  '& [data-button]': {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: '2',
    flexShrink: 0,
    height: '10',
    minW: '10',
    px: '4',
    textStyle: 'sm',
    fontWeight: 'medium',
    whiteSpace: 'nowrap',
    borderRadius: 'l2',
    borderWidth: '1px',
    borderColor: 'transparent',
    bg: 'transparent',
    color: 'white',
    textDecoration: 'none',
    cursor: 'pointer',
  },
  '& [data-button] > svg': { width: '5', height: '5' },
  '& [data-button][data-size=sm]': { height: '9', minW: '9', px: '3.5' },
  '& [data-button][data-size=sm] > svg': { width: '4', height: '4' },
  '& [data-button]:hover': { bg: 'brand.600' },
  '& [data-button=icon]': { px: '0', display: { base: 'inline-flex', lg: 'none' } },
  '& [data-button=search]': { height: SEARCH_HEIGHT, bg: 'accent.400', color: 'gray.900' },
  '& [data-button=search]:hover': { bg: 'accent.500' },
  '& [data-button=search] > span': { display: { base: 'none', sm: 'inline' } },
  '& [data-button=outline]': { height: SEARCH_HEIGHT, borderColor: 'whiteAlpha.700', display: { base: 'none', md: 'inline-flex' } },
  '& [data-button=light]': { bg: 'white', color: 'brand.800' },
  '& [data-button=light]:hover': { bg: 'brand.50' },
  '& nav': { display: { base: 'none', lg: 'flex' }, flexWrap: 'wrap', justifyContent: 'center', gap: '1', mt: '3' },
  '& nav > [aria-current=page]': { bg: 'brand.600' },
};

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
    <form role="search" aria-label="Site search" onSubmit={submit}>
      <SuggestionsCombobox
        type="search"
        value={text}
        onValueChange={setText}
        placeholder="search through all content"
        aria-label="Search through all content"
      />
      <button type="submit" aria-label="Search" data-button="search">
        <SearchIcon />
        <span>Search</span>
      </button>
      <button type="button" data-button="outline" onClick={onAdvancedSearch}>
        Advanced Search
      </button>
    </form>
  );
}

/** Memoised: it reads what it shows itself, so a re-render of the layout around it skips it. */
export const Header = memo(function Header() {
  const { AdvancedSearchDialog } = useShellParts();
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
    <Box as="header" css={HEADER_STYLES}>
      <div data-header-row="">
        <div data-brand="">
          <button type="button" aria-label="Open the site menu" data-button="icon" onClick={openDrawer}>
            <MenuIcon />
          </button>
          <RouterLink to="/" aria-label={`${siteName} home`}>
            <LogoMark />
            <span data-site-name="">{siteName}</span>
          </RouterLink>
        </div>
        <div data-header-search="">
          <HeaderSearch onAdvancedSearch={openAdvancedSearch} />
        </div>
        <div data-login="">
          <LoginMenu session={session} />
        </div>
      </div>
      <nav aria-label="Main">
        {NAVIGATION_LINKS.map((link) => (
          <RouterLink key={link.to} to={link.to} data-button="" data-size="sm" aria-current={location.pathname === link.to ? 'page' : undefined}>
            {link.label}
          </RouterLink>
        ))}
      </nav>
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
});
