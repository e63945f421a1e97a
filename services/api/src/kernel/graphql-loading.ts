/** Field resolvers that read through the request's DataLoaders (`context.loaders`), shared by the slices' resolvers. */
import type DataLoader from 'dataloader';
import type { RegistryGraphqlContext } from './graphql-context.ts';

type Loaders = RegistryGraphqlContext['loaders'];

/** A field answered by one loader keyed by the parent's own id: `loadedByOwnId((loaders) => loaders.recordSubjects)`. */
export function loadedByOwnId<V>(pick: (loaders: Loaders) => DataLoader<number, V>) {
  return (parent: { id: number }, _args: unknown, context: RegistryGraphqlContext): Promise<V> => pick(context.loaders).load(parent.id);
}

/** The rows a loader finds for these ids, each once in first-seen order; ids it finds nothing for are left out. */
async function distinctRows<T extends { id: number }>(loader: DataLoader<number, T | null>, ids: readonly number[]): Promise<T[]> {
  const seen = new Map<number, T>();
  for (const row of await loader.loadMany(ids)) if (row && !(row instanceof Error) && !seen.has(row.id)) seen.set(row.id, row);
  return [...seen.values()];
}

/**
 * A field answered by the rows the parent's links point at, each once (a record's grants,
 * licences and organisations through its link rows); links that point nowhere are skipped.
 */
export function linkedRows<L, T extends { id: number }>(
  links: (loaders: Loaders) => DataLoader<number, L[]>,
  rows: (loaders: Loaders) => DataLoader<number, T | null>,
  target: (link: L) => number | null,
) {
  return async (parent: { id: number }, _args: unknown, context: RegistryGraphqlContext): Promise<T[]> => {
    const ids = (await links(context.loaders).load(parent.id)).map(target);
    return distinctRows(rows(context.loaders), ids.filter((id): id is number => id !== null));
  };
}
