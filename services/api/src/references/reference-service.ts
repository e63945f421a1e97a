/**
 * Licences and licence links, publications (with look-up by DOI or PubMed id) and user-defined
 * tags. Anyone signed in adds them while editing a record, as their creator; changing one is a
 * shared-entity change (`shared-entity-service.ts`). A licence link belongs to its record, so
 * whoever may edit the record may add, change or remove it. A licence named inline by someone
 * who is not a curator stays unapproved (out of the public dumps and reference lists) until a
 * curator links it to a record; so does a tag (a keyword) until a curator names it on a record.
 */
import { saveWithIndexing, type Database, type IndexIntent, type IndexPublisher } from '@registry/platform';
import { can, type Viewer } from '@registry/schemas';
import type { Knex } from 'knex';
import {
  LINK_MESSAGES, licenceLinkSchema, publicationSchema, userDefinedTagSchema,
  type LicenceLinkInput, type PublicationInput,
} from '@registry/schemas/forms/linked-entities.ts';
import { BusyError, DomainError, invalidError, notFoundError } from '../domain-errors.ts';
import { validateInput } from '../validation.ts';
import { recordEditedThroughLink, requireAllowed, requireEditableRecord, requireEditableRecordIfNamed } from '../records/record-guards.ts';
import type { PublicationLookupAnswer, PublicationLookups } from './publication-lookup-queue.ts';
import { changeSharedEntity } from './shared-entity-service.ts';
import { removeRecordLink } from './record-link-service.ts';
import { crossrefStyleCitation, zenodoStyleRecord } from './fairsharing-lookup-shapes.ts';
import * as repository from './reference-repository.ts';

export interface ReferenceServiceDeps {
  db: Database;
  publisher: IndexPublisher | null;
  /** Look-ups run as jobs of the worker role (`publication-lookup-queue.ts`). */
  lookups: Pick<PublicationLookups, 'lookUp'>;
}

// ---- licence links ---------------------------------------------------------------------------

async function licenceOf(deps: ReferenceServiceDeps, input: LicenceLinkInput): Promise<void> {
  if (input.licence_id !== undefined && !(await repository.licenceExists(deps.db, input.licence_id))) throw invalidError(`Unknown licence ${input.licence_id}`);
}

/**
 * The licence a link names: the one given by id, or the one named inline (found by name or added
 * with the viewer as its creator, approved only when a curator names it). A curator's link
 * approves the licence it names; the approval re-indexes every record linking it, whose search
 * documents left the unapproved licence out.
 */
async function linkedLicence(trx: Knex.Transaction, viewer: Viewer, input: LicenceLinkInput): Promise<{ licenceId: number; intents: IndexIntent[] }> {
  const approves = can(viewer, 'sharedEntity.approve');
  const licenceId = input.licence_attributes
    ? await repository.findOrInsertLicence(trx, { name: input.licence_attributes.name, url: input.licence_attributes.url ?? null, created_by: viewer.userId, is_approved: approves })
    : input.licence_id!;
  const approved = approves && (await repository.approveLicence(trx, licenceId));
  return { licenceId, intents: approved ? [{ entityType: 'licence', id: licenceId }] : [] };
}

export async function createLicenceLink(deps: ReferenceServiceDeps, viewer: Viewer, payload: unknown): Promise<repository.LicenceLinkRecordRow> {
  const input = await validateInput<LicenceLinkInput>(licenceLinkSchema, payload);
  await requireEditableRecord(deps.db, viewer, input.fairsharing_record_id);
  await licenceOf(deps, input);
  const { value } = await saveWithIndexing(deps.db, deps.publisher, async (trx) => {
    const { licenceId, intents } = await linkedLicence(trx, viewer, input);
    const link = await repository.licenceLinks.insert(trx, { record_id: input.fairsharing_record_id, licence_id: licenceId, relation: input.relation });
    await recordEditedThroughLink(trx, viewer, link.record_id, 'dataAccess', { licenceLinkAdded: link });
    return { value: link, intents: [{ entityType: 'record', id: link.record_id }, ...intents] };
  });
  return value!;
}

