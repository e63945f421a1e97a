/**
 * A record's history entry as people read it: each changed field with its label and its whole
 * before and after values, ids replaced by the names of what they point at. Edit events store ids
 * (relations, licences, vocabulary, people) and whole metadata objects; this turns them into
 * lines. Pure: the caller collects the ids (`idsToName`), reads each kind's names in one query
 * and passes them in. Events are redacted by the field table before they get here, so nothing a
 * viewer may not read is described.
 */
import { linkRelationLabel } from '@registry/schemas/forms/relation-labels.ts';

/** What an id in an edit event can point at. */
export type NamedKind =
  | 'record' | 'relationType' | 'recordType' | 'registry' | 'licence' | 'organisation' | 'grant' | 'user' | 'publication'
  | 'country' | 'objectType' | 'subject' | 'domain' | 'taxonomy' | 'userDefinedTag';

export type IdsByKind = Partial<Record<NamedKind, number[]>>;
/** Names by kind and id; an id missing from its map is one the viewer may not see, or gone. */
export type NamesByKind = Partial<Record<NamedKind, ReadonlyMap<number, string>>>;

export interface HistoryChange {
  label: string;
  /** The whole value before and after, one line per item; empty when there was none. */
  before: string[];
  after: string[];
}

export interface HistoryDescription {
  /** The kind of edit and its section: "Edited: General information". */
  title: string;
  /** What an entry without field changes did (a merge). */
  summary: string | null;
  changes: HistoryChange[];
}

/** Keys whose values are ids, by what they point at. */
const ID_KEYS: Readonly<Record<string, NamedKind>> = {
  linkedRecordId: 'record', linked_record_id: 'record', replaced_by_id: 'record', into: 'record',
  suspectedDuplicates: 'record', suspected_duplicate_ids: 'record',
  relationTypeId: 'relationType', relation_type_id: 'relationType', record_assoc_label_id: 'relationType',
  record_type_id: 'recordType',
  registry_id: 'registry',
  licence_id: 'licence',
  organisation_id: 'organisation',
  grant_id: 'grant',
  maintainer_ids: 'user', watcher_ids: 'user', user_id: 'user', created_by_id: 'user', last_editor_id: 'user',
  publication_ids: 'publication', citation_ids: 'publication', publication_id: 'publication',
  country_ids: 'country', object_type_ids: 'objectType', subject_ids: 'subject', domain_ids: 'domain', taxonomy_ids: 'taxonomy',
  user_defined_tag_ids: 'userDefinedTag',
};

/** Labels where the key's words are not the label. */
const KEY_LABELS: Readonly<Record<string, string>> = {
  linkedRecordId: 'Record', linked_record_id: 'Record', replaced_by_id: 'Replaced by',
  suspectedDuplicates: 'Possible duplicates', suspected_duplicate_ids: 'Possible duplicates',
  relationTypeId: 'Relation', relation_type_id: 'Relation', record_type_id: 'Record type', registry_id: 'Registry',
  licence_id: 'Licence', organisation_id: 'Organisation', grant_id: 'Grant', maintainer_ids: 'Maintainers', watcher_ids: 'Watchers',
  publication_ids: 'Publications', citation_ids: 'How to cite', publication_id: 'Publication',
  country_ids: 'Countries', object_type_ids: 'Object types', subject_ids: 'Subjects', domain_ids: 'Domains', taxonomy_ids: 'Species',
  user_defined_tag_ids: 'User defined tags', is_hidden: 'Hidden', is_approved: 'Approved', is_lead: 'Lead organisation',
  url_for_logo: 'Logo', doi: 'DOI', homepage: 'Homepage', licenceLinkAdded: 'Licences', licenceLinkRemoved: 'Licences',
  licenceLinkChanged: 'Licences', sharedEntity: 'Shared entry',
};

const SECTION_NAMES: Record<string, string> = {
  generalInformation: 'General information',
  support: 'Support',
  dataAccess: 'Data access',
  additionalInformation: 'Additional information',
  publications: 'Publications',
  relations: 'Relations',
  organisations: 'Organisations',
  licences: 'Licences',
  maintainers: 'Maintainers',
  create: 'Created',
  approve: 'Approval',
  merge: 'Merged record',
};

/** The readable name of an edit's section (or of its type, for edits without one), in history titles and change digests. */
export function sectionName(section: string | null, editType: string): string {
  const key = section ?? editType;
  return SECTION_NAMES[key] ?? key.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/^./, (c) => c.toUpperCase());
}

/** Keys that say which record a link belongs to (always this one) or name a row: left out of a value. */
const OMITTED_KEYS = new Set(['id', 'record_id', 'created_at', 'updated_at']);

