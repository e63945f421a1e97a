/**
 * Licences and licence links, publications (with look-up by DOI or PubMed id) and user-defined
 * tags. Anyone signed in adds them while editing a record; a licence link belongs to its
 * record, so whoever may edit the record may add, change or remove it.
 */
import { saveWithIndexing, type Database, type IndexPublisher } from '@registry/platform';
import type { Viewer } from '@registry/schemas';
import {
  LINK_MESSAGES, licenceLinkSchema, publicationSchema, userDefinedTagSchema,
  type LicenceLinkInput, type PublicationInput,
} from '@registry/schemas/forms/linked-entities.ts';
import { DomainError, invalidError, notFoundError } from '../domain-errors.ts';
import { validateInput } from '../validation.ts';
import { recordEditedThroughLink, requireAllowed, requireEditableRecord } from '../records/record-service.ts';
import { lookUpPublication, PublicationLookupError, type PublicationResolverConfig } from './publication-resolver.ts';
import * as repository from './reference-repository.ts';

export interface ReferenceServiceDeps {
  db: Database;
  publisher: IndexPublisher | null;
  resolvers: PublicationResolverConfig;
}

// ---- licence links ---------------------------------------------------------------------------

async function licenceOf(deps: ReferenceServiceDeps, input: LicenceLinkInput): Promise<void> {
  if (input.licence_id !== undefined && !(await repository.licenceExists(deps.db, input.licence_id))) throw invalidError(`Unknown licence ${input.licence_id}`);
}

export async function createLicenceLink(deps: ReferenceServiceDeps, viewer: Viewer, payload: unknown): Promise<repository.LicenceLinkRecordRow> {
  const input = await validateInput<LicenceLinkInput>(licenceLinkSchema, payload);
  await requireEditableRecord(deps.db, viewer, input.fairsharing_record_id);
  await licenceOf(deps, input);
  const { value } = await saveWithIndexing(deps.db, deps.publisher, async (trx) => {
    const licenceId = input.licence_id ?? (await repository.findOrInsertLicence(trx, { name: input.licence_attributes!.name, url: input.licence_attributes!.url ?? null }));
    const link = await repository.insertLicenceLink(trx, { record_id: input.fairsharing_record_id, licence_id: licenceId, relation: input.relation });
    await recordEditedThroughLink(trx, viewer, link.record_id, 'dataAccess', { licenceLinkAdded: link });
    return { value: link, intents: [{ entityType: 'record', id: link.record_id }] };
  });
  return value!;
}

export async function updateLicenceLink(deps: ReferenceServiceDeps, viewer: Viewer, id: number, payload: unknown): Promise<repository.LicenceLinkRecordRow> {
  const existing = await repository.findLicenceLink(deps.db, id);
  if (!existing) throw notFoundError('Licence link');
  const body = payload && typeof payload === 'object' ? payload : {};
  const input = await validateInput<LicenceLinkInput>(licenceLinkSchema, {
    fairsharing_record_id: existing.record_id, licence_id: existing.licence_id, relation: existing.relation, ...body,
  });
  if (input.fairsharing_record_id !== existing.record_id) throw invalidError('A link cannot move to another record');
  await requireEditableRecord(deps.db, viewer, existing.record_id);
  await licenceOf(deps, input);
  const { value } = await saveWithIndexing(deps.db, deps.publisher, async (trx) => {
    const licenceId = input.licence_attributes
      ? await repository.findOrInsertLicence(trx, { name: input.licence_attributes.name, url: input.licence_attributes.url ?? null })
      : input.licence_id!;
    const link = await repository.updateLicenceLink(trx, id, { licence_id: licenceId, relation: input.relation });
    await recordEditedThroughLink(trx, viewer, link.record_id, 'dataAccess', { licenceLinkChanged: { before: existing, after: link } });
    return { value: link, intents: [{ entityType: 'record', id: link.record_id }] };
  });
  return value!;
}

