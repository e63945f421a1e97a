import { useSiteConfig } from '../state/siteConfig.ts';
import { ContentPage } from '../shell/ContentPage.tsx';
import { API_GUIDE_PATH, API_GUIDE_SECTIONS, apiGuideSectionHref, graphqlCurlExample, restCurlExample } from './apiDocExamples.ts';

const SEARCH_EXAMPLE = `{
  searchFairsharingRecords(q: "ontology", fairsharingRegistry: "Standard", perPage: 10, page: 1) {
    totalCount
    totalPages
    records { id name abbreviation doi registry type status }
  }
}`;

const RECORD_EXAMPLE = `{
  fairsharingRecord(id: "10.25504/FAIRsharing.2mk2zb") {
    id name abbreviation description homepage status
    subjects { label } domains { label }
    licenceLinks { licence { name url } }
  }
}`;

/**
 * An example as written, scrolled sideways on narrow screens: focusable (and named) so that
 * keyboard users can scroll it too (WCAG 2.1.1; axe's scrollable-region-focusable).
 */
function Example({ label, children }: { label: string; children: string }) {
  return (
    <pre tabIndex={0} role="region" aria-label={label}>
      {children}
    </pre>
  );
}

/** /API_doc: how to use the GraphQL and REST APIs. */
export function ApiDocPage() {
  const { graphiqlPath, openApiPath, siteName } = useSiteConfig();
  const origin = window.location.origin;
  return (
    <ContentPage
      title="API documentation"
      intro={`Everything you see on ${siteName} is available through a public GraphQL API and REST reads in the JSON:API shape, and a REST API for accounts and editing.`}
      sections={[
        {
          heading: 'Try it',
          body: (
            <ul>
              <li>
                <a href={graphiqlPath}>GraphiQL</a>: an in-browser editor with the full GraphQL schema, auto-completion and
                documentation.
              </li>
              <li>
                <a href={openApiPath}>OpenAPI (REST) documentation</a>: every REST route with its request and response schema.
              </li>
            </ul>
          ),
        },
        {
          heading: 'Search records',
          body: (
            <>
              <p>POST the query as JSON to <code>/graphql</code>. Arguments are the same as the search page's URL parameters.</p>
              <Example label="GraphQL search example">{SEARCH_EXAMPLE}</Example>
            </>
          ),
        },
        {
          heading: 'Read one record',
          body: (
            <>
              <p>A record is found by its numeric id or its DOI.</p>
              <Example label="GraphQL record example">{RECORD_EXAMPLE}</Example>
            </>
          ),
        },
        {
          heading: 'From the command line',
          body: <Example label="curl example for GraphQL">{graphqlCurlExample(origin)}</Example>,
        },
        {
          heading: 'REST reads',
          body: (
            <>
              <p>
                Record lists, single records, searches and reference lists answer in the JSON:API shape that FAIRsharing's
                REST clients read; follow <code>links.next</code> to read a whole list.
              </p>
              <Example label="curl example for REST">{restCurlExample(origin)}</Example>
              <p>
                The <a href={API_GUIDE_PATH}>guide for scripts</a> has curl, Python and JavaScript examples for each:
              </p>
              <ul>
                {API_GUIDE_SECTIONS.map((heading) => (
                  <li key={heading}>
                    <a href={apiGuideSectionHref(heading)}>{heading}</a>
                  </li>
                ))}
              </ul>
            </>
          ),
        },
        {
          heading: 'Open data dumps',
          body: (
            <p>
              Every public record in one file: <a href="/export/records.json">records.json</a> or{' '}
              <a href="/export/records.csv">records.csv</a>. Counts per facet value and per year come from{' '}
              <code>GET /statistics/records</code> (or the GraphQL query <code>recordAggregations</code>).
            </p>
          ),
        },
        {
          heading: 'Authentication and limits',
          body: (
            <p>
              Reading needs no account. Editing calls need a token: log in with <code>POST /users/sign_in</code> and send the
              returned token as <code>Authorization: Bearer &lt;token&gt;</code>. Requests are rate-limited per client; please
              cache answers you reuse.
            </p>
          ),
        },
      ]}
    />
  );
}
