/**
 * Who may read and who may write each field, per type: the one table that GraphQL field
 * resolvers, REST attributes, history diffs and write bodies ask. A field is named by its GraphQL
 * name; `keys` are its other names (snake_case) in write bodies, edit-event changes, REST
 * attributes and record metadata, so a history entry or a body can be checked key by key.
 * The generated field matrix (`tests/access/field-matrix.test.ts`) fails on a field of these
 * types, a REST attribute or a body key that is not in the table.
 */
import { ACTIONS, RULES, type AccessResource, type Rule } from './policy.ts';
import type { Viewer } from './viewer.ts';

/** The types the table covers: the ones with private fields or fields that name records. */
export type FieldTypeName =
  | 'FairsharingRecord' | 'User' | 'MaintenanceRequest' | 'EditEvent' | 'SavedSearch' | 'LicenceLink' | 'RecordAssociation' | 'OrganisationLink'
  | 'Registry' | 'Organisation' | 'WithdrawnState';

export interface FieldAccess {
  /** Who may read the field; `RULES.anyone` for public fields. */
  read: Rule;
  /**
   * Who may change it through a write body (on top of the route's own action, e.g.
   * `record.edit`); absent: no body may change it.
   */
  write?: Rule;
  /** Its names in write bodies, edit events, REST attributes and metadata. */
  keys?: readonly string[];
  /** Read is decided per item: each item is a user, checked as `resource.userId`. */
  perItem?: true;
  /** The field names records: each one shows only when the viewer may see it (the visibility rule). */
  namesRecords?: true;
  /** The value holds fields of this type by key (history diffs, metadata): unreadable keys are removed. */
  redactsKeysOf?: FieldTypeName;
  /** Exists only in the REST attributes or write bodies, not in the GraphQL schema. */
  notInGraphql?: true;
}

const { anyone, curator, self, either } = RULES;
const editor = ACTIONS['record.edit'].rule;
const curatorNotesReader = ACTIONS['record.viewCuratorNotes'].rule;
const everyWatcherReader = ACTIONS['record.viewAllWatchers'].rule;
const historyReader = ACTIONS['record.viewHistory'].rule;
const privateToUser = ACTIONS['user.viewPrivate'].rule;

const open: FieldAccess = { read: anyone };
const editable = (...keys: string[]): FieldAccess => ({ read: anyone, write: editor, keys });
const curated = (...keys: string[]): FieldAccess => ({ read: anyone, write: curator, keys });
const readOnly = (...keys: string[]): FieldAccess => ({ read: anyone, keys });
const records: FieldAccess = { read: anyone, namesRecords: true };