export async function deleteLicenceLink(deps: ReferenceServiceDeps, viewer: Viewer, id: number): Promise<void> {
  const existing = await repository.findLicenceLink(deps.db, id);
  if (!existing) throw notFoundError('Licence link');
  await requireEditableRecord(deps.db, viewer, existing.record_id);
  await saveWithIndexing(deps.db, deps.publisher, async (trx) => {
    await repository.deleteLicenceLink(trx, id);
    await recordEditedThroughLink(trx, viewer, existing.record_id, 'dataAccess', { licenceLinkRemoved: existing });
    return [{ entityType: 'record', id: existing.record_id }];
  });
}

// ---- publications ----------------------------------------------------------------------------

function publicationColumns(input: PublicationInput) {
  return {
    title: input.title,
    doi: input.doi || null,
    pubmed_id: input.pubmed_id || null,
    authors: input.authors || null,
    journal: input.journal || null,
    url: input.url || null,
    year: input.year ?? null,
  };
}

export async function createPublication(deps: ReferenceServiceDeps, viewer: Viewer, payload: unknown): Promise<repository.PublicationRecordRow> {
  requireAllowed(viewer, 'reference.create');
  const input = await validateInput<PublicationInput>(publicationSchema, payload);
  const { value } = await saveWithIndexing(deps.db, deps.publisher, async (trx) => {
    const publication = await repository.insertPublication(trx, publicationColumns(input));
    return { value: publication, intents: [{ entityType: 'publication', id: publication.id }] };
  });
  return value!;
}

export async function updatePublication(deps: ReferenceServiceDeps, viewer: Viewer, id: number, payload: unknown): Promise<repository.PublicationRecordRow> {
  requireAllowed(viewer, 'reference.create');
  const existing = await repository.findPublication(deps.db, id);
  if (!existing) throw notFoundError('Publication');
  const body = payload && typeof payload === 'object' ? payload : {};
  const input = await validateInput<PublicationInput>(publicationSchema, { ...existing, ...body });
  const { value } = await saveWithIndexing(deps.db, deps.publisher, async (trx) => {
    const publication = await repository.updatePublication(trx, id, publicationColumns(input));
    // The fan-out re-indexes every record citing it.
    return { value: publication, intents: [{ entityType: 'publication', id }] };
  });
  return value!;
}

/** The fields of a publication found by DOI or PubMed id, for the editor to review and save. */
export async function lookUp(deps: ReferenceServiceDeps, viewer: Viewer, identifier: { doi?: string; pubmedId?: string }): Promise<PublicationInput> {
  requireAllowed(viewer, 'reference.create');
  const doi = identifier.doi?.trim().replace(/^https?:\/\/(dx\.)?doi\.org\//i, '');
  const pubmedId = identifier.pubmedId?.trim();
  if (doi ? !/^10\.\d{4,9}\/\S+$/.test(doi) : !/^\d{1,9}$/.test(pubmedId ?? '')) throw invalidError(LINK_MESSAGES.doiOrPubmed);
  try {
    return await lookUpPublication(deps.resolvers, doi ? { doi } : { pubmedId });
  } catch (error) {
    // 424 (the request depended on another service that failed): the client's input was fine.
    if (error instanceof PublicationLookupError) throw new DomainError(error.notFound ? 404 : 424, error.message);
    throw error;
  }
}

// ---- tags -------------------------------------------------------------------------------------

export async function createTag(deps: ReferenceServiceDeps, viewer: Viewer, payload: unknown): Promise<{ id: number; label: string }> {
  requireAllowed(viewer, 'reference.create');
  const input = await validateInput<{ label: string }>(userDefinedTagSchema, payload);
  const { value } = await saveWithIndexing(deps.db, deps.publisher, async (trx) => {
    const tag = await repository.findOrInsertTag(trx, input.label);
    return { value: { id: tag.id, label: tag.label }, intents: tag.created ? [{ entityType: 'user_defined_tag', id: tag.id }] : [] };
  });
  return value!;
}
