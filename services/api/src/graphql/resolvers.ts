/**
 * Resolver assembly: every slice's resolvers (declared in its `<slice>-domain.ts`, listed in
 * `domains.ts`), merged type by type, with the access module's field table applied. Each slice's
 * part is typed by the schema's generated `Resolvers` where it is written.
 */
import type { QueryResolvers, Resolvers } from '../graphql-types/resolver-types.generated.ts';
import { JsonScalar } from './json-scalar.ts';
import { withFieldAccess } from './field-access.ts';
import { DOMAINS } from '../domains.ts';

/** The slices' resolvers merged: a type answered by several slices gets the fields of each. */
function mergedResolvers(parts: readonly Resolvers[]): Resolvers & { Query: QueryResolvers } {
  const merged: Record<string, Record<string, unknown>> = { Query: {} };
  for (const part of parts) {
    for (const [type, fields] of Object.entries(part)) {
      const own = merged[type] ?? {};
      // Two slices resolving one field: the later would silently win.
      const twice = Object.keys(fields as object).find((field) => field in own);
      if (twice) throw new Error(`${type}.${twice} is resolved by two slices`);
      merged[type] = { ...own, ...(fields as Record<string, unknown>) };
    }
  }
  // Each part is a typed Resolvers; their union type by type is one.
  return merged as unknown as Resolvers & { Query: QueryResolvers };
}

/** Every resolver, typed by the schema's generated `Resolvers` (graphql-types/). */
export const resolvers: Resolvers & { Query: QueryResolvers } = withFieldAccess({
  JSON: JsonScalar,
  ...mergedResolvers(DOMAINS.flatMap((domain) => (domain.resolvers ? [domain.resolvers] : []))),
});
