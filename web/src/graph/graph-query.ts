/** The relation graph's query for a record id (the page asks it; start-up may ask it first, app/page-prefetch.ts). */
import { graphqlString } from '../api/client.ts';

export function relationGraphQuery(id: string): string {
  return `{fairsharingGraph(id:${graphqlString(id)}){data}}`;
}
