/** Everything one search document is built from, as the loader reads it from Postgres. */

export interface IndexableTerm {
  id: number;
  label: string;
  iri: string | null;
  definitions: string[];
  synonyms: string[];
}

export interface IndexableOrganisationLink {
  organisationId: number;
  organisationName: string;
  relation: string;
  isLead: boolean;
  grantId: number | null;
  grantName: string | null;
}

export interface IndexableRecord {
  id: number;
  revision: number;
  doi: string | null;
  name: string;
  abbreviation: string | null;
  description: string;
  homepage: string | null;
  /** As stored in `registries.name` (e.g. "Standard"). */
  registryName: string;
  recordTypeName: string | null;
  status: string;
  isRecommended: boolean;
  isApproved: boolean;
  isHidden: boolean;
  legacyIds: string[];
  metadata: Record<string, unknown>;
  createdAt: Date;
  updatedAt: Date;
  subjects: IndexableTerm[];
  domains: IndexableTerm[];
  taxonomies: IndexableTerm[];
  objectTypes: IndexableTerm[];
  userDefinedTags: { id: number; label: string }[];
  countries: { id: number; code: string; name: string }[];
  licences: { id: number; name: string; url: string | null }[];
  /** Every subject and domain above the record's own (parents, their parents, ...), once each. */
  broaderTerms: { label: string; synonyms: string[] }[];
  organisationLinks: IndexableOrganisationLink[];
  publications: { id: number; title: string; url: string | null; doi: string | null }[];
  /** Records that `collects` this one. */
  collectionIds: number[];
  maintainersCount: number;
  /** Records that `implements` this one. */
  implementedByCount: number;
  /** Distinct records linked to this one by an association in either direction. */
  relatedRecordsCount: number;
}
