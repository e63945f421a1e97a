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
  /** Creator and maintainers: who may see the record while it is unpublished. */
  ownerIds: number[];
  legacyIds: string[];
  metadata: Record<string, unknown>;
  /** Unknown (null) for seeded records whose sources give no date. */
  createdAt: Date | null;
  updatedAt: Date | null;
  subjects: IndexableTerm[];
  domains: IndexableTerm[];
  taxonomies: IndexableTerm[];
  objectTypes: IndexableTerm[];
  userDefinedTags: { id: number; label: string }[];
  /** Every subject and domain above the record's own (parents, their parents, ...), once each. */
  broaderTerms: { label: string; synonyms: string[] }[];
  countries: { id: number; code: string; name: string }[];
  licences: { id: number; name: string; url: string | null }[];
  organisationLinks: IndexableOrganisationLink[];
  publications: { id: number; title: string; url: string | null; doi: string | null }[];
  /** Public records that `collects` this one (relations count only when their other end is public). */
  collectionIds: number[];
  maintainersCount: number;
  /** Public records that `implements` this one. */
  implementedByCount: number;
  /** Distinct public records linked to this one by an association in either direction. */
  relatedRecordsCount: number;
  /** Public standards this record recommends (`recommends`, as policies do). */
  recommendedStandards: { id: number; name: string }[];
  /** Public databases this record recommends. */
  recommendedDatabases: { id: number; name: string }[];
  /** Public databases that `implements` this record. */
  implementedByDatabases: { id: number; name: string }[];
}
