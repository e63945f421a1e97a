/**
 * The calls of the dashboard's super-curator tabs (public messages, notable events, site modes)
 * and of its downloads tab. The forms check their input with the same shared schemas the
 * services use (`@registry/schemas/forms/community.ts`, `notable-events.ts`).
 */
import type { NotableEvent, NotableEventInput } from '@registry/schemas/forms/notable-events.ts';
import { graphqlQuery, rest, restDelete, restGetText, restPost, restPut } from '../api/client.ts';
import { MESSAGES_QUERY } from '@registry/schemas/web/startup-data.ts';
import type { PublicMessagesQuery } from '@registry/schemas/web/startup-data.generated.ts';
import { SITE_MODES_PATH, type SiteModesAnswer } from '../state/siteModesWatch.ts';
import type { CurationSummaryFigures } from '@registry/schemas/curation/summary-figures.ts';
import { compactGraphql } from '@registry/schemas/search/client/graphql-literals.ts';
import type { CuratorSummaryStatisticsQuery } from './site-admin-api.generated.ts';
import { readCurationSummary } from './curation-json.ts';

export const loadMessages = async () => (await graphqlQuery<PublicMessagesQuery>(MESSAGES_QUERY)).messages;
export const createMessage = (message: string) => restPost<unknown>('/messages/', { message: { message } });
export const updateMessage = (id: string | number, message: string) => restPut<unknown>(`/messages/${id}`, { message: { message } });
export const deleteMessage = (id: string | number) => restDelete<unknown>(`/messages/${id}`);

export const loadNotableEvents = () => rest('get', '/notable_events');
export const createNotableEvent = (event: NotableEventInput) => rest('post', '/notable_events', { body: { notable_event: event } });
export const updateNotableEvent = (id: number, event: NotableEventInput) => restPut<NotableEvent>(`/notable_events/${id}`, { notable_event: event });
export const deleteNotableEvent = (id: number) => restDelete<unknown>(`/notable_events/${id}`);

export const switchSiteModes = (modes: Partial<SiteModesAnswer>) => restPut<SiteModesAnswer>(SITE_MODES_PATH, modes);

/** The curators' CSV files (GET /files/…); they need the sign-in token, so the page fetches them and offers the file. */
export const CURATION_FILES = [
  { name: 'no_dois', title: 'Records without a DOI', description: 'Each approved record that has no DOI yet, with the reason.' },
  { name: 'creation_dates', title: 'Records created per month', description: 'How many records were created each month, per registry.' },
  { name: 'edit_dates', title: 'Edits per month', description: 'How many record edits were saved each month.' },
] as const;
export type CurationFileName = (typeof CURATION_FILES)[number]['name'];
export const loadCurationFile = (name: CurationFileName) => restGetText(`/files/${name}`);


export type { CurationSummaryFigures };
/** The summary figures per registry (JSON in the schema, checked by readCurationSummary); the answer type is generated (site-admin-api.generated.ts). */
const CURATION_SUMMARY_QUERY = /* GraphQL */ `
  query CuratorSummaryStatistics { curatorSummaryStatistics }
`;
export const loadCurationSummary = async () =>
  readCurationSummary((await graphqlQuery<CuratorSummaryStatisticsQuery>(compactGraphql(CURATION_SUMMARY_QUERY))).curatorSummaryStatistics);
