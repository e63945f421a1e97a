/** Public warnings and the statistics page. */
import type { RegistryGraphqlContext } from '../kernel/graphql-context.ts';
import { isoDate } from '../kernel/iso-date.ts';
import type { MessageRow } from '../messages/message-service.ts';
import type { QueryResolvers, Resolvers } from '../graphql-types/resolver-types.generated.ts';

type Context = RegistryGraphqlContext;
type NoArgs = Record<string, never>;

export const siteQueries: QueryResolvers = {
  messages: (_root: unknown, _args: NoArgs, context: Context) => context.messages.listMessages(),

  /** The statistics page's figures, from the index (site-statistics/latest-stats.ts). */
  async latestStats(_root: unknown, _args: NoArgs, context: Context) {
    return { data: await context.site.latestStats() };
  },
};

export const siteTypeResolvers: Resolvers = {
  Message: {
    createdAt: (message: MessageRow) => isoDate(message.created_at),
    updatedAt: (message: MessageRow) => isoDate(message.updated_at),
  },
};
