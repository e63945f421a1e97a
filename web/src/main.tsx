/**
 * Entry point: create the store, start the start-up sequence (SPEC §4) while the first
 * screen's code loads, take the search answer the server put into a search page (or send the
 * page's search at once), so it is ready when the page renders, and render the router inside
 * the Chakra and Redux providers.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router';
import { ChakraProvider } from '@chakra-ui/react';
import { adoptPageAnswers } from './api/early-queries.ts';
import { createAppRouter } from './app/routes.tsx';
import { runStartup } from './app/startup.ts';
import { createStore } from './app/store.ts';
import { prefetchSearchFor } from './search/search-prefetch.ts';
import { system } from './theme/system.ts';

const store = createStore();
const router = createAppRouter();

void runStartup(store).then((outcome) => {
  if (outcome === 'failed') void router.navigate('/error/500', { replace: true });
});
// After runStartup has restored the stored session: a logged-in visitor's search carries the
// token, and only an anonymous visitor takes the answer the server put into the page.
adoptPageAnswers({ loggedIn: store.getState().session.isLoggedIn });
prefetchSearchFor(window.location);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <Provider store={store}>
      <ChakraProvider value={system}>
        <RouterProvider router={router} />
      </ChakraProvider>
    </Provider>
  </StrictMode>,
);