export async function updateLicenceLink(deps: ReferenceServiceDeps, viewer: Viewer, id: number, payload: unknown): Promise<repository.LicenceLinkRecordRow> {
  const existing = await repository.licenceLinks.find(deps.db, id);
  if (!existing) throw notFoundError('Licence link');
  const body = payload && typeof payload === 'object' ? payload : {};
  const input = await validateInput<LicenceLinkInput>(licenceLinkSchema, {
    fairsharing_record_id: existing.record_id, licence_id: existing.licence_id, relation: existing.relation, ...body,
  });
  if (input.fairsharing_record_id !== existing.record_id) throw invalidError('A link cannot move to another record');
  await requireEditableRecord(deps.db, viewer, existing.record_id);
  await licenceOf(deps, input);
  const { value } = await saveWithIndexing(deps.db, deps.publisher, async (trx) => {
    const { licenceId, intents } = await linkedLicence(trx, viewer, input);
    const link = await repository.licenceLinks.update(trx, id, { licence_id: licenceId, relation: input.relation });
    await recordEditedThroughLink(trx, viewer, link.record_id, 'dataAccess', { licenceLinkChanged: { before: existing, after: link } });
    return { value: link, intents: [{ entityType: 'record', id: link.record_id }, ...intents] };
  });
  return value!;
}

