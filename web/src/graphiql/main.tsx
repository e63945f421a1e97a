/**
 * Entry of /graphiql (web/graphiql.html, a second page of the build): the GraphiQL explorer from
 * its npm package, served by our own server under the site's CSP, so it works offline. It
 * sends queries to /graphql as an anonymous client, as the API's examples do, and reads the
 * schema from the page.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { GraphiQL, type GraphiQLProps } from 'graphiql';
import { buildSchema, type GraphQLSchema } from 'graphql';
import { GRAPHQL_SDL_ELEMENT_ID } from '@registry/schemas/web/graphiql-page.ts';
import 'graphiql/style.css';
import './graphiql-page.css';

/** The schema the server put into the page; without it GraphiQL falls back to introspection. */
function schemaFromPage(): GraphQLSchema | undefined {
  const text = document.getElementById(GRAPHQL_SDL_ELEMENT_ID)?.textContent;
  const sdl: unknown = text ? JSON.parse(text) : undefined;
  return typeof sdl === 'string' ? buildSchema(sdl) : undefined;
}

const fetcher: GraphiQLProps['fetcher'] = async (params) => {
  const response = await fetch('/graphql', {
    method: 'POST',
    headers: { accept: 'application/json', 'content-type': 'application/json' },
    body: JSON.stringify(params),
  });
  return response.json();
};

const container = document.getElementById('graphiql');
if (!container) throw new Error('graphiql.html has no #graphiql element');

createRoot(container).render(
  <StrictMode>
    <GraphiQL fetcher={fetcher} schema={schemaFromPage()} defaultQuery={'{\n  searchFairsharingRecords(q: "ontology") {\n    totalCount\n    records { id name abbreviation }\n  }\n}\n'} />
  </StrictMode>,
);
