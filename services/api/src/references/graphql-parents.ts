/**
 * What licences, licence links and publications are resolved from in GraphQL: this slice's part of `ResolverParents`
 * (graphql-types/resolver-parents.ts), whose aliases are the code generator's mappers.
 */
import type { LicenceLinkRow, LicenceRow, PublicationRow } from './reference-repository.ts';

declare module '../graphql-types/resolver-parents.ts' {
  interface ResolverParents {
    /** A licence row, or a search document's licence (no SPDX id). */
    Licence: Pick<LicenceRow, 'id' | 'name' | 'url'> & Partial<LicenceRow>;
    /** A publication row, or a search document's publication (fewer fields). */
    Publication: Pick<PublicationRow, 'id' | 'title' | 'url' | 'doi'> & Partial<PublicationRow>;
    LicenceLink: LicenceLinkRow;
  }
}
