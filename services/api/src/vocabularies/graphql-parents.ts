/**
 * What vocabulary terms, countries, registries, record types and relation types are resolved from in GraphQL: this slice's part of `ResolverParents`
 * (graphql-types/resolver-parents.ts), whose aliases are the code generator's mappers.
 */
import type { SearchDocumentTerm } from '@registry/schemas';
import type { CountryRow, RecordTypeRow, RegistryRow, RelationTypeRow, UserDefinedTagRow, VocabularyRow } from './vocabulary-repository.ts';

declare module '../graphql-types/resolver-parents.ts' {
  interface ResolverParents {
    /** A vocabulary term: a row, or as embedded in a search document. */
    Subject: VocabularyRow | SearchDocumentTerm;
    Taxonomy: VocabularyRow | SearchDocumentTerm;
    ObjectType: VocabularyRow | SearchDocumentTerm;
    /** Terms embedded in a search document say they are in use; rows are looked up. */
    Domain: (VocabularyRow | SearchDocumentTerm) & { inFairsharing?: boolean };
    UserDefinedTag: UserDefinedTagRow;
    Country: CountryRow;
    Registry: RegistryRow;
    RecordType: RecordTypeRow;
    /** A record association's label is its relation type. */
    RecordAssociationLabel: RelationTypeRow;
  }
}
