/**
 * A record save in the shape FAIRsharing's web client sends (`PUT /fairsharing_records/{id}` with
 * the whole record it read: `metadata` holding name, homepage, contacts, citations, support links
 * and the record type's own keys together, with `registry`, `name`, every id list and flags beside
 * it), split into the sections this API saves. Each key goes to the section that owns it, a key
 * whose value is what the viewer read is no change and is left out, and a section with no change
 * is not saved at all: so an additional-information save that echoes the name, a maintainer's
 * save that echoes the watchers they see, or a save of legacy data this API would no longer take
 * changes only what the person changed. The field table still decides on every key that changes.
 */
import { RECORD_MESSAGES, type EditableSection } from '@registry/schemas/forms/record-sections.ts';
import type { RecordRow } from './record-rows.ts';
import type { RecordLinkKey } from './record-repository.ts';
import { COLUMN_METADATA_KEYS, fairsharingMetadata } from './fairsharing-metadata.ts';

/** What the viewer read of the record, against which a whole-record save is compared. */
export interface RecordAsRead {
  record: RecordRow;
  /** Lower-case registry name. */
  registry: string;
  /** Every id list of the record, as the viewer may read it (a non-curator sees only themselves among the watchers). */
  linkedIds: Record<RecordLinkKey, number[]>;
  publicationIds: number[];
  citationIds: number[];
}

export interface SplitSave {
  /** The sections to save, each with only its changed keys (general information filled in from the record). */
  sections: [EditableSection, Record<string, unknown>][];
  /** Every changed key with its value before and after, for the field table. */
  changes: Record<string, { before: unknown; after: unknown }>;
  /** Keys refused outright, with their message (400). */
  refused: Record<string, string>;
}

const GENERAL_METADATA_KEYS = new Set<string>([...COLUMN_METADATA_KEYS, 'deprecation_reason', 'year_creation']);
const SUPPORT_METADATA_KEYS = new Set(['contacts', 'support_links']);
const DATA_ACCESS_METADATA_KEYS = new Set(['access_points']);
const GENERAL_KEYS = new Set([
  'record_type_id', 'country_ids', 'object_type_ids', 'subject_ids', 'domain_ids', 'taxonomy_ids', 'user_defined_tag_ids',
  'maintainer_ids', 'watcher_ids', 'curator_notes', 'replaced_by_id', 'hidden', 'logo', 'remove_additional_properties',
]);
const PUBLICATION_KEYS = new Set(['publication_ids', 'citation_ids', 'exhaustive_licences']);
/** Keys of FAIRsharing's shape that say nothing this API stores beyond what other keys say. */
const ECHOED_KEYS = new Set(['registry', 'name', 'is_dataset', 'dups_suspected']);

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/** null, undefined, '' and an empty list are all "no value" (the client sends `contacts: []` for none). */
function comparable(value: unknown): unknown {
  if (value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) return null;
  return value;
}

function sameValue(before: unknown, after: unknown): boolean {
  return JSON.stringify(comparable(before)) === JSON.stringify(comparable(after));
}

const numericIds = (ids: unknown): unknown =>
  Array.isArray(ids) ? ids.map((id) => (typeof id === 'string' && /^\d+$/.test(id) ? Number(id) : id)) : ids;

const sortedUnique = (ids: unknown): unknown => {
  const list = numericIds(ids);
  return Array.isArray(list) && list.every((id) => typeof id === 'number') ? [...new Set(list as number[])].sort((a, b) => a - b) : list;
};

/**
 * A support link as stored: FAIRsharing's client sends a link it made with its name twice, as
 * `name` and `title` (`src/components/Editor/DataAccess/EditSupportLinks.vue` submitLink). A title
 * that is the name, or that stands for a missing name, is the name; any other title is left for
 * the section's rules to refuse.
 */
function supportLinkAsStored(link: unknown): unknown {
  if (!isObject(link) || !('title' in link)) return link;
  const { title, ...rest } = link;
  if (rest.name === undefined || rest.name === null || rest.name === '') return { ...rest, name: title };
  return rest.name === title ? rest : link;
}

/** The value the viewer read for a key of the body (top level, or `metadata.<key>`). */
function readValue(read: RecordAsRead, key: string, inMetadata: boolean): unknown {
  if (inMetadata) return fairsharingMetadata(read.record)[key];
  if (key in read.linkedIds) return read.linkedIds[key as RecordLinkKey];
  switch (key) {
    case 'record_type_id': return read.record.record_type_id;
    case 'curator_notes': return read.record.curator_notes;
    case 'replaced_by_id': return read.record.replaced_by_id;
    case 'hidden': return read.record.is_hidden;
    case 'publication_ids': return read.publicationIds;
    case 'citation_ids': return read.citationIds;
    case 'exhaustive_licences': return read.record.exhaustive_licences;
    case 'remove_additional_properties': return false;
    default: return undefined;
  }
}

function sectionOfMetadataKey(key: string): EditableSection {
  if (GENERAL_METADATA_KEYS.has(key)) return 'generalInformation';
  if (SUPPORT_METADATA_KEYS.has(key)) return 'support';
  if (DATA_ACCESS_METADATA_KEYS.has(key)) return 'dataAccess';
  // The record type's own keys, and citations/legacy_logs, which that section's schema refuses.
  return 'additionalInformation';
}

