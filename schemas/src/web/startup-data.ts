/**
 * What the web app's start-up (SPEC §4) needs from the server, sent inside every page of the app
 * as a JSON data block with this id, so a first visit renders without asking for it: the answers
 * to the two start-up queries (the search query's argument types, the public messages), the site
 * name and the modes in force. The server runs the same documents as the app would
 * (services/api/src/pages/startup-data.ts); a page without the block (the development server,
 * a server that could not read it) makes the app ask as before (web/src/app/startup.ts).
 */
import type { PublicMessagesQuery } from './startup-data.generated.ts';

export const STARTUP_DATA_ELEMENT_ID = 'startup-data';

/** The argument types of the queries: the app reads those of `searchFairsharingRecords`. */
export const INTROSPECTION_QUERY = `{__type(name:"Query"){fields{name args{name type{name kind ofType{name kind ofType{name kind ofType{name kind}}}}}}}}`;
/** The public messages; their answer type is generated (`npm run codegen`: startup-data.generated.ts). */
export const MESSAGES_QUERY = /* GraphQL */ `query PublicMessages{messages{id message updatedAt createdAt}}`;

export interface IntrospectedType {
  name: string | null;
  kind: string;
  ofType?: IntrospectedType | null;
}

/** The answer to INTROSPECTION_QUERY. */
export interface IntrospectionAnswer {
  __type: { fields: Array<{ name: string; args: Array<{ name: string; type: IntrospectedType }> }> } | null;
}

/** One public warning shown under the header (an item of MESSAGES_QUERY's answer). */
export type PublicMessage = PublicMessagesQuery['messages'][number];

export interface StartupData {
  introspection: IntrospectionAnswer;
  messages: PublicMessage[];
  siteName: string;
  modes: { maintenance: boolean; readOnly: boolean };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** Whether a parsed data block has the shape of StartupData (the parts the app reads). */
export function isStartupData(value: unknown): value is StartupData {
  if (!isRecord(value) || !isRecord(value.introspection) || !isRecord(value.modes)) return false;
  const { introspection, messages, siteName, modes } = value;
  const type = introspection.__type;
  return (
    (type === null || (isRecord(type) && Array.isArray(type.fields))) &&
    Array.isArray(messages) &&
    messages.every((message) => isRecord(message) && typeof message.message === 'string') &&
    typeof siteName === 'string' &&
    typeof modes.maintenance === 'boolean' &&
    typeof modes.readOnly === 'boolean'
  );
}
