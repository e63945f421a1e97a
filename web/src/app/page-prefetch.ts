/**
 * Start-up asks the first query of the screen a visit lands on at once, before the screen's
 * code has loaded and rendered; the screen then takes that answer (useLatestQuery) instead of
 * asking again. Each query is built by the screen's own function, so the answer is exactly the
 * one the screen would get: a search page's search (search-prefetch.ts), the relation graph,
 * the first chart of a statistics tab and the timeline's first chart.
 */
import type { GraphqlOperation } from '@registry/schemas/search/client/graphql-request.ts';
import { startEarlyQuery } from '../api/early-queries.ts';
import { relationGraphQuery } from '../graph/graph-query.ts';
import { prefetchSearchFor } from '../search/search-prefetch.ts';
import { chartQuery, chartsFor, STATISTICS_TABS, TIMELINE_ADDED_QUERY } from '../statistics/statistics-queries.ts';

const GRAPH_PATH = /^\/graph\/([^/]+)\/?$/i;

/** The first query of the screen at this location, when it is one start-up asks for. */
export function landingQuery(location: Pick<Location, 'pathname' | 'search'>): GraphqlOperation | null {
  const path = location.pathname;
  const graph = GRAPH_PATH.exec(path);
  if (graph) {
    try {
      return relationGraphQuery(decodeURIComponent(graph[1]));
    } catch {
      return null;
    }
  }
  if (/^\/summary-statistics\/?$/i.test(path)) {
    const tabId = new URLSearchParams(location.search).get('tab');
    const tab = STATISTICS_TABS.find((candidate) => candidate.id === tabId) ?? STATISTICS_TABS[0];
    const [first] = chartsFor(tab);
    return first ? chartQuery(first, tab) : null;
  }
  if (/^\/timeline\/?$/i.test(path)) return TIMELINE_ADDED_QUERY;
  return null;
}

export function prefetchLandingQueries(location: Pick<Location, 'pathname' | 'search'>): void {
  prefetchSearchFor(location);
  const query = landingQuery(location);
  if (query) startEarlyQuery(query);
}