/** A stored key of a short list (a link's relation, a status) as its words; undefined for other values. */
function wordValue(key: string, value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  if (key === 'relation') return linkRelationLabel(value);
  return key === 'status' ? value.replace(/_/g, ' ') : undefined;
}

/** A claim's id says nothing to a reader: the maintainer it added is the change. */
const SKIPPED_CHANGE_KEYS = new Set(['claim']);

/** Keys of a change that hold only what was added, or only what was removed. */
const ADDED_KEYS = new Set(['added', 'licenceLinkAdded']);
const REMOVED_KEYS = new Set(['removed', 'licenceLinkRemoved']);

const EDIT_TYPE_TITLES: Readonly<Record<string, string>> = {
  create: 'Created', update: 'Edited', approve: 'Approved', merge: 'Merged', doi: 'DOI registered', delete: 'Deleted',
};

/** Nested values are described this deep; deeper ones are written as JSON (no real event nests so far). */
const DESCRIPTION_DEPTH = 4;

/** "support_links" / "supportLinks" → "Support links". */
export function keyLabel(key: string): string {
  const known = KEY_LABELS[key];
  if (known) return known;
  const words = key.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/_/g, ' ').toLowerCase().trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function isBeforeAfter(value: unknown): value is { before: unknown; after: unknown } {
  return isObject(value) && 'before' in value && 'after' in value;
}

// ---- collecting ids -------------------------------------------------------------------------

/** Every id the events name, by kind, each once: the caller reads each kind's names in one query. */
export function idsToName(events: readonly { section?: unknown; changes?: unknown; mergedRecord?: unknown; into?: unknown }[]): IdsByKind {
  const found = new Map<NamedKind, Set<number>>();
  const add = (kind: NamedKind, value: unknown) => {
    for (const id of Array.isArray(value) ? value : [value]) {
      if (Number.isInteger(id)) found.set(kind, (found.get(kind) ?? new Set()).add(id as number));
    }
  };
  const visit = (value: unknown, kind: NamedKind | undefined, depth: number): void => {
    if (depth > DESCRIPTION_DEPTH) return;
    if (kind) add(kind, isBeforeAfter(value) ? [value.before, value.after].flat() : value);
    if (Array.isArray(value)) value.forEach((item) => visit(item, undefined, depth + 1));
    else if (isObject(value)) for (const [key, item] of Object.entries(value)) visit(item, ID_KEYS[key], depth + 1);
  };
  for (const event of events) {
    visit(event, undefined, 0);
    // A claim's or "stop maintaining"'s added and removed hold users.
    if (event.section === 'maintainers' && isObject(event.changes)) {
      add('user', event.changes.added);
      add('user', event.changes.removed);
    }
  }
  return Object.fromEntries([...found].map(([kind, ids]) => [kind, [...ids].sort((a, b) => a - b)]));
}

// ---- describing values ----------------------------------------------------------------------

function nameOf(names: NamesByKind, kind: NamedKind, id: unknown): string {
  const name = Number.isInteger(id) ? names[kind]?.get(id as number) : undefined;
  if (name !== undefined) return name;
  return kind === 'record' ? 'a record you cannot see' : `a removed ${keyLabel(kind).toLowerCase()}`;
}

function scalarText(value: unknown): string {
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  return JSON.stringify(value);
}

/** A relation as "Recommends: Gene Ontology". */
function relationText(value: Record<string, unknown>, names: NamesByKind): string {
  const type = value.relationTypeId ?? value.relation_type_id;
  const record = value.linkedRecordId ?? value.linked_record_id;
  return `${nameOf(names, 'relationType', type)}: ${nameOf(names, 'record', record)}`;
}

/** One object on one line: "Licence: CC BY 4.0; Relation: applies to content". */
function objectText(value: Record<string, unknown>, names: NamesByKind, depth: number): string {
  if (('relationTypeId' in value || 'relation_type_id' in value) && ('linkedRecordId' in value || 'linked_record_id' in value)) {
    return relationText(value, names);
  }
  const entries = Object.entries(value).filter(([key, item]) => !OMITTED_KEYS.has(key) && item !== null && item !== undefined && item !== '');
  // What the object links to first ("Licence: CC BY 4.0; Relation: Unspecified").
  const ordered = [...entries.filter(([key]) => ID_KEYS[key]), ...entries.filter(([key]) => !ID_KEYS[key])];
  return ordered.map(([key, item]) => `${keyLabel(key)}: ${wordValue(key, item) ?? valueLines(item, names, depth + 1, ID_KEYS[key]).join(', ')}`).join('; ');
}

