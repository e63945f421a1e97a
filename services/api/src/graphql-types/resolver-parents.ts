/**
 * What each GraphQL object type is resolved from, where that is not the type's own shape: the
 * slices' rows and search documents. GraphQL Code Generator takes the aliases below as its
 * mappers (`codegen.config.ts`), so in the generated `Resolvers` every field resolver's parent is
 * the row it really receives and every field that answers such a type must return that row.
 *
 * Each slice declares the parents of the types it owns in its own `graphql-parents.ts`, by adding
 * to `ResolverParents` (TypeScript's module augmentation). So this floor, below every slice,
 * names none of them: the slices' resolvers import the generated types, and the generated types
 * reach the slices' rows only through this interface, never by an import back up.
 */

/** GraphQL object type → what its resolvers receive; filled in by the slices' `graphql-parents.ts`. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the slices add its members
export interface ResolverParents {}

export type RecordParent = ResolverParents['FairsharingRecord'];
export type WithdrawnParent = ResolverParents['WithdrawnState'];
export type LicenceLinkParent = ResolverParents['LicenceLink'];
export type RecordAssociationParent = ResolverParents['RecordAssociation'];
export type RecordAssociationLabelParent = ResolverParents['RecordAssociationLabel'];
export type RegistryParent = ResolverParents['Registry'];
export type RecordTypeParent = ResolverParents['RecordType'];
export type ReviewParent = ResolverParents['RecordReview'];
export type SavedSearchParent = ResolverParents['SavedSearch'];
export type UserParent = ResolverParents['User'];
export type EditEventParent = ResolverParents['EditEvent'];
export type MaintenanceRequestParent = ResolverParents['MaintenanceRequest'];
export type OrganisationParent = ResolverParents['Organisation'];
export type OrganisationLinkParent = ResolverParents['OrganisationLink'];
export type OrganisationTypeParent = ResolverParents['OrganisationType'];
export type GrantParent = ResolverParents['Grant'];
export type TermParent = ResolverParents['Subject'];
export type DomainParent = ResolverParents['Domain'];
export type UserDefinedTagParent = ResolverParents['UserDefinedTag'];
export type CountryParent = ResolverParents['Country'];
export type LicenceParent = ResolverParents['Licence'];
export type PublicationParent = ResolverParents['Publication'];
export type MessageParent = ResolverParents['Message'];
export type SearchResultParent = ResolverParents['SearchResult'];
export type SearchRecordParent = ResolverParents['SearchRecord'];
export type CurationRecordParent = ResolverParents['CurationRecord'];
export type ProcessingNoteParent = ResolverParents['ProcessingNote'];
export type CurationMaintenanceRequestParent = ResolverParents['CurationMaintenanceRequest'];