export const FIELD_ACCESS = {
  FairsharingRecord: {
    id: readOnly('id'),
    revision: readOnly('revision'),
    replacedBy: { read: anyone, write: curator, keys: ['replaced_by_id'], namesRecords: true },
    registry: curated('fairsharing_registry', 'registry_id'),
    type: curated('record_type', 'record_type_id', 'recordType'),
    doi: readOnly('doi'),
    status: editable('status'),
    name: editable('name'),
    abbreviation: editable('abbreviation'),
    description: editable('description'),
    homepage: editable('homepage'),
    urlForLogo: editable('logo', 'url_for_logo'),
    url: { read: anyone, keys: ['url'], notInGraphql: true },
    createdAt: readOnly('created_at', 'created_by_id'),
    updatedAt: readOnly('updated_at'),
    lastEdited: readOnly('last_edited', 'last_editor_id'),
    lastReviewed: readOnly('last_reviewed'),
    needsReview: { read: curator },
    missingDoiReason: open,
    schemaOrg: open,
    isHidden: curated('is_hidden', 'hidden'),
    isOwner: open,
    isApproved: curated('is_approved'),
    isRecommended: readOnly('is_recommended'),
    isMaintained: readOnly('is_maintained'),
    isComplete: readOnly('is_complete'),
    incomplete: open,
    hasGraph: open,
    curatorNotes: { read: curatorNotesReader, write: curator, keys: ['curator_notes'] },
    exhaustiveLicences: editable('exhaustive_licences'),
    legacyIds: readOnly('legacy_ids'),
    withdrawn: readOnly('withdrawn'),
    metadata: { ...editable('metadata', 'remove_additional_properties', 'contacts', 'support_links', 'citations', 'deprecation_reason', 'year_creation', 'access_points'), redactsKeysOf: 'FairsharingRecord' },
    reviews: open,
    lastEditor: open,
    creator: open,
    countries: editable('country_ids', 'countries'),
    subjects: editable('subject_ids', 'subjects'),
    domains: editable('domain_ids', 'domains'),
    taxonomies: editable('taxonomy_ids', 'taxonomies'),
    userDefinedTags: editable('user_defined_tag_ids', 'user_defined_tags'),
    objectTypes: editable('object_type_ids', 'object_types'),
    grants: open,
    licenceLinks: open,
    licences: readOnly('licences'),
    // Changed by curators, or through claims and "stop maintaining": never by a maintainer's save.
    maintainers: curated('maintainer_ids'),
    // Curators see every watcher, others only themselves; one subscribes oneself through /watch.
    watchers: { read: either(everyWatcherReader, self), write: curator, keys: ['watcher_ids'], perItem: true },
    communityCurators: open,
    organisations: readOnly('organisations'),
    organisationLinks: open,
    publications: editable('publication_ids', 'citation_ids', 'publications'),
    // Relations whose other end the viewer may not see are left out by their resolvers; each end is
    // a RecordAssociation field that names a record.
    recordAssociations: editable('record_associations_attributes', 'added', 'removed'),
    reverseRecordAssociations: open,
    savedSearches: open,
    history: { read: historyReader, redactsKeysOf: 'FairsharingRecord' },
    // Carried over from the legacy registry: history, so no body may forge it.
    legacyLogs: { read: historyReader, keys: ['legacy_logs'] },
    suspectedDuplicates: { read: curator, keys: ['suspected_duplicate_ids', 'suspectedDuplicates'], notInGraphql: true },
  },
  User: {
    id: open,
    username: open,
    email: { read: privateToUser },
    firstName: open,
    lastName: open,
    homepage: open,
    orcid: open,
    twitter: open,
    mastodon: open,
    bluesky: open,
    thirdParty: open,
    awards: open,
    role: open,
    maintenanceRequests: { read: privateToUser },
    createdRecords: records,
    maintainedRecords: records,
    recordsInCuration: records,
    watchedRecords: { read: privateToUser, namesRecords: true },
    organisations: open,
    createdSearches: open,
    savedSearches: open,
    editEvents: { read: privateToUser },
  },
  MaintenanceRequest: {
    id: open,
    createdAt: open,
    status: open,
    fairsharingRecord: records,
    user: open,
  },
  EditEvent: {
    id: open,
    createdAt: open,
    editType: open,
    // Reached through User.editEvents (private to the user); the diff is redacted like history.
    editEvent: { read: anyone, redactsKeysOf: 'FairsharingRecord' },
    // Described from the diff redacted for its record (records/record-history.ts).
    description: open,
    fairsharingRecord: records,
  },
  SavedSearch: {
    id: open,
    name: open,
    url: open,
    comments: open,
    createdAt: open,
    creator: open,
    fairsharingRecords: records,
    organisations: open,
    users: open,
  },
  LicenceLink: { id: open, relation: open, licence: open, fairsharingRecord: records },
  WithdrawnState: { reason: open, withdrawnAt: open, successor: records },
  RecordAssociation: { id: open, recordAssocLabel: open, recordAssocLabelId: open, fairsharingRecord: records, linkedRecord: records },
  OrganisationLink: { id: open, relation: open, isLead: open, organisation: open, grant: open, fairsharingRecord: records },
  Registry: { id: open, name: open, description: open, recordTypes: open, fairsharingRecords: records },
  // Shared: changed through its own routes under `sharedEntity.change` (policy.ts), not a record save.
  Organisation: {
    id: open, name: open, homepage: open, urlForLogo: open, rorLink: open, alternativeNames: open, types: open, organisationTypes: open,
    countries: open, parentOrganisations: open, childOrganisations: open, organisationLinks: open, users: open, savedSearches: open,
  },
} as const satisfies Record<FieldTypeName, Record<string, FieldAccess>>;

export function fieldAccess(type: FieldTypeName, field: string): FieldAccess | undefined {
  return (FIELD_ACCESS[type] as Record<string, FieldAccess>)[field];
}

/** The field a body, history or REST key belongs to (`curator_notes` → curatorNotes). */
export function fieldOfKey(type: FieldTypeName, key: string): { field: string; access: FieldAccess } | undefined {
  return keyIndex(type).get(key);
}

const keyIndexes = new Map<FieldTypeName, Map<string, { field: string; access: FieldAccess }>>();

/** Every name of every field of a type, built once: redaction looks up each key of each history entry. */
function keyIndex(type: FieldTypeName): Map<string, { field: string; access: FieldAccess }> {
  let index = keyIndexes.get(type);
  if (!index) {
    index = new Map();
    for (const [field, access] of Object.entries(FIELD_ACCESS[type] as Record<string, FieldAccess>)) {
      for (const name of [field, ...(access.keys ?? [])]) if (!index.has(name)) index.set(name, { field, access });
    }
    keyIndexes.set(type, index);
  }
  return index;
}

export function canReadField(viewer: Viewer, access: FieldAccess, resource: AccessResource): boolean {
  return access.read(viewer, resource);
}

/** Writes need a sign-in session and a site that is not read-only, as for actions: API keys read only. */
export function canWriteField(viewer: Viewer, access: FieldAccess, resource: AccessResource): boolean {
  return viewer.credential === 'session' && !viewer.siteReadOnly && access.write !== undefined && access.write(viewer, resource);
}

/** Deep enough for an edit event ({changes: {metadata: {before: {...}}}}), bounded for odd JSON. */
const REDACTION_DEPTH = 8;

/**
 * A copy of a history entry, diff or metadata document without the keys of `type` the viewer may
 * not read, at any depth (a diff's `before`/`after`, metadata inside a change).
 */
export function redactFields<T>(viewer: Viewer, type: FieldTypeName, resource: AccessResource, value: T, depth = 0): T {
  if (depth > REDACTION_DEPTH || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => redactFields(viewer, type, resource, item, depth + 1)) as T;
  const kept: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    const owner = fieldOfKey(type, key);
    if (owner && !canReadField(viewer, owner.access, resource)) continue;
    kept[key] = redactFields(viewer, type, resource, item, depth + 1);
  }
  return kept as T;
}
