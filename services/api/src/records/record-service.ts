/**
 * Every write to a record, one function per action. Each does, in this order: a read-only check
 * (the record exists and the viewer may see it), the access module's decision, validation (the
 * section's shared schema, then the rules that need the database), one transaction holding the
 * rows, the edit event and the index intents (this record and every record whose relations,
 * counts or flags embed it), and the index jobs after the commit (`saveWithIndexing`).
 */
import type { Knex } from 'knex';
import { saveWithIndexing, type Database, type IndexIntent, type IndexPublisher } from '@registry/platform';
import { can, canViewRecord, type AccessResource, type RegistryName, type Viewer } from '@registry/schemas';
import { additionalInformationErrors, additionalInformationSchema, type AdditionalInformationSchema } from '@registry/schemas/forms/additional-information.ts';
import { generalInformationSchema, isDestroyFlag, objectTypesRequired, RECORD_MESSAGES, SECTION_SCHEMAS, LOGO_MAX_BYTES, type AssociationInput, type EditableSection, type GeneralInformationInput } from '@registry/schemas/forms/record-sections.ts';
import { DomainError, forbiddenError, invalidError, notFoundError, unauthenticatedError } from '../domain-errors.ts';
import { validateInput } from '../validation.ts';
import type { RecordRow } from './record-rows.ts';
import { findRecordsAttributes } from './record-attributes-repository.ts';
import * as repository from './record-repository.ts';
import { refuseUnwritableChanges } from './field-writes.ts';
import { accessResourceOf, requireAllowed, visibleRecord } from './record-guards.ts';
import { COLUMN_METADATA_KEYS } from './fairsharing-metadata.ts';
import { splitWholeRecordSave, type RecordAsRead } from './whole-record-save.ts';

export interface RecordServiceDeps {
  db: Database;
  publisher: IndexPublisher | null;
}

export interface SavedRecord {
  record: RecordRow;
  /** Records that share its name, abbreviation or homepage (flagged for curators on create). */
  suspectedDuplicates: { id: number; name: string; abbreviation: string | null; homepage: string | null }[];
}

/** Metadata keys held in columns of `records`, not in its `metadata` document. */
const COLUMN_KEYS = COLUMN_METADATA_KEYS;
/** Metadata every record type has; the rest is the record type's additional information. */
const CORE_METADATA_KEYS = new Set(['contacts', 'support_links', 'citations', 'deprecation_reason', 'year_creation', 'legacy_logs']);

/** The saved record as the REST reads show it (JSON:API attributes), for the write's answer. */
export async function recordAttributesAfterSave(deps: RecordServiceDeps, viewer: Viewer, id: number, publicUrl: string): Promise<Record<string, unknown>> {
  const [found] = await findRecordsAttributes(deps.db, [id], viewer, publicUrl);
  return { ...found?.attributes };
}

export function recordEtag(record: Pick<RecordRow, 'revision'>): string {
  return `"r${record.revision}"`;
}

async function requireKnownIds(db: Database, payload: Record<string, unknown>): Promise<void> {
  for (const [key, link] of Object.entries(repository.RECORD_LINKS)) {
    const ids = payload[key];
    if (!Array.isArray(ids)) continue;
    const missing = await repository.missingIds(db, link.target, ids as number[]);
    if (missing.length === 0) continue;
    const message = key === 'country_ids'
      ? `Unknown country ${missing.join(', ')}: choose a country from the approved list`
      : `Unknown ${link.target.replace(/_/g, ' ')} ${missing.join(', ')}`;
    throw invalidError(message, { errors: { [key]: message } });
  }
}

/** A logo is checked by its content (PNG or JPEG signature), never by its name. */
function decodeLogo(logo: { data: string } | null | undefined): { contentType: string; bytes: Buffer } | null | undefined {
  if (logo === undefined) return undefined;
  if (logo === null) return null;
  const base64 = logo.data.replace(/^data:[^,]*,/, '');
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length > LOGO_MAX_BYTES) throw invalidError(RECORD_MESSAGES.logoSize, { errors: { logo: RECORD_MESSAGES.logoSize } });
  const png = bytes.length > 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  const jpeg = bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
  if (!png && !jpeg) throw invalidError(RECORD_MESSAGES.logoType, { errors: { logo: RECORD_MESSAGES.logoType } });
  return { contentType: png ? 'image/png' : 'image/jpeg', bytes };
}

