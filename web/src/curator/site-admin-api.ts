/**
 * The calls of the dashboard's super-curator tabs (public messages, notable events, site modes)
 * and of its downloads tab. The forms check their input with the same shared schemas the
 * services use (`@registry/schemas/forms/community.ts`, `notable-events.ts`).
 */
import type { NotableEventInput } from '@registry/schemas/forms/notable-events.ts';
import { graphqlQuery, rest, restGetText } from '../api/client.ts';
import { MESSAGES_QUERY } from '@registry/schemas/web/startup-data.ts';
import type { PublicMessagesQuery } from '@registry/schemas/web/startup-data.generated.ts';
import type { SiteModesAnswer } from '../state/siteModesWatch.ts';
import type { CurationSummaryFigures } from '@registry/schemas/curation/summary-figures.ts';
import { compactGraphql } from '@registry/schemas/search/client/graphql-literals.ts';
import type { CuratorSummaryStatisticsQuery } from './site-admin-api.generated.ts';
import { readCurationSummary } from './curation-json.ts';

export const loadMessages = async () => (await graphqlQuery<PublicMessagesQuery>(MESSAGES_QUERY)).messages;
export const createMessage = (message: string) => rest('post', '/messages', { body: { message: { message } } });
export const updateMessage = (id: string | number, message: string) => rest('put', '/messages/{id}', { path: { id: Number(id) }, body: { message: { message } } });
export const deleteMessage = (id: string | number) => rest('delete', '/messages/{id}', { path: { id: Number(id) } });

export const loadNotableEvents = () => rest('get', '/notable_events');
export const createNotableEvent = (event: NotableEventInput) => rest('post', '/notable_events', { body: { notable_event: event } });
export const updateNotableEvent = (id: number, event: NotableEventInput) => rest('put', '/notable_events/{id}', { path: { id }, body: { notable_event: event } });
export const deleteNotableEvent = (id: number) => rest('delete', '/notable_events/{id}', { path: { id } });

export const switchSiteModes = (modes: Partial<SiteModesAnswer>) => rest('put', '/api/site_modes', { body: modes });

/** The curators' CSV files (GET /files/…); they need the sign-in token, so the page fetches them and offers the file. */
export const CURATION_FILES = [
  { name: 'no_dois', title: 'Records without a DOI', description: 'Each approved record that has no DOI yet, with the reason.' },
  { name: 'creation_dates', title: 'Records created per month', description: 'How many records were created each month, per registry.' },
  { name: 'edit_dates', title: 'Edits per month', description: 'How many record edits were saved each month.' },
] as const;
export type CurationFileName = (typeof CURATION_FILES)[number]['name'];
// Asked as CSV: the same path answers FAIRsharing's list of lines to `Accept: application/json`.
export const loadCurationFile = (name: CurationFileName) => restGetText(`/files/${name}`, 'text/csv');


export type { CurationSummaryFigures };
/** The summary figures per registry (JSON in the schema, checked by readCurationSummary); the answer type is generated (site-admin-api.generated.ts). */
const CURATION_SUMMARY_QUERY = /* GraphQL */ `
  query CuratorSummaryStatistics { curatorSummaryStatistics(shape: object) }
`;
export const loadCurationSummary = async () =>
  readCurationSummary((await graphqlQuery<CuratorSummaryStatisticsQuery>(compactGraphql(CURATION_SUMMARY_QUERY))).curatorSummaryStatistics);
