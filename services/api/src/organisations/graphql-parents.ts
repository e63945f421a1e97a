/**
 * What organisations, their links, types and grants are resolved from in GraphQL: this slice's part of `ResolverParents`
 * (graphql-types/resolver-parents.ts), whose aliases are the code generator's mappers.
 */
import type { GrantRow, OrganisationLinkRow, OrganisationRow, OrganisationTypeRow } from './organisation-repository.ts';

declare module '../graphql-types/resolver-parents.ts' {
  interface ResolverParents {
    Organisation: OrganisationRow;
    OrganisationLink: OrganisationLinkRow;
    OrganisationType: OrganisationTypeRow;
    Grant: GrantRow;
  }
}