async function checkGeneralInformation(db: Database, viewer: Viewer, input: GeneralInformationInput, existing: RecordRow | null) {
  const registry = await repository.registryOfRecordType(db, input.record_type_id);
  if (!registry) throw invalidError('Unknown record type', { errors: { record_type_id: 'Unknown record type' } });
  if (existing && existing.record_type_id !== input.record_type_id && !can(viewer, 'record.approve')) {
    throw forbiddenError('Only curators can change the type of a record.');
  }
  // Who may change curator notes, the hidden flag, the replacement, maintainers and watchers is
  // the field table's decision, taken on the change itself (refuseUnwritableChanges).
  if (input.replaced_by_id !== undefined && input.replaced_by_id !== (existing?.replaced_by_id ?? null)) {
    if (input.replaced_by_id !== null) {
      if (input.metadata.status !== 'deprecated') throw invalidError(RECORD_MESSAGES.replacementNeedsDeprecation, { errors: { replaced_by_id: RECORD_MESSAGES.replacementNeedsDeprecation } });
      const replacement = await repository.findRecordById(db, input.replaced_by_id);
      if (!replacement || replacement.id === existing?.id) throw invalidError(`Record ${input.replaced_by_id} cannot replace this one`);
    }
  }
  // Object types are required where the form shows them: a body that names object_type_ids (our
  // create form, any save of them) may not leave them empty. FAIRsharing's create form has no such
  // field and sends none: its record is created and its editor sets them afterwards. A save that
  // leaves them alone is not refused for an earlier lack (the catalogue's imported standards and
  // databases name none, and renaming one must still work).
  if (objectTypesRequired(registry.registry) && input.object_type_ids?.length === 0) {
    throw invalidError(RECORD_MESSAGES.objectTypes, { errors: { object_type_ids: RECORD_MESSAGES.objectTypes } });
  }
  await requireKnownIds(db, input as Record<string, unknown>);
  return { registry, logo: decodeLogo(input.logo) };
}

/** Columns and metadata of a general-information payload, merged over what the record has. */
function generalColumns(input: GeneralInformationInput, existing: RecordRow | null, registryId: number): Partial<RecordRow> {
  const metadata: Record<string, unknown> = { ...(existing?.metadata ?? {}) };
  if (input.remove_additional_properties) {
    for (const key of Object.keys(metadata)) if (!CORE_METADATA_KEYS.has(key)) delete metadata[key];
  }
  for (const [key, value] of Object.entries(input.metadata)) {
    if ((COLUMN_KEYS as readonly string[]).includes(key)) continue;
    if (value === null || value === undefined || value === '') delete metadata[key];
    else metadata[key] = value;
  }
  return {
    name: input.metadata.name,
    abbreviation: input.metadata.abbreviation || null,
    homepage: input.metadata.homepage,
    description: input.metadata.description,
    status: input.metadata.status,
    record_type_id: input.record_type_id,
    registry_id: registryId,
    metadata,
    ...(input.curator_notes !== undefined ? { curator_notes: input.curator_notes || null } : {}),
    ...(input.hidden !== undefined ? { is_hidden: input.hidden } : {}),
    ...(input.replaced_by_id !== undefined ? { replaced_by_id: input.replaced_by_id } : {}),
  };
}

function changedFields(before: Record<string, unknown>, after: Record<string, unknown>): Record<string, { before: unknown; after: unknown }> {
  const changes: Record<string, { before: unknown; after: unknown }> = {};
  for (const [key, value] of Object.entries(after)) {
    if (JSON.stringify(before[key] ?? null) !== JSON.stringify(value ?? null)) changes[key] = { before: before[key] ?? null, after: value ?? null };
  }
  return changes;
}

export function recordIntents(...groups: readonly (readonly number[])[]): IndexIntent[] {
  return [...new Set(groups.flat())].map((id) => ({ entityType: 'record' as const, id }));
}

/** A record is approved as it is created by someone who may approve records (a curator); anyone else's waits for one. */
function approvedOnCreation(viewer: Viewer): boolean {
  return can(viewer, 'record.approve');
}

/** What the rules of the field table see for a record being created by this viewer. */
function newRecordResource(viewer: Viewer): AccessResource {
  const ownerIds = viewer.userId === null ? [] : [viewer.userId];
  return { record: { isHidden: false, isApproved: approvedOnCreation(viewer), ownerIds, maintainerIds: [], createdById: viewer.userId } };
}

