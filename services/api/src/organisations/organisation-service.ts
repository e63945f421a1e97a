/**
 * Organisations, grants and organisation links. Anyone signed in may add an organisation or a
 * grant while editing a record, as its creator; changing or deleting an organisation is a
 * shared-entity change (`shared-entity-service.ts`: curators, or its creator while only records
 * they may edit cite it). A link belongs to its record: whoever may edit the record may add,
 * change or remove it. Every change records the index intents of what embeds it.
 */
import { saveWithIndexing, type Database, type IndexPublisher } from '@registry/platform';
import type { Viewer } from '@registry/schemas';
import {
  grantSchema, LINK_MESSAGES, organisationLinkSchema, organisationSchema,
  type GrantInput, type OrganisationInput, type OrganisationLinkInput,
} from '@registry/schemas/forms/linked-entities.ts';
import { invalidError, notFoundError } from '../domain-errors.ts';
import { validateInput } from '../validation.ts';
import { missingIds } from '../records/record-repository.ts';
import { recordEditedThroughLink, requireAllowed, requireEditableRecord, requireEditableRecordIfNamed } from '../records/record-guards.ts';
import { changeSharedEntity } from '../references/shared-entity-service.ts';
import { removeRecordLink } from '../references/record-link-service.ts';
import * as repository from './organisation-repository.ts';

/** The pick lists' reads: public lists with no rule of their own, answered as the repository reads them. */
export { searchGrants, searchOrganisations, searchOrganisationTypes } from './organisation-repository.ts';
import type { OrganisationLinkRow } from './organisation-repository.ts';

export interface OrganisationServiceDeps {
  db: Database;
  publisher: IndexPublisher | null;
}

async function requireKnown(db: Database, table: string, ids: readonly number[] | undefined, what: string): Promise<void> {
  const missing = await missingIds(db, table, ids ?? []);
  if (missing.length > 0) throw invalidError(`Unknown ${what} ${missing.join(', ')}`);
}

async function checkOrganisation(db: Database, input: OrganisationInput): Promise<void> {
  await requireKnown(db, 'organisation_types', input.organisation_type_ids, 'organisation type');
  await requireKnown(db, 'countries', input.country_ids, 'country');
}

/** `editedRecordId`: the record being edited, which the viewer must be able to save (checked first). */
export async function createOrganisation(deps: OrganisationServiceDeps, viewer: Viewer, payload: unknown, editedRecordId?: number): Promise<repository.OrganisationRecordRow> {
  requireAllowed(viewer, 'reference.create');
  await requireEditableRecordIfNamed(deps.db, viewer, editedRecordId);
  const input = await validateInput<OrganisationInput>(organisationSchema, payload);
  await checkOrganisation(deps.db, input);
  const { value } = await saveWithIndexing(deps.db, deps.publisher, async (trx) => {
    const organisation = await repository.insertOrganisation(trx, {
      name: input.name,
      homepage: input.homepage || null,
      alternative_names: input.alternative_names ?? [],
      ror_link: input.ror_link || null,
      created_by: viewer.userId,
    });
    await repository.replaceOrganisationTypes(trx, organisation.id, input.organisation_type_ids ?? []);
    await repository.replaceOrganisationCountries(trx, organisation.id, input.country_ids ?? []);
    return { value: organisation, intents: [{ entityType: 'organisation', id: organisation.id }] };
  });
  return value!;
}

export async function updateOrganisation(deps: OrganisationServiceDeps, viewer: Viewer, id: number, payload: unknown): Promise<repository.OrganisationRecordRow> {
  return changeSharedEntity(deps, viewer, 'organisation', id, async (trx) => {
    const before = (await repository.findOrganisation(trx, id))!;
    const input = await validateInput<OrganisationInput>(organisationSchema, payload);
    await checkOrganisation(deps.db, input);
    await repository.updateOrganisation(trx, id, {
      name: input.name,
      homepage: input.homepage || null,
      ror_link: input.ror_link || null,
      ...(input.alternative_names ? { alternative_names: input.alternative_names } : {}),
    });
    if (input.organisation_type_ids) await repository.replaceOrganisationTypes(trx, id, input.organisation_type_ids);
    if (input.country_ids) await repository.replaceOrganisationCountries(trx, id, input.country_ids);
    const after = (await repository.findOrganisation(trx, id))!;
    return { value: after, before, after };
  });
}