/** A value as lines: a list one item a line, ids as names, objects as "Label: value; …". Never shortened. */
function valueLines(value: unknown, names: NamesByKind, depth: number, kind?: NamedKind): string[] {
  if (value === null || value === undefined || value === '') return [];
  if (Array.isArray(value)) return value.flatMap((item) => valueLines(item, names, depth + 1, kind));
  if (kind && Number.isInteger(value)) return [nameOf(names, kind, value)];
  if (isObject(value)) return depth > DESCRIPTION_DEPTH ? [JSON.stringify(value)] : [objectText(value, names, depth)];
  return [scalarText(value)];
}

// ---- describing changes ---------------------------------------------------------------------

function changeOf(label: string, before: unknown, after: unknown, names: NamesByKind, kind?: NamedKind): HistoryChange {
  return { label, before: valueLines(before, names, 0, kind), after: valueLines(after, names, 0, kind) };
}

/**
 * Two objects compared key by key (a whole metadata document, a link before and after): one
 * change per key that differs, labelled "<label> › <key>" unless the objects are the metadata.
 */
function keyByKeyChanges(label: string | null, before: Record<string, unknown>, after: Record<string, unknown>, names: NamesByKind): HistoryChange[] {
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((key) => !OMITTED_KEYS.has(key));
  return keys
    .filter((key) => JSON.stringify(before[key] ?? null) !== JSON.stringify(after[key] ?? null))
    .map((key) => changeOf(label ? `${label} › ${keyLabel(key)}` : keyLabel(key), before[key], after[key], names, ID_KEYS[key]));
}

const objectOrNothing = (value: unknown): Record<string, unknown> | null | undefined =>
  (isObject(value) || value === null || value === undefined ? value : undefined);

/** The label of a change's added / removed lists: the section they belong to. */
function listLabel(key: string, section: string | null): string {
  if ((ADDED_KEYS.has(key) || REMOVED_KEYS.has(key)) && section && !KEY_LABELS[key]) return sectionName(section, 'update');
  return keyLabel(key);
}

function describeChange(key: string, value: unknown, section: string | null, names: NamesByKind): HistoryChange[] {
  const kind = ID_KEYS[key] ?? (section === 'maintainers' && (key === 'added' || key === 'removed') ? 'user' : undefined);
  const label = listLabel(key, section);
  if (SKIPPED_CHANGE_KEYS.has(key)) return [];
  if (isBeforeAfter(value)) {
    const [before, after] = [objectOrNothing(value.before), objectOrNothing(value.after)];
    if (!kind && before !== undefined && after !== undefined && (before || after)) {
      return keyByKeyChanges(key === 'metadata' ? null : label, before ?? {}, after ?? {}, names);
    }
    return [changeOf(label, value.before, value.after, names, kind)];
  }
  if (key === 'sharedEntity' && isObject(value)) {
    const entity = `${keyLabel(String(value.type ?? 'entry'))} (shared with other records)`;
    return [changeOf(entity, value.before, value.deleted ? null : value.after, names)];
  }
  if (REMOVED_KEYS.has(key)) return [changeOf(label, value, null, names, kind)];
  return [changeOf(label, null, value, names, kind)];
}

/** A merged record named as the entry stored it (it no longer exists to be looked up). */
function mergeSummary(merged: Record<string, unknown>): string {
  const doi = typeof merged.doi === 'string' && merged.doi ? `, DOI ${merged.doi}` : '';
  return `Merged ${scalarText(merged.name)} (record ${scalarText(merged.id)}${doi}) into this record; its addresses lead here now.`;
}

export function describeHistoryEntry(editType: string, editEvent: unknown, names: NamesByKind): HistoryDescription {
  const event = isObject(editEvent) ? editEvent : {};
  const section = typeof event.section === 'string' ? event.section : null;
  const typeTitle = EDIT_TYPE_TITLES[editType] ?? keyLabel(editType);
  const title = section && section !== editType ? `${typeTitle}: ${sectionName(section, editType)}` : typeTitle;
  const changes = isObject(event.changes)
    ? Object.entries(event.changes).flatMap(([key, value]) => describeChange(key, value, section, names))
    : [];
  const duplicates = event.suspectedDuplicates;
  if (Array.isArray(duplicates) && duplicates.length > 0) changes.push(changeOf(keyLabel('suspectedDuplicates'), null, duplicates, names, 'record'));
  const summary = isObject(event.mergedRecord) ? mergeSummary(event.mergedRecord) : null;
  return { title, summary, changes: changes.filter((change) => change.before.length > 0 || change.after.length > 0) };
}