/** What creating a record sets beyond a new record's defaults (its type is the creator's choice). */
function newRecordChanges(input: GeneralInformationInput, columns: Partial<RecordRow>): Record<string, unknown> {
  const defaults = { record_type_id: columns.record_type_id, registry_id: columns.registry_id, is_hidden: false, curator_notes: null, replaced_by_id: null };
  const links = Object.keys(repository.RECORD_LINKS).filter((key) => ((input as Record<string, unknown>)[key] as unknown[] | undefined)?.length);
  return { ...changedFields(defaults, columns as Record<string, unknown>), ...Object.fromEntries(links.map((key) => [key, true])) };
}

// ---- create ---------------------------------------------------------------------------------

export async function createRecord(deps: RecordServiceDeps, viewer: Viewer, payload: unknown): Promise<SavedRecord> {
  requireAllowed(viewer, 'record.create');
  const input = await validateInput<GeneralInformationInput>(generalInformationSchema, payload);
  const { registry, logo } = await checkGeneralInformation(deps.db, viewer, input, null);
  refuseUnwritableChanges(viewer, newRecordResource(viewer), newRecordChanges(input, generalColumns(input, null, registry.registryId)));
  const suspectedDuplicates = await repository.findSuspectedDuplicates(deps.db, input.metadata);
  const visibleDuplicates = await repository.findSuspectedDuplicates(deps.db, input.metadata, undefined, viewer);
  const { value } = await saveWithIndexing(deps.db, deps.publisher, async (trx) => {
    const record = await repository.insertRecord(trx, {
      ...generalColumns(input, null, registry.registryId),
      is_approved: approvedOnCreation(viewer),
      created_by_id: viewer.userId,
      last_editor_id: viewer.userId,
      last_edited: new Date(),
      suspected_duplicate_ids: suspectedDuplicates.map((duplicate) => duplicate.id),
    });
    for (const key of Object.keys(repository.RECORD_LINKS) as repository.RecordLinkKey[]) {
      const ids = (input as Record<string, unknown>)[key];
      if (Array.isArray(ids)) await repository.replaceLinkedIds(trx, key, record.id, ids as number[]);
    }
    if (logo) await saveRecordLogo(trx, record.id, logo);
    const withApprovedTags = await approveNamedTags(trx, viewer, input);
    await repository.insertEditEvent(trx, {
      recordId: record.id,
      userId: viewer.userId,
      editType: 'create',
      editEvent: { section: 'generalInformation', changes: changedFields({}, { ...generalColumns(input, null, registry.registryId) }), suspectedDuplicates: suspectedDuplicates.map((d) => d.id) },
    });
    return { value: record.id, intents: recordIntents([record.id], withApprovedTags) };
  });
  return { record: (await repository.findRecordById(deps.db, value!))!, suspectedDuplicates: visibleDuplicates };
}

/**
 * A curator naming a keyword someone proposed approves it (as a curator's link approves a licence
 * named inline), so it joins the public lists; answers the records to re-index for it.
 */
async function approveNamedTags(trx: Knex.Transaction, viewer: Viewer, input: GeneralInformationInput): Promise<number[]> {
  const tagIds = (input as Record<string, unknown>).user_defined_tag_ids;
  if (!can(viewer, 'sharedEntity.approve') || !Array.isArray(tagIds)) return [];
  return repository.approveTags(trx, tagIds as number[]);
}

async function saveRecordLogo(trx: Knex.Transaction, recordId: number, logo: { contentType: string; bytes: Buffer } | null): Promise<void> {
  await repository.saveLogo(trx, recordId, logo);
  await repository.updateRecordRow(trx, recordId, { url_for_logo: logo ? `/fairsharing_records/${recordId}/logo` : null });
}

// ---- update one section ---------------------------------------------------------------------

export interface SectionChange {
  changes: Record<string, unknown>;
  /** Other records whose documents embed this change (the other ends of relations). */
  touched: number[];
}

/** The record changed since the editor read it. */
export class StaleRevisionError extends DomainError {}

/**
 * Saves one section. `expectedRevision` is the revision the editor read (ETag / If-Match); a
 * save against an older one is refused with who changed the record and when. Without it (as
 * older scripts send) the save goes through.
 */
export async function updateSection(
  deps: RecordServiceDeps,
  viewer: Viewer,
  id: number,
  section: EditableSection,
  payload: Record<string, unknown>,
  expectedRevision?: string,
): Promise<SavedRecord> {
  if (viewer.userId === null) throw unauthenticatedError();
  const { record, resource } = await visibleRecord(deps.db, viewer, id);
  requireAllowed(viewer, 'record.edit', resource);
  return saveSections(deps, viewer, record, resource, [[section, payload]], expectedRevision);
}