/**
 * Whether a PUT body is in the whole-record shape rather than one section's: it carries keys of
 * more than one section, or FAIRsharing's own keys (`registry`, `name`, `is_dataset`), or
 * general-information metadata without the rest of that section.
 */
export function isWholeRecordSave(payload: Record<string, unknown>): boolean {
  if ([...ECHOED_KEYS].some((key) => key in payload)) return true;
  const sections = new Set<EditableSection>();
  for (const key of Object.keys(payload)) {
    if (key === 'metadata' && isObject(payload.metadata)) {
      for (const inner of Object.keys(payload.metadata)) sections.add(sectionOfMetadataKey(inner));
    } else if (GENERAL_KEYS.has(key)) sections.add('generalInformation');
    else if (PUBLICATION_KEYS.has(key)) sections.add('publications');
    else if (key === 'record_associations_attributes') sections.add('relations');
  }
  // access_points and the record type's keys are one kind of save (both metadata sections).
  if (sections.has('dataAccess') && sections.has('additionalInformation')) sections.delete('dataAccess');
  return sections.size > 1;
}

/** Splits a whole-record save into the sections whose keys it changes. */
export function splitWholeRecordSave(read: RecordAsRead, payload: Record<string, unknown>): SplitSave {
  const changes: SplitSave['changes'] = {};
  const refused: SplitSave['refused'] = {};
  const bySection = new Map<EditableSection, Record<string, unknown>>();
  const put = (section: EditableSection, key: string, value: unknown, inMetadata: boolean) => {
    const target = bySection.get(section) ?? {};
    if (inMetadata) target.metadata = { ...(target.metadata as Record<string, unknown> | undefined), [key]: value };
    else target[key] = value;
    bySection.set(section, target);
  };

  const metadata: Record<string, unknown> = isObject(payload.metadata) ? { ...payload.metadata } : {};
  // FAIRsharing's top-level name is the name as read; the one edited is metadata.name.
  if (!('name' in metadata) && typeof payload.name === 'string') metadata.name = payload.name;
  // Its general-information form also clears a top-level deprecation_reason once anything is
  // edited on a record that is not deprecated; the reason it saves is metadata.deprecation_reason.
  if (!('deprecation_reason' in metadata) && 'deprecation_reason' in payload) metadata.deprecation_reason = payload.deprecation_reason;
  if (Array.isArray(metadata.support_links)) metadata.support_links = metadata.support_links.map(supportLinkAsStored);
  for (const [key, value] of Object.entries(metadata)) {
    const before = readValue(read, key, true);
    if (sameValue(before, value)) continue;
    changes[key] = { before: before ?? null, after: value ?? null };
    put(sectionOfMetadataKey(key), key, value, true);
  }

  if (typeof payload.registry === 'string' && payload.registry.toLowerCase() !== read.registry) {
    refused.registry = 'The registry follows the record type: choose a record type of that registry (record_type_id).';
  }
  if (payload.is_dataset === true) refused.is_dataset = RECORD_MESSAGES.unknownKey('is_dataset');

  for (const [key, raw] of Object.entries(payload)) {
    if (key === 'metadata' || key === 'deprecation_reason' || ECHOED_KEYS.has(key)) continue;
    // FAIRsharing's client clears a logo by sending an empty one.
    const value = key === 'logo' && isObject(raw) && Object.keys(raw).length === 0 ? null : key.endsWith('_ids') ? numericIds(raw) : raw;
    const section: EditableSection | null = GENERAL_KEYS.has(key) ? 'generalInformation'
      : PUBLICATION_KEYS.has(key) ? 'publications'
        : key === 'record_associations_attributes' ? 'relations'
          : null;
    if (section === null) {
      refused[key] = RECORD_MESSAGES.unknownKey(key);
      continue;
    }
    if (key !== 'logo' && key !== 'record_associations_attributes') {
      const before = readValue(read, key, false);
      const unchanged = key.endsWith('_ids') ? sameValue(sortedUnique(before), sortedUnique(value)) : sameValue(before, value);
      if (unchanged) continue;
      changes[key] = { before: before ?? null, after: value ?? null };
    } else if (key === 'logo') {
      changes.logo = { before: read.record.url_for_logo, after: value === null ? null : 'uploaded' };
    }
    put(section, key, value, false);
  }

  // A general-information or support save is whole (the support section's schema takes a list
  // it is not sent as empty): what it does not change is the record's own, so a new contact
  // keeps the support links and a new support link keeps the contacts.
  const current = fairsharingMetadata(read.record);
  for (const [section, keys] of [['generalInformation', GENERAL_METADATA_KEYS], ['support', SUPPORT_METADATA_KEYS]] as const) {
    const saved = bySection.get(section);
    if (!saved) continue;
    const kept = Object.fromEntries([...keys].filter((key) => current[key] !== undefined).map((key) => [key, current[key]]));
    saved.metadata = { ...kept, ...(saved.metadata as Record<string, unknown> | undefined) };
  }
  const order: EditableSection[] = ['generalInformation', 'support', 'dataAccess', 'additionalInformation', 'publications', 'relations'];
  return { sections: order.filter((section) => bySection.has(section)).map((section) => [section, bySection.get(section)!]), changes, refused };
}
