/**
 * What the record editor reads and writes: the record as an editor needs it (ids, metadata and
 * the revision it was read at) and the REST writes of SPEC §7. A save carries the revision it started from, so a stale one is refused (409) with
 * who changed the record and when, instead of overwriting their work.
 */
import type { AccessResource } from '@registry/schemas/access/policy.ts';
import type { RecordSection } from '@registry/schemas/forms/record-sections.ts';
import { compactGraphql, withFragments } from '@registry/schemas/search/client/graphql-literals.ts';
import { graphqlQuery, rest, type RestAnswer } from '../api/client.ts';
import { isJsonObject } from '../kit/json-values.ts';
import type {
  DuplicateCandidatesQuery, DuplicateCandidatesQueryVariables, EditableRecordFieldsFragment, RecordForEditQuery, RecordForEditQueryVariables,
  RecordLinksForEditQuery, RecordLinksForEditQueryVariables, RecordLinksFragment, RecordTypesQuery,
} from './editor-api.generated.ts';

// The editor's GraphQL documents. Their answer types are generated from them and the API's schema
// (`npm run codegen`: editor-api.generated.ts); each query is a named operation whose arguments are
// variables, sent with the fragments it spreads.

/** The parts of a record the organisation, licence and publication editors change, with the revision they leave it at. */
const RECORD_LINKS_FRAGMENT = /* GraphQL */ `
  fragment RecordLinks on FairsharingRecord {
    revision organisationLinks{id relation isLead organisation{id name} grant{id name}} licenceLinks{id relation licence{id name url}}
    publications{id title doi pubmedId journal year}
  }
`;

/** The record as an editor needs it: ids, metadata, the facts the access module decides on, and its links. */
const EDITABLE_RECORD_FRAGMENT = /* GraphQL */ `
  fragment EditableRecordFields on FairsharingRecord {
    id registry type name abbreviation description homepage status urlForLogo revision curatorNotes isHidden isApproved creator{id} maintainers{id} metadata
    countries{id label:name} subjects{id label} domains{id label} taxonomies{id label} userDefinedTags{id label} objectTypes{id label}
    recordAssociations{id recordAssocLabel recordAssocLabelId linkedRecord{id name registry}} ...RecordLinks
  }
`;

const RECORD_FOR_EDIT_QUERY = /* GraphQL */ `
  query RecordForEdit($id: ID) { fairsharingRecord(id: $id) { ...EditableRecordFields } }
`;

const RECORD_LINKS_QUERY = /* GraphQL */ `
  query RecordLinksForEdit($id: ID) { fairsharingRecord(id: $id) { ...RecordLinks } }
`;

const RECORD_TYPES_QUERY = /* GraphQL */ `
  query RecordTypes { recordTypes { records { id name description fairsharingRegistry { name } } } }
`;

const DUPLICATE_CANDIDATES_QUERY = /* GraphQL */ `
  query DuplicateCandidates($fields: [String]) { duplicateCheck(fields: $fields) { id name abbreviation homepage } }
`;

/** A document sent with the fragments it spreads. */

export type RecordLinks = RecordLinksFragment;
/**
 * The revision a save starts from, as the API answers it (the schema lets it be null; the API
 * always says it, and would refuse a save sent with null as invalid rather than overwrite).
 */
export type RecordRevision = RecordLinks['revision'];
export type OrganisationLink = RecordLinks['organisationLinks'][number];
export type LinkedPublication = RecordLinks['publications'][number];

/** The record every section edits: the generated answer, with its metadata JSON read as the object of fields it is. */
export type EditableRecord = Omit<EditableRecordFieldsFragment, 'metadata'> & { metadata: Record<string, unknown> | null };

/** The record as the access module's rules see it, so the editor asks `can('record.edit')` as the API does. */
export function editAccessResource(record: Pick<EditableRecord, 'isHidden' | 'isApproved' | 'creator' | 'maintainers'>): AccessResource {
  const createdById = record.creator ? Number(record.creator.id) : null;
  const maintainerIds = record.maintainers.map((maintainer) => Number(maintainer.id));
  const ownerIds = createdById === null ? maintainerIds : [...maintainerIds, createdById];
  return { record: { isHidden: record.isHidden === true, isApproved: record.isApproved === true, ownerIds, maintainerIds, createdById } };
}

export async function loadRecordForEdit(id: string): Promise<EditableRecord | null> {
  const variables = { id } satisfies RecordForEditQueryVariables;
  const query = withFragments(RECORD_FOR_EDIT_QUERY, EDITABLE_RECORD_FRAGMENT, RECORD_LINKS_FRAGMENT);
  const record = (await graphqlQuery<RecordForEditQuery>({ query, variables })).fairsharingRecord;
  // The one place the metadata JSON is narrowed: anything but an object of fields reads as none.
  return record && { ...record, metadata: isJsonObject(record.metadata) ? record.metadata : null };
}

