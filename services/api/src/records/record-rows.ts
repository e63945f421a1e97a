/**
 * The rows of the records' own tables (records, record_associations, record_reviews, edit_events)
 * as knex returns them (snake_case). The rows of the tables other slices own live in those
 * slices' repositories (users in accounts/, organisations in organisations/, …).
 */

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

export interface RecordAssociationRow {
  id: number;
  record_id: number;
  linked_record_id: number;
  relation_type_id: number;
}

export interface ReviewRow {
  id: number;
  record_id: number;
  user_id: number | null;
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

