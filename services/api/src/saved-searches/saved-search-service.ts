/**
 * Saved searches: a signed-in person saves a search (its URL and parameters) with a name and a
 * short comment, and may link it to policies they maintain; super curators also link
 * organisations and users. The creator (or a super curator) changes or deletes it. Linked records
 * and organisations show their saved searches, so they are re-indexed when links change.
 */
import type { Knex } from 'knex';
import { saveWithIndexing, type Database, type IndexIntent, type IndexPublisher } from '@registry/platform';
import type { Viewer } from '@registry/schemas';
import {
  SAVED_SEARCH_MESSAGES, savedSearchChangeSchema, savedSearchSchema,
  type SavedSearchChange, type SavedSearchInput,
} from '@registry/schemas/forms/saved-search.ts';
import { invalidError, notFoundError } from '../domain-errors.ts';
import { requireAllowed, requireEditableRecord } from '../records/record-guards.ts';
import { validateInput } from '../validation.ts';
import * as repository from './saved-search-repository.ts';

export interface SavedSearchDeps {
  db: Database;
  publisher: IndexPublisher | null;
  /** The site's address: a saved search's `url` is read against its origin (a whole address of this site is kept as its path). */
  publicUrl: string;
}

const siteContext = (deps: SavedSearchDeps) => ({ siteOrigin: new URL(deps.publicUrl).origin });

export type SavedSearch = repository.SavedSearchRow & repository.SavedSearchLinks;

const NO_LINKS: repository.SavedSearchLinks = { fairsharing_record_ids: [], organisation_ids: [], user_ids: [] };
const added = (before: number[], after: number[] | undefined) => (after ?? []).filter((id) => !before.includes(id));

/** Refuses links the viewer may not add; links already there may stay. */
async function checkNewLinks(deps: SavedSearchDeps, viewer: Viewer, before: repository.SavedSearchLinks, input: Partial<repository.SavedSearchLinks>): Promise<void> {
  for (const recordId of added(before.fairsharing_record_ids, input.fairsharing_record_ids)) {
    await requireEditableRecord(deps.db, viewer, recordId);
    if ((await repository.registryOfRecord(deps.db, recordId)) !== 'Policy') {
      throw invalidError(SAVED_SEARCH_MESSAGES.policies, { errors: { fairsharing_record_ids: SAVED_SEARCH_MESSAGES.policies } });
    }
  }
  const organisations = added(before.organisation_ids, input.organisation_ids);
  const users = added(before.user_ids, input.user_ids);
  if (organisations.length > 0 || users.length > 0) requireAllowed(viewer, 'savedSearch.linkPeople');
  const missingOrganisations = await repository.missingOrganisations(deps.db, organisations);
  if (missingOrganisations.length > 0) throw invalidError(`Unknown organisation ${missingOrganisations.join(', ')}`);
  const missingUsers = await repository.missingUsers(deps.db, users);
  if (missingUsers.length > 0) throw invalidError(`Unknown user ${missingUsers.join(', ')}`);
}

function linkIntents(...links: repository.SavedSearchLinks[]): IndexIntent[] {
  const records = new Set(links.flatMap((link) => link.fairsharing_record_ids));
  const organisations = new Set(links.flatMap((link) => link.organisation_ids));
  return [
    ...[...records].map((id) => ({ entityType: 'record' as const, id })),
    ...[...organisations].map((id) => ({ entityType: 'organisation' as const, id })),
  ];
}

async function saveLinks(trx: Knex.Transaction, id: number, input: Partial<repository.SavedSearchLinks>): Promise<void> {
  for (const key of Object.keys(repository.SAVED_SEARCH_LINKS) as repository.SavedSearchLinkKey[]) {
    const ids = input[key];
    if (ids !== undefined) await repository.replaceLinks(trx, key, id, ids);
  }
}

async function loadSavedSearch(db: Database, id: number): Promise<SavedSearch> {
  const row = await repository.findSavedSearch(db, id);
  if (!row) throw notFoundError('Saved search');
  return { ...row, ...(await repository.linksOf(db, id)) };
}

export async function createSavedSearch(deps: SavedSearchDeps, viewer: Viewer, payload: unknown): Promise<SavedSearch> {
  requireAllowed(viewer, 'savedSearch.manage', { userId: viewer.userId ?? undefined });
  const input = await validateInput<SavedSearchInput>(savedSearchSchema, payload, siteContext(deps));
  await checkNewLinks(deps, viewer, NO_LINKS, input);
  const { value } = await saveWithIndexing<number>(deps.db, deps.publisher, async (trx) => {
    const id = await repository.insertSavedSearch(trx, {
      name: input.name, url: input.url, comments: input.comments || null, params: input.params ?? null, creator_id: viewer.userId,
    });
    await saveLinks(trx, id, input);
    return { value: id, intents: linkIntents({ ...NO_LINKS, ...input }) };
  });
  return loadSavedSearch(deps.db, value!);
}

async function manageableSavedSearch(deps: SavedSearchDeps, viewer: Viewer, id: number): Promise<SavedSearch> {
  const found = await loadSavedSearch(deps.db, id);
  requireAllowed(viewer, 'savedSearch.manage', { userId: found.creator_id ?? undefined });
  return found;
}

export async function updateSavedSearch(deps: SavedSearchDeps, viewer: Viewer, id: number, payload: unknown): Promise<SavedSearch> {
  const before = await manageableSavedSearch(deps, viewer, id);
  const input = await validateInput<SavedSearchChange>(savedSearchChangeSchema, payload, siteContext(deps));
  await checkNewLinks(deps, viewer, before, input);
  await saveWithIndexing(deps.db, deps.publisher, async (trx) => {
    if (!(await repository.findSavedSearch(trx, id, { forUpdate: true }))) throw notFoundError('Saved search');
    await repository.updateSavedSearch(trx, id, {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.url !== undefined ? { url: input.url } : {}),
      ...(input.comments !== undefined ? { comments: input.comments || null } : {}),
      ...(input.params !== undefined ? { params: input.params } : {}),
    });
    await saveLinks(trx, id, input);
    return linkIntents(before, { ...NO_LINKS, ...input });
  });
  return loadSavedSearch(deps.db, id);
}

export async function deleteSavedSearch(deps: SavedSearchDeps, viewer: Viewer, id: number): Promise<void> {
  const before = await manageableSavedSearch(deps, viewer, id);
  await saveWithIndexing(deps.db, deps.publisher, async (trx) => {
    await repository.deleteSavedSearch(trx, id);
    return linkIntents(before);
  });
}
