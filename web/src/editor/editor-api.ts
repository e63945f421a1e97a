/**
 * What the record editor reads and writes: the record as an editor needs it (ids, metadata and
 * the revision it was read at), the pick-list queries (search as you type), and the REST writes
 * of SPEC §7. A save carries the revision it started from, so a stale one is refused (409) with
 * who changed the record and when, instead of overwriting their work.
 */
import type { RecordSection } from '@registry/schemas/forms/record-sections.ts';
import { graphqlArguments } from '@registry/schemas/search/client/graphql-literals.ts';
import { graphqlQuery, restGet, restPost, restPut } from '../api/client.ts';

export interface Term {
  id: number | string;
  label: string;
}

export interface EditableRecord {
  id: string;
  registry: string | null;
  type: string | null;
  name: string;
  abbreviation: string | null;
  description: string | null;
  homepage: string | null;
  status: string | null;
  urlForLogo: string | null;
  revision: string;
  curatorNotes: string | null;
  isHidden: boolean;
  isApproved: boolean;
  metadata: Record<string, unknown> | null;
  countries: Term[];
  subjects: Term[];
  domains: Term[];
  taxonomies: Term[];
  userDefinedTags: Term[];
  objectTypes: Term[];
  recordAssociations: { id: string; recordAssocLabel: string; recordAssocLabelId: string; linkedRecord: { id: string; name: string; registry: string | null } | null }[];
}

const EDIT_FIELDS = `id registry type name abbreviation description homepage status urlForLogo revision curatorNotes isHidden isApproved metadata
  countries{id label:name} subjects{id label} domains{id label} taxonomies{id label} userDefinedTags{id label} objectTypes{id label}
  recordAssociations{id recordAssocLabel recordAssocLabelId linkedRecord{id name registry}}`;

export async function loadRecordForEdit(id: string): Promise<EditableRecord | null> {
  const data = await graphqlQuery<{ fairsharingRecord: EditableRecord | null }>(`{fairsharingRecord${graphqlArguments({ id })}{${EDIT_FIELDS}}}`);
  return data.fairsharingRecord;
}

export interface RecordType {
  id: string;
  name: string;
  fairsharingRegistry: { name: string } | null;
}

export async function loadRecordTypes(): Promise<RecordType[]> {
  return (await graphqlQuery<{ recordTypes: { records: RecordType[] } }>('{recordTypes{records{id name fairsharingRegistry{name}}}}')).recordTypes.records;
}

/** The pick-lists a record editor searches as the user types. */
export const VOCABULARY_QUERIES = {
  subjects: 'searchSubjects',
  domains: 'searchDomains',
  taxonomies: 'searchTaxonomies',
  userDefinedTags: 'searchUserDefinedTags',
  countries: 'searchCountries',
} as const;
export type PickList = keyof typeof VOCABULARY_QUERIES | 'objectTypes';

export async function searchPickList(list: PickList, q: string, signal?: AbortSignal): Promise<Term[]> {
  if (list === 'objectTypes') {
    return (await graphqlQuery<{ objectTypes: { records: Term[] } }>(`{objectTypes${graphqlArguments({ q })}{records{id label}}}`, { signal })).objectTypes.records;
  }
  const field = VOCABULARY_QUERIES[list];
  const label = list === 'countries' ? 'label:name' : 'label';
  const data = await graphqlQuery<Record<string, Term[]>>(`{${field}${graphqlArguments({ q })}{id ${label}}}`, { signal });
  return data[field] ?? [];
}

export async function duplicateCandidates(values: string[]): Promise<{ id: string; name: string; abbreviation: string | null; homepage: string | null }[]> {
  const fields = values.map((value) => value.trim()).filter(Boolean);
  if (fields.length === 0) return [];
  return (await graphqlQuery<{ duplicateCheck: { id: string; name: string; abbreviation: string | null; homepage: string | null }[] }>(
    `{duplicateCheck${graphqlArguments({ fields })}{id name abbreviation homepage}}`,
  )).duplicateCheck;
}

export async function searchRecordsByName(q: string, signal?: AbortSignal): Promise<{ id: string; name: string; registry: string }[]> {
  const data = await graphqlQuery<{ searchFairsharingRecords: { records: { id: string; name: string; registry: string }[] } }>(
    `{searchFairsharingRecords${graphqlArguments({ q, perPage: 10 })}{records{id name registry}}}`,
    { signal },
  );
  return data.searchFairsharingRecords.records;
}

export interface AllowedRelation {
  id: number;
  name: string;
  allowed_associations: { from: string; to: string }[];
}

export function loadAllowedRelations(): Promise<AllowedRelation[]> {
  return restGet<AllowedRelation[]>('/record_associations/allowed');
}

export interface MetadataFieldsSchema {
  properties: Record<string, { title: string; type: 'string' | 'array'; enum?: string[]; items?: { enum?: string[] } }>;
}

export function loadMetadataFields(recordType: string): Promise<MetadataFieldsSchema> {
  return restPost<MetadataFieldsSchema>('/fairsharing_records/metadata_fields', { type: recordType });
}

export interface SaveAnswer {
  data: { id: string };
  /** The revision the record is at after this save: the next save starts from it. */
  revision: string;
  message?: string;
  suspected_duplicates?: { id: number; name: string }[];
}

export function createRecord(record: Record<string, unknown>): Promise<SaveAnswer> {
  return restPost<SaveAnswer>('/fairsharing_records', { fairsharing_record: record });
}

export function saveSection(id: string, section: RecordSection, record: Record<string, unknown>, revision: string): Promise<SaveAnswer> {
  return restPut<SaveAnswer>(`/fairsharing_records/${id}`, { section, revision, fairsharing_record: record });
}
