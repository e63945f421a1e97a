/**
 * Entry point: create the store, start the start-up sequence (SPEC §4) while the first
 * screen's code loads, take the search answer the server put into a search page (or send the
 * landing screen's first query at once: app/page-prefetch.ts), so it is ready when the page renders, and render the router inside
 * the Chakra and Redux providers once the first screen's code is there.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router';
import { ChakraProvider } from '@chakra-ui/react';
import { adoptPageAnswers } from './api/early-queries.ts';
import { createAppRouter } from './app/routes.tsx';
import { SHELL_PARTS } from './app/shell-parts.ts';
import { ShellPartsContext } from './shell/shell-parts.ts';
import { watchSiteModes } from './state/siteModesWatch.ts';
import { runStartup } from './app/startup.ts';
import { createStore } from './state/store.ts';
import { prefetchLandingQueries } from './app/page-prefetch.ts';
import { system } from './theme/system.ts';

const store = createStore();
const router = createAppRouter();

void runStartup(store).then((outcome) => {
  if (outcome === 'failed') void router.navigate('/error/500', { replace: true });
});
watchSiteModes(store);
// After runStartup has restored the stored session: a logged-in visitor's search carries the
// token, and only an anonymous visitor takes the answer the server put into the page.
adoptPageAnswers({ loggedIn: store.getState().session.isLoggedIn });
prefetchLandingQueries(window.location);

const found = document.getElementById('root');
if (!found) throw new Error('index.html has no #root element');
const container: HTMLElement = found;

/** How long the first render waits for the screen's code before showing the loading state. */
const SCREEN_WAIT_MS = 1_000;

let rendered = false;
/**
 * Renders once the router has the screen's code (the page names its chunks, so it is usually
 * there as soon as the entry has run): one render of the whole page instead of a spinner first
 * and the page later. Route changes render in one go too (`useTransitions={false}`): their
 * screens are loaded before the router's state changes, and a transition rendered the first
 * search page in 5 ms slices that every start-up answer interrupted and restarted.
 */
function render(): void {
  if (rendered) return;
  rendered = true;
  createRoot(container).render(
    <StrictMode>
      <Provider store={store}>
        <ChakraProvider value={system}>
          <ShellPartsContext.Provider value={SHELL_PARTS}>
            <RouterProvider router={router} useTransitions={false} />
          </ShellPartsContext.Provider>
        </ChakraProvider>
      </Provider>
    </StrictMode>,
  );
}

if (router.state.initialized) render();
else {
  const start = () => {
    unsubscribe();
    clearTimeout(timer);
    render();
  };
  const unsubscribe = router.subscribe((state) => {
    if (state.initialized) start();
  });
  // A screen still loading after a moment: render the frame with its loading state meanwhile.
  const timer = setTimeout(start, SCREEN_WAIT_MS);
}
