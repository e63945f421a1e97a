/**
 * Shown when a screen fails to load (its code did not arrive within 120 s, or it threw while
 * rendering). It stands in for the whole app, so it does not rely on the shell.
 */
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ScreenLoadTimeoutError } from '../kit/loadScreen.ts';

export function RouteErrorPage() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const message = notFound
    ? 'There is nothing at this address.'
    : error instanceof ScreenLoadTimeoutError
      ? 'This screen took too long to load. Check your connection and reload the page.'
      : 'This screen could not be shown. Reload the page to try again.';
  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', maxWidth: '40rem', margin: '4rem auto', padding: '0 1rem' }}>
      <h1 style={{ fontSize: '2rem', color: '#1b2d56' }}>{notFound ? 'Page not found' : 'Something went wrong'}</h1>
      <p style={{ marginTop: '1rem' }}>{message}</p>
      <p style={{ marginTop: '1rem' }}>
        <a href="/" style={{ color: '#253d73' }}>
          Go to the home page
        </a>
      </p>
    </main>
  );
}