/**
 * Saves a body in the whole-record shape FAIRsharing's web client sends (`whole-record-save.ts`):
 * the sections whose keys it changes, in one transaction; a body that changes nothing saves nothing.
 */
export async function updateWholeRecord(
  deps: RecordServiceDeps,
  viewer: Viewer,
  id: number,
  payload: Record<string, unknown>,
  expectedRevision?: string,
): Promise<SavedRecord> {
  if (viewer.userId === null) throw unauthenticatedError();
  const { record, resource } = await visibleRecord(deps.db, viewer, id);
  requireAllowed(viewer, 'record.edit', resource);
  const split = splitWholeRecordSave(await recordAsRead(deps.db, viewer, record), payload);
  if (Object.keys(split.refused).length > 0) throw invalidError(Object.values(split.refused).join('; '), { errors: split.refused });
  refuseUnwritableChanges(viewer, resource, split.changes);
  if (split.sections.length === 0) return { record, suspectedDuplicates: [] };
  return saveSections(deps, viewer, record, resource, split.sections, expectedRevision);
}

/** The record as the viewer read it: its id lists (a non-curator sees only themselves among the watchers) and publications. */
async function recordAsRead(db: Database, viewer: Viewer, record: RecordRow): Promise<RecordAsRead> {
  const linkedIds = {} as RecordAsRead['linkedIds'];
  for (const key of Object.keys(repository.RECORD_LINKS) as repository.RecordLinkKey[]) linkedIds[key] = await repository.linkedIds(db, key, record.id);
  if (!can(viewer, 'record.approve')) linkedIds.watcher_ids = linkedIds.watcher_ids.filter((userId) => userId === viewer.userId);
  const publications = await repository.publicationLinks(db, record.id);
  return { record, registry: await repository.registryName(db, record.registry_id), linkedIds, ...publications };
}

async function saveSections(
  deps: RecordServiceDeps,
  viewer: Viewer,
  record: RecordRow,
  resource: AccessResource,
  sections: readonly [EditableSection, Record<string, unknown>][],
  expectedRevision?: string,
): Promise<SavedRecord> {
  const id = record.id;
  const appliers: [EditableSection, SectionApplier][] = [];
  for (const [section, payload] of sections) {
    const input = await validateInput<Record<string, unknown>>(SECTION_SCHEMAS[section], section === 'generalInformation'
      ? { record_type_id: record.record_type_id ?? undefined, ...payload }
      : payload);
    appliers.push([section, await prepareSection(deps.db, viewer, record, section, input)]);
  }

  await saveWithIndexing(deps.db, deps.publisher, async (trx) => {
    const locked = await repository.findRecordById(trx, id, { forUpdate: true });
    if (!locked) throw notFoundError('Record');
    if (expectedRevision !== undefined && String(locked.revision) !== expectedRevision) {
      const last = await repository.lastChange(trx, id);
      const who = last.username ?? 'someone else';
      const when = last.at ? last.at.toISOString().replace('T', ' ').slice(0, 16) + ' UTC' : 'recently';
      throw new StaleRevisionError(409, `This record was changed by ${who} at ${when} after you opened it. Reload it to see their changes, then save again.`, {
        changedBy: last.username,
        changedAt: last.at?.toISOString() ?? null,
      });
    }
    const touched: number[] = [];
    for (const [section, apply] of appliers) {
      // Each section reads the row as the one before it left it.
      const current = (await repository.findRecordById(trx, id))!;
      const change = await apply(trx, current);
      // Checked on what the save would change; a refusal rolls the whole save back.
      refuseUnwritableChanges(viewer, resource, change.changes);
      await repository.insertEditEvent(trx, { recordId: id, userId: viewer.userId, editType: 'update', editEvent: { section, changes: change.changes } });
      touched.push(...change.touched);
    }
    await repository.updateRecordRow(trx, id, { last_editor_id: viewer.userId, last_edited: new Date() });
    return recordIntents([id], touched);
  });
  return { record: (await repository.findRecordById(deps.db, id))!, suspectedDuplicates: [] };
}

type SectionApplier = (trx: Knex.Transaction, record: RecordRow) => Promise<SectionChange>;

