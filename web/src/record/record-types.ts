/** The record page's view of `fairsharingRecord` (the API's GraphQL shape, fields we show). */
import type { TermLabel } from '../kit/records/search-types.ts';

export interface RecordSummary {
  id: number | string;
  name: string;
  abbreviation?: string | null;
  registry?: string | null;
  type?: string | null;
  status?: string | null;
}

export interface Publication {
  id: number | string;
  title: string;
  doi?: string | null;
  authors?: string | null;
  journal?: string | null;
  url?: string | null;
  year?: number | null;
  pubmedId?: number | string | null;
}

export interface OrganisationLink {
  id: number | string;
  relation?: string | null;
  isLead?: boolean | null;
  grant?: { id?: number | string; name: string } | null;
  organisation: { id: number | string; name: string; homepage?: string | null; urlForLogo?: string | null; countries?: Array<{ name: string }> | null } | null;
}

export interface LicenceLink {
  id: number | string;
  relation?: string | null;
  licence: { id: number | string; name: string; url?: string | null } | null;
}

export interface RegistryRecord {
  id: number;
  registry: string | null;
  type: string | null;
  doi: string | null;
  status: string | null;
  name: string;
  abbreviation: string | null;
  description: string | null;
  homepage: string | null;
  createdAt: string | null;
  updatedAt: string | null;
  lastReviewed: string | null;
  /** Why the record has no DOI yet (the API's words); null when it has one. */
  missingDoiReason: string | null;
  schemaOrg: unknown;
  urlForLogo: string | null;
  isRecommended: boolean | null;
  isApproved: boolean | null;
  legacyIds: unknown;
  metadata: Record<string, unknown> | null;
  countries: Array<{ id?: number | string; name: string; code?: string | null }> | null;
  maintainers: Array<{ id: number | string; username: string; orcid?: string | null }> | null;
  subjects: TermLabel[] | null;
  domains: TermLabel[] | null;
  taxonomies: TermLabel[] | null;
  userDefinedTags: TermLabel[] | null;
  objectTypes: TermLabel[] | null;
  grants: Array<{ name: string; description?: string | null }> | null;
  licenceLinks: LicenceLink[] | null;
  organisationLinks: OrganisationLink[] | null;
  publications: Publication[] | null;
  recordAssociations: Array<{ id?: number | string; recordAssocLabel: string; linkedRecord: RecordSummary | null }> | null;
  reverseRecordAssociations: Array<{ recordAssocLabel: string; fairsharingRecord: RecordSummary | null }> | null;
}
