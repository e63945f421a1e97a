/** Field resolvers that read through the request's DataLoaders (`context.loaders`), shared by the slices' resolvers. */
import type DataLoader from 'dataloader';
import type { RegistryGraphqlContext } from './graphql-context.ts';

type Loaders = RegistryGraphqlContext['loaders'];

/** A field answered by one loader keyed by the parent's own id: `loadedByOwnId((loaders) => loaders.recordSubjects)`. */
export function loadedByOwnId<V>(pick: (loaders: Loaders) => DataLoader<number, V>) {
  return (parent: { id: number }, _args: unknown, context: RegistryGraphqlContext): Promise<V> => pick(context.loaders).load(parent.id);
}

/** The rows a loader finds for these ids, each once in first-seen order; ids it finds nothing for are left out. */
export async function distinctRows<T extends { id: number }>(loader: DataLoader<number, T | null>, ids: readonly number[]): Promise<T[]> {
  const seen = new Map<number, T>();
  for (const row of await loader.loadMany(ids)) if (row && !(row instanceof Error) && !seen.has(row.id)) seen.set(row.id, row);
  return [...seen.values()];
}
