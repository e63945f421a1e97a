/**
 * What claims (maintenance requests) are resolved from in GraphQL: this slice's part of `ResolverParents`
 * (graphql-types/resolver-parents.ts), whose aliases are the code generator's mappers.
 */
import type { MaintenanceRequestRow } from './claim-repository.ts';

declare module '../graphql-types/resolver-parents.ts' {
  interface ResolverParents {
    MaintenanceRequest: MaintenanceRequestRow;
  }
}
