/**
 * The GraphQL document a record page sends for its record. The web app sends it, and the server
 * answers it inside a record page for an anonymous visitor (services/api/src/pages/record-page.ts),
 * so both must build the very same text. The answer's type is generated from the fragment and the
 * API's schema (`npm run codegen`: record-page-query.generated.ts).
 */
import { fragmentSelection, graphqlArguments } from '../search/client/graphql-literals.ts';

export const RECORD_PAGE_FRAGMENT = /* GraphQL */ `
  fragment RecordPageFields on FairsharingRecord {
    id registry type doi status name abbreviation description homepage createdAt updatedAt lastReviewed missingDoiReason schemaOrg urlForLogo
    isRecommended isApproved isHidden legacyIds metadata withdrawn{reason withdrawnAt successor{id name}}
    countries{id name code} maintainers{id username orcid}
    subjects{id label} domains{id label} taxonomies{id label} userDefinedTags{id label} objectTypes{id label}
    grants{name description}
    licenceLinks{id relation licence{id name url}}
    organisationLinks{id relation isLead grant{id name} organisation{id name homepage urlForLogo countries{name}}}
    publications{id title doi authors journal url year pubmedId}
    recordAssociations{id recordAssocLabel linkedRecord{id name abbreviation registry type status}}
    reverseRecordAssociations{recordAssocLabel fairsharingRecord{id name abbreviation registry type status}}
  }
`;

/** The record page's fields as a selection, written on one line. */
export const RECORD_PAGE_FIELDS = fragmentSelection(RECORD_PAGE_FRAGMENT);

/**
 * The record page's query for an identifier as `fairsharingRecord(id:)` takes it. Numeric ids go
 * unquoted (Int-like), everything else as a string; the API takes either as ID.
 */
export function recordPageQuery(id: string): string {
  const value = /^\d+$/.test(id) ? Number(id) : id;
  return `{fairsharingRecord${graphqlArguments({ id: value })}{${RECORD_PAGE_FIELDS}}}`;
}
