/** Public warnings and the statistics page. */
import { recordsAlias } from '@registry/schemas';
import { latestStats } from '../../site-statistics/latest-stats.ts';
import type { RegistryGraphqlContext } from '../context.ts';
import { isoDate, type MessageRow } from '../rows.ts';

type Context = RegistryGraphqlContext;
type NoArgs = Record<string, never>;

export const siteQueries = {
  messages: (_root: unknown, _args: NoArgs, context: Context) =>
    context.db<MessageRow>('messages').select('*').orderBy('updated_at', 'desc'),

  /** The statistics page's figures, from the index (site-statistics/latest-stats.ts). */
  async latestStats(_root: unknown, _args: NoArgs, context: Context) {
    return { data: await latestStats({ client: context.searchClient, alias: recordsAlias(context.config.indexPrefix) }) };
  },
};

export const siteTypeResolvers = {
  Message: {
    createdAt: (message: MessageRow) => isoDate(message.created_at),
    updatedAt: (message: MessageRow) => isoDate(message.updated_at),
  },
};
