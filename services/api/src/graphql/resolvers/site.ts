/** Public warnings and the statistics page. */
import { activeUsersOnly, ANONYMOUS_VIEWER, visibleRecordsOnly } from '@registry/schemas';
import type { RegistryGraphqlContext } from '../context.ts';
import { isoDate, type MessageRow } from '../rows.ts';

type Context = RegistryGraphqlContext;
type NoArgs = Record<string, never>;

interface CountRow {
  registry: string;
  record_type: string | null;
  status: string;
  count: number | string;
}

function increment(target: Record<string, number>, key: string, by: number): void {
  target[key] = (target[key] ?? 0) + by;
}

export const siteQueries = {
  messages: (_root: unknown, _args: NoArgs, context: Context) =>
    context.db<MessageRow>('messages').select('*').orderBy('updated_at', 'desc'),

  /**
   * Public records counted per registry, record type and status (lower-case keys, as in search
   * aggregations), the same split per registry, and totals of the other entities.
   */
  async latestStats(_root: unknown, _args: NoArgs, context: Context) {
    const { db } = context;
    const [rows, organisations, users, views] = await Promise.all([
      db('records as r')
        .join('registries as g', 'g.id', 'r.registry_id')
        .leftJoin('record_types as t', 't.id', 'r.record_type_id')
        .modify(visibleRecordsOnly(ANONYMOUS_VIEWER, 'r'))
        .groupBy('g.name', 't.name', 'r.status')
        .select(db.raw('lower(g.name) as registry'), 't.name as record_type', 'r.status', db.raw('count(*)::int as count')) as Promise<CountRow[]>,
      db('organisations').count<{ count: string }[]>('* as count'),
      db('users').modify(activeUsersOnly()).count<{ count: string }[]>('* as count'),
      db('record_views').sum<{ sum: string | null }[]>('views as sum'),
    ]);
    const registries: Record<string, number> = {};
    const recordTypes: Record<string, number> = {};
    const statuses: Record<string, number> = {};
    const perRegistry: Record<string, { total: number; recordTypes: Record<string, number>; statuses: Record<string, number> }> = {};
    let records = 0;
    for (const row of rows) {
      const count = Number(row.count);
      records += count;
      increment(registries, row.registry, count);
      increment(statuses, row.status, count);
      if (row.record_type) increment(recordTypes, row.record_type, count);
      const registry = (perRegistry[row.registry] ??= { total: 0, recordTypes: {}, statuses: {} });
      registry.total += count;
      increment(registry.statuses, row.status, count);
      if (row.record_type) increment(registry.recordTypes, row.record_type, count);
    }
    return {
      data: {
        totals: {
          records,
          organisations: Number(organisations[0]?.count ?? 0),
          users: Number(users[0]?.count ?? 0),
          views: Number(views[0]?.sum ?? 0),
        },
        registries,
        recordTypes,
        statuses,
        perRegistry,
        generatedAt: new Date().toISOString(),
      },
    };
  },
};

export const siteTypeResolvers = {
  Message: {
    createdAt: (message: MessageRow) => isoDate(message.created_at),
    updatedAt: (message: MessageRow) => isoDate(message.updated_at),
  },
};
