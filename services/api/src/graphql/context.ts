/** What every resolver receives besides its arguments: connections, the viewer and the loaders. */
import type { Database, RegistryConfig, SearchClient } from '@registry/platform';
import type { Viewer } from '@registry/schemas';
import type { Loaders } from './loaders/index.ts';
import type { AccountService } from '../accounts/account-service.ts';

export interface RegistryGraphqlContext {
  db: Database;
  searchClient: SearchClient;
  config: RegistryConfig;
  viewer: Viewer;
  loaders: Loaders;
  /** User profiles and lists go through the accounts domain (it owns every user query with private fields). */
  accounts: AccountService;
}

declare module 'mercurius' {
  // Mercurius merges what our `context` function returns into its own context object.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface MercuriusContext extends RegistryGraphqlContext {}
}

/** Resolver signature with our context; `Parent` is the row or document being resolved. */
export type Resolver<Parent, Args, Result> = (
  parent: Parent,
  args: Args,
  context: RegistryGraphqlContext,
) => Result | Promise<Result>;

/** GraphQL `ID` arguments arrive as strings; database ids are numbers. */
export function numericId(raw: string | number | null | undefined): number | null {
  if (raw === null || raw === undefined) return null;
  const text = String(raw).trim();
  if (!/^\d{1,10}$/.test(text)) return null;
  const id = Number(text);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}
