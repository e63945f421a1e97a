/**
 * The start-up data sent inside every page of the app (@registry/schemas/web/startup-data.ts):
 * the answers to the app's own start-up queries, run through the GraphQL schema as an anonymous
 * visitor (messages are the same for everyone), the site name and the modes in force. With it a
 * first visit renders without two round trips after the script has run.
 *
 * The introspection answer cannot change while the process lives, so it is asked once. Messages
 * are read for every page (one small query), so a message published or deleted shows on the next
 * page at once, in every server process. Anything failing sends the page without the block (the
 * app then asks itself, and reports what fails as it always did).
 */
import type { FastifyInstance } from 'fastify';
import { ANONYMOUS_VIEWER } from '@registry/schemas';
import {
  INTROSPECTION_QUERY,
  MESSAGES_QUERY,
  STARTUP_DATA_ELEMENT_ID,
  type IntrospectionAnswer,
  type StartupData,
} from '@registry/schemas/web/startup-data.ts';
import type { PublicMessagesQuery } from '@registry/schemas/web/startup-data.generated.ts';
import { graphqlContextFor } from '../kernel/graphql-context.ts';
import { jsonDataElement } from './early-search-answer.ts';

export interface StartupDataSource {
  /** The data for a page served now, or null when it cannot be read. */
  read(): Promise<StartupData | null>;
}

async function anonymousAnswer<T extends object>(app: FastifyInstance, query: string): Promise<T> {
  const result = await app.graphql<T>(query, graphqlContextFor(app, ANONYMOUS_VIEWER));
  if (result.errors?.length || !result.data) throw new Error(result.errors?.[0]?.message ?? `no data for ${query}`);
  return result.data;
}

/** The first successful read of `read`, kept; a failed read is forgotten at once. */
function readOnce<T>(read: () => Promise<T>): () => Promise<T> {
  let kept: Promise<T> | undefined;
  return () => {
    const current = kept ?? read();
    kept = current;
    current.catch(() => {
      if (kept === current) kept = undefined;
    });
    return current;
  };
}

export function startupDataSource(app: FastifyInstance): StartupDataSource {
  const introspection = readOnce(() => anonymousAnswer<IntrospectionAnswer>(app, INTROSPECTION_QUERY));
  const messages = async () => (await anonymousAnswer<PublicMessagesQuery>(app, MESSAGES_QUERY)).messages;
  return {
    async read() {
      const modes = app.siteModes.current();
      try {
        return {
          introspection: await introspection(),
          // In maintenance the app's own call would be refused: it shows none.
          messages: modes.maintenance ? [] : await messages(),
          siteName: app.config.siteName,
          modes: { maintenance: modes.maintenance, readOnly: modes.readOnly },
        };
      } catch (error) {
        app.log.warn({ reason: error instanceof Error ? error.message : String(error) }, 'page sent without its start-up data');
        return null;
      }
    },
  };
}

export function startupDataElement(data: StartupData): string {
  return jsonDataElement(STARTUP_DATA_ELEMENT_ID, data);
}