export async function deleteOrganisation(deps: OrganisationServiceDeps, viewer: Viewer, id: number): Promise<void> {
  await changeSharedEntity(deps, viewer, 'organisation', id, async (trx) => {
    const before = (await repository.findOrganisation(trx, id))!;
    await repository.deleteOrganisation(trx, id);
    return { value: undefined, before };
  });
}

export async function createGrant(deps: OrganisationServiceDeps, viewer: Viewer, payload: unknown, editedRecordId?: number) {
  requireAllowed(viewer, 'reference.create');
  await requireEditableRecordIfNamed(deps.db, viewer, editedRecordId);
  const input = await validateInput<GrantInput>(grantSchema, payload);
  const { value } = await saveWithIndexing(deps.db, deps.publisher, async (trx) => {
    const grant = await repository.insertGrant(trx, { name: input.name, description: input.description, created_by: viewer.userId });
    return { value: grant, intents: [{ entityType: 'grant', id: grant.id }] };
  });
  return value!;
}

async function checkLink(deps: OrganisationServiceDeps, input: OrganisationLinkInput): Promise<void> {
  if (!(await repository.findOrganisation(deps.db, input.organisation_id))) throw invalidError(`Unknown organisation ${input.organisation_id}`);
  if (input.grant_id !== null && input.grant_id !== undefined) {
    if (input.relation !== 'funds') throw invalidError(LINK_MESSAGES.grantNeedsFunds);
    if (!(await repository.grantExists(deps.db, input.grant_id))) throw invalidError(`Unknown grant ${input.grant_id}`);
  }
}

function linkColumns(input: OrganisationLinkInput) {
  return {
    record_id: input.fairsharing_record_id,
    organisation_id: input.organisation_id,
    relation: input.relation,
    is_lead: input.is_lead,
    grant_id: input.grant_id ?? null,
  };
}

export async function createOrganisationLink(deps: OrganisationServiceDeps, viewer: Viewer, payload: unknown): Promise<OrganisationLinkRow> {
  const input = await validateInput<OrganisationLinkInput>(organisationLinkSchema, payload);
  await requireEditableRecord(deps.db, viewer, input.fairsharing_record_id);
  await checkLink(deps, input);
  const { value } = await saveWithIndexing(deps.db, deps.publisher, async (trx) => {
    const link = await repository.organisationLinks.insert(trx, linkColumns(input));
    await recordEditedThroughLink(trx, viewer, link.record_id, 'organisations', { added: linkColumns(input) });
    return { value: link, intents: [{ entityType: 'record', id: link.record_id }] };
  });
  return value!;
}

export async function updateOrganisationLink(deps: OrganisationServiceDeps, viewer: Viewer, id: number, payload: unknown): Promise<OrganisationLinkRow> {
  const existing = await repository.organisationLinks.find(deps.db, id);
  if (!existing) throw notFoundError('Organisation link');
  const body = payload && typeof payload === 'object' ? payload : {};
  const input = await validateInput<OrganisationLinkInput>(organisationLinkSchema, {
    fairsharing_record_id: existing.record_id,
    organisation_id: existing.organisation_id,
    relation: existing.relation,
    is_lead: existing.is_lead,
    grant_id: existing.grant_id,
    ...body,
  });
  if (input.fairsharing_record_id !== existing.record_id) throw invalidError('A link cannot move to another record');
  await requireEditableRecord(deps.db, viewer, existing.record_id);
  await checkLink(deps, input);
  const { value } = await saveWithIndexing(deps.db, deps.publisher, async (trx) => {
    const link = await repository.organisationLinks.update(trx, id, linkColumns(input));
    await recordEditedThroughLink(trx, viewer, link.record_id, 'organisations', { changed: { before: existing, after: link } });
    return { value: link, intents: [{ entityType: 'record', id: link.record_id }] };
  });
  return value!;
}

export async function deleteOrganisationLink(deps: OrganisationServiceDeps, viewer: Viewer, id: number): Promise<void> {
  await removeRecordLink(deps, viewer, id, { links: repository.organisationLinks, noun: 'Organisation link', section: 'organisations', removedChange: (link) => ({ removed: link }) });
}
