/**
 * What the record editor reads and writes: the record as an editor needs it (ids, metadata and
 * the revision it was read at) and the REST writes of SPEC §7. A save carries the revision it started from, so a stale one is refused (409) with
 * who changed the record and when, instead of overwriting their work.
 */
import type { AccessResource } from '@registry/schemas/access/policy.ts';
import type { RecordSection } from '@registry/schemas/forms/record-sections.ts';
import { graphqlArguments } from '@registry/schemas/search/client/graphql-literals.ts';
import { graphqlQuery, restDelete, restGet, restPost, restPut } from '../api/client.ts';
import type { Term } from '../kit/pick-lists.ts';

/** A record's terms, each list as its pick list names it. */
export interface RecordTerms {
  countries: Term[];
  subjects: Term[];
  domains: Term[];
  taxonomies: Term[];
  userDefinedTags: Term[];
  objectTypes: Term[];
}

export interface EditableRecord extends RecordTerms {
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
  /** Who may edit it: the access module's record facts. */
  creator: { id: string } | null;
  maintainers: { id: string }[];
  metadata: Record<string, unknown> | null;
  recordAssociations: { id: string; recordAssocLabel: string; recordAssocLabelId: string; linkedRecord: { id: string; name: string; registry: string | null } | null }[];
  organisationLinks: OrganisationLink[];
  licenceLinks: LicenceLink[];
  publications: LinkedPublication[];
}

export interface OrganisationLink {
  id: string;
  relation: string;
  isLead: boolean;
  organisation: { id: string; name: string } | null;
  grant: { id: string; name: string } | null;
}

export interface LicenceLink {
  id: string;
  relation: string;
  licence: { id: string; name: string; url: string | null } | null;
}

export interface LinkedPublication {
  id: string;
  title: string;
  doi: string | null;
  pubmedId: string | null;
  journal: string | null;
  year: number | null;
}

/** The parts of a record the organisation, licence and publication editors change, with the revision they leave it at. */
const LINK_FIELDS = `revision organisationLinks{id relation isLead organisation{id name} grant{id name}} licenceLinks{id relation licence{id name url}}
  publications{id title doi pubmedId journal year}`;
export type RecordLinks = Pick<EditableRecord, 'revision' | 'organisationLinks' | 'licenceLinks' | 'publications'>;

const EDIT_FIELDS = `id registry type name abbreviation description homepage status urlForLogo revision curatorNotes isHidden isApproved creator{id} maintainers{id} metadata
  countries{id label:name} subjects{id label} domains{id label} taxonomies{id label} userDefinedTags{id label} objectTypes{id label}
  recordAssociations{id recordAssocLabel recordAssocLabelId linkedRecord{id name registry}} ${LINK_FIELDS}`;

/** The record as the access module's rules see it, so the editor asks `can('record.edit')` as the API does. */
export function editAccessResource(record: Pick<EditableRecord, 'isHidden' | 'isApproved' | 'creator' | 'maintainers'>): AccessResource {
  const createdById = record.creator ? Number(record.creator.id) : null;
  const maintainerIds = record.maintainers.map((maintainer) => Number(maintainer.id));
  const ownerIds = createdById === null ? maintainerIds : [...maintainerIds, createdById];
  return { record: { isHidden: record.isHidden, isApproved: record.isApproved, ownerIds, maintainerIds, createdById } };
}

export async function loadRecordForEdit(id: string): Promise<EditableRecord | null> {
  const data = await graphqlQuery<{ fairsharingRecord: EditableRecord | null }>(`{fairsharingRecord${graphqlArguments({ id })}{${EDIT_FIELDS}}}`);
  return data.fairsharingRecord;
}

/** Re-reads the links and the revision after a call that changed them (they move the record's revision on). */
export async function loadRecordLinks(id: string): Promise<RecordLinks | null> {
  return (await graphqlQuery<{ fairsharingRecord: RecordLinks | null }>(`{fairsharingRecord${graphqlArguments({ id })}{${LINK_FIELDS}}}`)).fairsharingRecord;
}

export interface RecordType {
  id: string;
  name: string;
  /** One line on what records of the type describe ('' when the reference data has none). */
  description: string | null;
  fairsharingRegistry: { name: string } | null;
}

export async function loadRecordTypes(): Promise<RecordType[]> {
  return (await graphqlQuery<{ recordTypes: { records: RecordType[] } }>('{recordTypes{records{id name description fairsharingRegistry{name}}}}')).recordTypes.records;
}

export async function duplicateCandidates(values: string[]): Promise<{ id: string; name: string; abbreviation: string | null; homepage: string | null }[]> {
  const fields = values.map((value) => value.trim()).filter(Boolean);
  if (fields.length === 0) return [];
  return (await graphqlQuery<{ duplicateCheck: { id: string; name: string; abbreviation: string | null; homepage: string | null }[] }>(
    `{duplicateCheck${graphqlArguments({ fields })}{id name abbreviation homepage}}`,
  )).duplicateCheck;
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

/** A shared entity added from the editor names the record being edited: the API creates it only if the viewer may save that record. */
const forRecord = (path: string, recordId: string) => `${path}?${new URLSearchParams({ fairsharing_record_id: recordId }).toString()}`;

/** The linked-entity writes of SPEC §7: each saved at once, outside the section saves. */
export const linkApi = {
  createOrganisation: (recordId: string, organisation: Record<string, unknown>) => restPost<{ id: number; name: string }>(forRecord('/organisations', recordId), { organisation }),
  createGrant: (recordId: string, grant: Record<string, unknown>) => restPost<{ id: number; name: string }>(forRecord('/grants', recordId), { grant }),
  createOrganisationLink: (link: Record<string, unknown>) => restPost<{ id: number }>('/organisation_links', { organisation_link: link }),
  updateOrganisationLink: (id: string, link: Record<string, unknown>) => restPut<{ id: number }>(`/organisation_links/${id}`, { organisation_link: link }),
  deleteOrganisationLink: (id: string) => restDelete<{ message: string }>(`/organisation_links/${id}`),
  createLicenceLink: (link: Record<string, unknown>) => restPost<{ id: number }>('/licence_links', { licence_link: link }),
  deleteLicenceLink: (id: string) => restDelete<{ message: string }>(`/licence_links/${id}`),
  createPublication: (recordId: string, publication: Record<string, unknown>) => restPost<{ id: number; title: string }>(forRecord('/publications', recordId), { publication }),
};

export interface FoundPublication {
  title: string;
  doi?: string | null;
  pubmed_id?: string | null;
  authors?: string | null;
  journal?: string | null;
  url?: string | null;
  year?: number | null;
}

export function lookUpPublication(identifier: { doi: string } | { pubmed_id: string }): Promise<FoundPublication> {
  return restGet<FoundPublication>(`/publications/lookup?${new URLSearchParams(identifier).toString()}`);
}
/** The publication fields of the Zenodo record with this DOI. */
export function lookUpZenodoRecord(doi: string): Promise<FoundPublication> {
  return restPost<FoundPublication>('/zenodo', { doi });
}