/** Re-reads the links and the revision after a call that changed them (they move the record's revision on). */
export async function loadRecordLinks(id: string): Promise<RecordLinks | null> {
  const variables = { id } satisfies RecordLinksForEditQueryVariables;
  const query = withFragments(RECORD_LINKS_QUERY, RECORD_LINKS_FRAGMENT);
  return (await graphqlQuery<RecordLinksForEditQuery>({ query, variables })).fairsharingRecord;
}

/** A record type as /create and the general information offer it (its description is '' when the reference data has none). */
export type RecordType = RecordTypesQuery['recordTypes']['records'][number];

export async function loadRecordTypes(): Promise<RecordType[]> {
  return (await graphqlQuery<RecordTypesQuery>(compactGraphql(RECORD_TYPES_QUERY))).recordTypes.records;
}

export type DuplicateCandidate = DuplicateCandidatesQuery['duplicateCheck'][number];

export async function duplicateCandidates(values: string[]): Promise<DuplicateCandidate[]> {
  const fields = values.map((value) => value.trim()).filter(Boolean);
  if (fields.length === 0) return [];
  const variables = { fields } satisfies DuplicateCandidatesQueryVariables;
  return (await graphqlQuery<DuplicateCandidatesQuery>({ query: compactGraphql(DUPLICATE_CANDIDATES_QUERY), variables })).duplicateCheck;
}

// The REST answers below have the types of their routes' response schemas (through the generated types).
export type AllowedRelation = RestAnswer<'/record_associations/allowed', 'get'>[number];

export const loadAllowedRelations = () => rest('get', '/record_associations/allowed');

export type MetadataFieldsSchema = RestAnswer<'/fairsharing_records/metadata_fields', 'post'>;

export const loadMetadataFields = (recordType: string) => rest('post', '/fairsharing_records/metadata_fields', { body: { type: recordType } });

/** A save's answer: `revision` is the one the record is at after it, the next save starts from it. */
export type SaveAnswer = RestAnswer<'/fairsharing_records/{id}', 'put'>;

export const createRecord = (record: Record<string, unknown>) => rest('post', '/fairsharing_records', { body: { fairsharing_record: record } });

export async function saveSection(id: string, section: RecordSection, record: Record<string, unknown>, revision: RecordRevision): Promise<SaveAnswer> {
  // Never sent without it: a save without a revision would overwrite whatever was saved since.
  if (revision === null) throw new Error('The record was read without its revision: reload the page before saving.');
  return rest('put', '/fairsharing_records/{id}', { path: { id: Number(id) }, body: { section, revision, fairsharing_record: record } });
}

/** A shared entity added from the editor names the record being edited: the API creates it only if the viewer may save that record. */
const forRecord = (recordId: string) => ({ fairsharing_record_id: Number(recordId) });

/**
 * A keyword proposed in the editor (POST /user_defined_tags, stored lower-case; an existing one is
 * answered as it is). It waits for a curator before the public lists show it; the record names it at once.
 */
export const proposeKeyword = (label: string, recordId: string | null) =>
  rest('post', '/user_defined_tags', { query: recordId ? forRecord(recordId) : {}, body: { user_defined_tag: { label } } });

/** The linked-entity writes of SPEC §7: each saved at once, outside the section saves. */
export const linkApi = {
  createOrganisation: (recordId: string, organisation: Record<string, unknown>) => rest('post', '/organisations', { query: forRecord(recordId), body: { organisation } }),
  createGrant: (recordId: string, grant: Record<string, unknown>) => rest('post', '/grants', { query: forRecord(recordId), body: { grant } }),
  createOrganisationLink: (link: Record<string, unknown>) => rest('post', '/organisation_links', { body: { organisation_link: link } }),
  updateOrganisationLink: (id: string, link: Record<string, unknown>) => rest('put', '/organisation_links/{id}', { path: { id: Number(id) }, body: { organisation_link: link } }),
  deleteOrganisationLink: (id: string) => rest('delete', '/organisation_links/{id}', { path: { id: Number(id) } }),
  createLicenceLink: (link: Record<string, unknown>) => rest('post', '/licence_links', { body: { licence_link: link } }),
  deleteLicenceLink: (id: string) => rest('delete', '/licence_links/{id}', { path: { id: Number(id) } }),
  createPublication: (recordId: string, publication: Record<string, unknown>) => rest('post', '/publications', { query: forRecord(recordId), body: { publication } }),
};

export type FoundPublication = RestAnswer<'/publications/lookup', 'get'>;

export const lookUpPublication = (identifier: { doi: string } | { pubmed_id: string }) => rest('get', '/publications/lookup', { query: identifier });
/** The publication fields of the Zenodo record with this DOI. */
export const lookUpZenodoRecord = (doi: string) => rest('post', '/zenodo', { body: { doi } });
