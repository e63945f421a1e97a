/** Shapes of the Postgres rows the resolvers receive (snake_case, as knex returns them). */
import type { UserRole } from '@registry/schemas';

export interface RecordRow {
  id: number;
  registry_id: number;
  record_type_id: number | null;
  doi: string | null;
  status: string;
  name: string;
  abbreviation: string | null;
  description: string;
  homepage: string | null;
  url_for_logo: string | null;
  legacy_ids: string[];
  metadata: Record<string, unknown>;
  is_hidden: boolean;
  is_approved: boolean;
  is_recommended: boolean;
  is_complete: boolean;
  exhaustive_licences: boolean;
  curator_notes: string | null;
  created_by_id: number | null;
  last_editor_id: number | null;
  last_reviewed: Date | null;
  last_edited: Date | null;
  replaced_by_id: number | null;
  suspected_duplicate_ids: number[];
  revision: number | string;
  /** Null when unknown (seeded records whose sources give no date). */
  created_at: Date | null;
  updated_at: Date | null;
}

export interface VocabularyRow {
  id: number;
  label: string;
  iri: string | null;
  definitions: string[];
  synonyms: string[];
}

export interface UserDefinedTagRow {
  id: number;
  label: string;
}

export interface CountryRow {
  id: number;
  code: string;
  name: string;
}

export interface LicenceRow {
  id: number;
  name: string;
  url: string | null;
  spdx_id: string | null;
}

export interface OrganisationRow {
  id: number;
  name: string;
  homepage: string | null;
  url_for_logo: string | null;
  alternative_names: string[];
  ror_link: string | null;
}

export interface OrganisationTypeRow {
  id: number;
  name: string;
}

export interface GrantRow {
  id: number;
  name: string;
  description: string;
}

export interface OrganisationLinkRow {
  id: number;
  record_id: number;
  organisation_id: number;
  relation: string;
  is_lead: boolean;
  grant_id: number | null;
}

export interface LicenceLinkRow {
  id: number;
  record_id: number;
  licence_id: number;
  relation: string;
}

export interface PublicationRow {
  id: number;
  title: string;
  doi: string | null;
  authors: string | null;
  journal: string | null;
  url: string | null;
  year: number | null;
  pubmed_id: string | null;
}

export interface RecordAssociationRow {
  id: number;
  record_id: number;
  linked_record_id: number;
  relation_type_id: number;
}

export interface RelationTypeRow {
  id: number;
  name: string;
  description: string;
}

export interface RegistryRow {
  id: number;
  name: string;
  description: string;
}

export interface RecordTypeRow {
  id: number;
  name: string;
  description: string;
  registry_id: number;
}

/** The public columns of a user (`PUBLIC_USER_COLUMNS`); private fields are read by the accounts code. */
export interface UserRow {
  id: number;
  username: string;
  first_name: string | null;
  last_name: string | null;
  homepage: string | null;
  orcid: string | null;
  twitter: string | null;
  mastodon: string | null;
  bluesky: string | null;
  third_party: boolean;
  awards: string[];
  role: UserRole;
  deactivated: boolean;
}

export interface SavedSearchRow {
  id: number;
  name: string;
  url: string;
  comments: string | null;
  creator_id: number | null;
  created_at: Date;
}

export interface ReviewRow {
  id: number;
  record_id: number;
  user_id: number | null;
  created_at: Date;
}

export interface MaintenanceRequestRow {
  id: number;
  record_id: number;
  user_id: number;
  status: string;
  created_at: Date;
}

export interface EditEventRow {
  id: number | string;
  record_id: number | null;
  user_id: number | null;
  edit_type: string;
  edit_event: unknown;
  created_at: Date;
}

/** ISO text of a timestamp column (null stays null). */
export function isoDate(value: Date | string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  return value instanceof Date ? value.toISOString() : new Date(value).toISOString();
}

export interface ProcessingNoteRow {
  id: number;
  record_id: number;
  user_id: number | null;
  note: string;
  created_at: Date;
}