async function prepareSection(db: Database, viewer: Viewer, record: RecordRow, section: EditableSection, input: Record<string, unknown>): Promise<SectionApplier> {
  switch (section) {
    case 'generalInformation':
      return prepareGeneralInformation(db, viewer, record, input as GeneralInformationInput);
    case 'support':
      return prepareMetadata(input.metadata as Record<string, unknown>);
    case 'dataAccess':
    case 'additionalInformation': {
      const metadata = input.metadata as Record<string, unknown>;
      // access_points were checked by the section's form schema; the rest by the record type's.
      const { access_points: _accessPoints, ...attributes } = metadata;
      const errors = additionalInformationErrors(await repository.registryName(db, record.registry_id) as RegistryName, attributes);
      if (Object.keys(errors).length > 0) throw invalidError(Object.values(errors).join('; '), { errors });
      return prepareMetadata(metadata);
    }
    case 'publications':
      return preparePublications(db, input as { publication_ids?: number[]; citation_ids?: number[]; exhaustive_licences?: boolean });
    case 'relations':
      return prepareRelations(db, viewer, record, input.record_associations_attributes as AssociationInput[]);
  }
}

async function prepareGeneralInformation(db: Database, viewer: Viewer, record: RecordRow, input: GeneralInformationInput): Promise<SectionApplier> {
  const { registry, logo } = await checkGeneralInformation(db, viewer, input, record);
  return async (trx, locked) => {
    const columns = generalColumns(input, locked, registry.registryId);
    const changes: Record<string, unknown> = changedFields(locked as unknown as Record<string, unknown>, columns as Record<string, unknown>);
    await repository.updateRecordRow(trx, locked.id, columns);
    for (const key of Object.keys(repository.RECORD_LINKS) as repository.RecordLinkKey[]) {
      const ids = (input as Record<string, unknown>)[key];
      if (!Array.isArray(ids)) continue;
      const before = await repository.linkedIds(trx, key, locked.id);
      const after = [...new Set(ids as number[])].sort((a, b) => a - b);
      if (JSON.stringify(before) === JSON.stringify(after)) continue;
      await repository.replaceLinkedIds(trx, key, locked.id, after);
      changes[key] = { before, after };
    }
    if (logo !== undefined) {
      await saveRecordLogo(trx, locked.id, logo);
      changes.logo = { before: locked.url_for_logo, after: logo ? 'uploaded' : null };
    }
    // Approval, visibility, registry and name change what related records show about this one
    // (their counts, and the names of the standards and databases they recommend or implement).
    const touchesOthers = 'is_hidden' in changes || 'registry_id' in changes || 'status' in changes || 'name' in changes;
    const withApprovedTags = await approveNamedTags(trx, viewer, input);
    return { changes, touched: [...(touchesOthers ? await repository.relatedRecordIds(trx, locked.id) : []), ...withApprovedTags] };
  };
}

function prepareMetadata(metadata: Record<string, unknown>): SectionApplier {
  const keys = Object.keys(metadata).filter((key) => !(COLUMN_KEYS as readonly string[]).includes(key));
  return async (trx, locked) => {
    const merged = { ...locked.metadata };
    for (const key of keys) {
      const value = metadata[key];
      if (value === null || value === undefined || value === '') delete merged[key];
      else merged[key] = value;
    }
    const changes = changedFields(locked.metadata, Object.fromEntries(keys.map((key) => [key, merged[key] ?? null])));
    await repository.updateRecordRow(trx, locked.id, { metadata: merged });
    return { changes, touched: [] };
  };
}

async function preparePublications(db: Database, input: { publication_ids?: number[]; citation_ids?: number[]; exhaustive_licences?: boolean }): Promise<SectionApplier> {
  const wanted = [...(input.publication_ids ?? []), ...(input.citation_ids ?? [])];
  const missing = await repository.missingIds(db, 'publications', wanted);
  if (missing.length > 0) throw invalidError(`Unknown publication ${missing.join(', ')}`, { errors: { publication_ids: `Unknown publication ${missing.join(', ')}` } });
  return async (trx, locked) => {
    const before = await repository.publicationLinks(trx, locked.id);
    const changes: Record<string, unknown> = {};
    if (input.publication_ids !== undefined || input.citation_ids !== undefined) {
      const publicationIds = input.publication_ids ?? before.publicationIds;
      const citationIds = input.citation_ids ?? before.citationIds;
      await repository.replacePublications(trx, locked.id, publicationIds, citationIds);
      // Pages read "how to cite" from metadata.citations ({publication_id}), as the public client does:
      // keep it in step, and keep citations that name no publication (a DOI or title alone).
      const others = (Array.isArray(locked.metadata.citations) ? locked.metadata.citations : [])
        .filter((citation) => !(citation && typeof citation === 'object' && 'publication_id' in citation));
      const citations = [...others, ...[...new Set(citationIds)].map((id) => ({ publication_id: id }))];
      await repository.updateRecordRow(trx, locked.id, { metadata: { ...locked.metadata, citations } });
      changes.publication_ids = { before: before.publicationIds, after: [...new Set([...publicationIds, ...citationIds])].sort((a, b) => a - b) };
      changes.citation_ids = { before: before.citationIds, after: [...new Set(citationIds)].sort((a, b) => a - b) };
    }
    if (input.exhaustive_licences !== undefined && input.exhaustive_licences !== locked.exhaustive_licences) {
      await repository.updateRecordRow(trx, locked.id, { exhaustive_licences: input.exhaustive_licences });
      changes.exhaustive_licences = { before: locked.exhaustive_licences, after: input.exhaustive_licences };
    }
    return { changes, touched: [] };
  };
}