export async function deleteLicenceLink(deps: ReferenceServiceDeps, viewer: Viewer, id: number): Promise<void> {
  await removeRecordLink(deps, viewer, id, { links: repository.licenceLinks, noun: 'Licence link', section: 'dataAccess', removedChange: (link) => ({ licenceLinkRemoved: link }) });
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

/**
 * `editedRecordId`: the record being edited, which the viewer must be able to save (checked first).
 * A publication whose DOI the registry already holds is that publication, answered as it is
 * (`created` false): FAIRsharing's editor imports by DOI and adds what it is answered to the record.
 */
export async function createPublication(
  deps: ReferenceServiceDeps, viewer: Viewer, payload: unknown, editedRecordId?: number,
): Promise<{ publication: repository.PublicationRecordRow; created: boolean }> {
  requireAllowed(viewer, 'reference.create');
  await requireEditableRecordIfNamed(deps.db, viewer, editedRecordId);
  const input = await validateInput<PublicationInput>(publicationSchema, payload);
  const doi = bareDoi(input.doi || undefined);
  const existing = doi ? await repository.findPublicationByDoi(deps.db, doi) : null;
  if (existing) return { publication: existing, created: false };
  const { value } = await saveWithIndexing(deps.db, deps.publisher, async (trx) => {
    const publication = await repository.insertPublication(trx, { ...publicationColumns(input), created_by: viewer.userId });
    return { value: publication, intents: [{ entityType: 'publication', id: publication.id }] };
  });
  return { publication: value!, created: true };
}

/** A shared-entity change: curators, or its creator while only records they may edit cite it. */
export async function updatePublication(deps: ReferenceServiceDeps, viewer: Viewer, id: number, payload: unknown): Promise<repository.PublicationRecordRow> {
  return changeSharedEntity(deps, viewer, 'publication', id, async (trx) => {
    const existing = (await repository.findPublication(trx, id))!;
    const body = payload && typeof payload === 'object' ? payload : {};
    const input = await validateInput<PublicationInput>(publicationSchema, { ...existing, ...body });
    const publication = await repository.updatePublication(trx, id, publicationColumns(input));
    return { value: publication, before: existing, after: publication };
  });
}

/** A DOI as people paste it (bare, or as its doi.org address), or undefined. */
function bareDoi(text: string | undefined): string | undefined {
  return text?.trim().replace(/^https?:\/\/(dx\.)?doi\.org\//i, '');
}

const isDoi = (doi: string): boolean => /^10\.\d{4,9}\/\S+$/.test(doi);

/** Whose look-ups are counted together: the signed-in user (or the user of the API key); look-ups need one. */
function lookupClient(viewer: Viewer): string {
  return `user:${viewer.userId}`;
}

/** A look-up's answer as the client should read it. */
async function lookupAnswer(answer: Promise<PublicationLookupAnswer>): Promise<PublicationInput> {
  const outcome = await answer;
  if ('found' in outcome) return outcome.found;
  if ('notFound' in outcome) throw new DomainError(404, outcome.notFound);
  // 424 (the request depended on another service that failed): the client's input was fine.
  if ('failed' in outcome) throw new DomainError(424, outcome.failed);
  if ('busy' in outcome) throw new BusyError(outcome.busy, outcome.retryAfterSeconds);
  // No worker answered in time: the registry's own service is unavailable for now.
  throw new DomainError(503, outcome.unavailable);
}

/** The fields of a publication found by DOI or PubMed id, for the editor to review and save. */
export async function lookUp(deps: ReferenceServiceDeps, viewer: Viewer, identifier: { doi?: string; pubmedId?: string }): Promise<PublicationInput> {
  requireAllowed(viewer, 'reference.create');
  const doi = bareDoi(identifier.doi);
  const pubmedId = identifier.pubmedId?.trim();
  if (doi ? !isDoi(doi) : !/^\d{1,9}$/.test(pubmedId ?? '')) throw invalidError(LINK_MESSAGES.doiOrPubmed);
  return lookupAnswer(deps.lookups.lookUp(doi ? { source: 'crossref', identifier: doi } : { source: 'pubmed', identifier: pubmedId ?? '' }, lookupClient(viewer)));
}

/** POST /zenodo {doi}: the publication fields of the Zenodo record with this DOI, and the record as FAIRsharing's client reads it. */
export async function lookUpZenodo(deps: ReferenceServiceDeps, viewer: Viewer, doiText: string): Promise<PublicationInput & Record<string, unknown>> {
  requireAllowed(viewer, 'reference.create');
  const doi = bareDoi(doiText) ?? '';
  if (!isDoi(doi)) throw invalidError(LINK_MESSAGES.doi);
  return zenodoStyleRecord(await lookupAnswer(deps.lookups.lookUp({ source: 'zenodo', identifier: doi }, lookupClient(viewer))));
}

/** GET /zenodo?doi=: a DOI's citation as Crossref has it, in the CSL JSON shape FAIRsharing's editor reads first. */
export async function lookUpDoiCitation(deps: ReferenceServiceDeps, viewer: Viewer, doiText: string): Promise<Record<string, unknown>> {
  requireAllowed(viewer, 'reference.create');
  const doi = bareDoi(doiText) ?? '';
  if (!isDoi(doi)) throw invalidError(LINK_MESSAGES.doi);
  return crossrefStyleCitation(await lookupAnswer(deps.lookups.lookUp({ source: 'crossref', identifier: doi }, lookupClient(viewer))));
}

// ---- tags -------------------------------------------------------------------------------------

export async function createTag(deps: ReferenceServiceDeps, viewer: Viewer, payload: unknown, editedRecordId?: number): Promise<{ id: number; label: string }> {
  requireAllowed(viewer, 'reference.create');
  await requireEditableRecordIfNamed(deps.db, viewer, editedRecordId);
  const input = await validateInput<{ label: string }>(userDefinedTagSchema, payload);
  const { value } = await saveWithIndexing(deps.db, deps.publisher, async (trx) => {
    // A keyword proposed by someone who is not a curator waits for one (as a licence named inline does);
    // a curator's is approved, and a curator naming a waiting one approves it.
    const approves = can(viewer, 'sharedEntity.approve');
    const tag = await repository.findOrInsertTag(trx, input.label, viewer.userId, approves);
    const approved = approves && !tag.created && (await repository.approveTag(trx, tag.id));
    return { value: { id: tag.id, label: tag.label }, intents: tag.created || approved ? [{ entityType: 'user_defined_tag', id: tag.id }] : [] };
  });
  return value!;
}