/**
 * Relations are saved and deleted together: every new relation must point at a record the
 * viewer can see, with a relation type that allows this pair of registries, and must not exist
 * already. One bad item refuses the whole save.
 */
async function prepareRelations(db: Database, viewer: Viewer, record: RecordRow, items: AssociationInput[]): Promise<SectionApplier> {
  const existing = await repository.associationsOf(db, record.id);
  const existingById = new Map(existing.map((association) => [association.id, association]));
  const destroyIds: number[] = [];
  const additions: { linked_record_id: number; relation_type_id: number }[] = [];
  for (const item of items) {
    if (item.id !== undefined) {
      if (!existingById.has(item.id)) throw invalidError(`Relation ${item.id} does not belong to this record`);
      if (isDestroyFlag(item._destroy)) destroyIds.push(item.id);
      continue;
    }
    additions.push({ linked_record_id: item.linked_record_id!, relation_type_id: item.record_assoc_label_id! });
  }
  const allowed = await repository.allowedAssociations(db);
  const registries = await repository.registriesOfRecords(db, [record.id, ...additions.map((addition) => addition.linked_record_id)]);
  const from = registries.get(record.id)!;
  const kept = existing.filter((association) => !destroyIds.includes(association.id));
  for (const addition of additions) {
    const target = addition.linked_record_id;
    if (target === record.id) throw invalidError('A record cannot be related to itself');
    const targetRow = await repository.findRecordById(db, target);
    const targetResource = targetRow ? await accessResourceOf(db, targetRow) : null;
    if (!targetRow || !targetResource?.record || !canViewRecord(viewer, targetResource.record)) throw invalidError(`Record ${target} does not exist`);
    const type = allowed.get(addition.relation_type_id);
    if (!type) throw invalidError(`Unknown relation type ${addition.relation_type_id}`);
    const to = registries.get(target)!;
    if (type.pairs.size > 0 && !type.pairs.has(`${from}>${to}`)) {
      throw invalidError(`A ${from} cannot be linked to a ${to} with "${type.name}"`, { errors: { record_associations_attributes: `${type.name}: ${from} → ${to} is not allowed` } });
    }
    if (kept.some((association) => association.linked_record_id === target && association.relation_type_id === addition.relation_type_id)) {
      throw invalidError(RECORD_MESSAGES.duplicateRelation, { errors: { record_associations_attributes: RECORD_MESSAGES.duplicateRelation } });
    }
  }
  return async (trx, locked) => {
    const removed = await repository.deleteAssociations(trx, locked.id, destroyIds);
    for (const addition of additions) await repository.insertAssociation(trx, { record_id: locked.id, ...addition });
    return {
      changes: {
        added: additions.map((addition) => ({ linkedRecordId: addition.linked_record_id, relationTypeId: addition.relation_type_id })),
        removed: removed.map((association) => ({ linkedRecordId: association.linked_record_id, relationTypeId: association.relation_type_id })),
      },
      touched: [...additions.map((addition) => addition.linked_record_id), ...removed.map((association) => association.linked_record_id)],
    };
  };
}

/** The JSON Schema of the additional-information fields of a record type (`repository`, `journal`, ...). */
export async function metadataFields(deps: RecordServiceDeps, recordType: string): Promise<AdditionalInformationSchema> {
  const registry = await repository.registryOfRecordTypeName(deps.db, recordType);
  if (!registry) throw invalidError(`Unknown record type "${recordType}"`);
  return additionalInformationSchema(registry as RegistryName);
}

