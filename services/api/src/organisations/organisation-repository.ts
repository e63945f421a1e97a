/** SQL of organisations, their types and countries, grants and the links from records to them. */
import type { Knex } from 'knex';
import type { Database } from '@registry/platform';
import { searchedPattern } from '../like-pattern.ts';
import { recordLinkTable } from '../references/record-link-repository.ts';

type Db = Database | Knex.Transaction;

export interface OrganisationRow {
  id: number;
  name: string;
  homepage: string | null;
  url_for_logo: string | null;
  alternative_names: string[];
  ror_link: string | null;
}

export interface OrganisationTypeRow {
  id: number;
  name: string;
}

export interface GrantRow {
  id: number;
  name: string;
  description: string;
}

export interface OrganisationLinkRow {
  id: number;
  record_id: number;
  organisation_id: number;
  relation: string;
  is_lead: boolean;
  grant_id: number | null;
}

export interface OrganisationRecordRow {
  id: number;
  name: string;
  homepage: string | null;
  alternative_names: string[];
  ror_link: string | null;
}

const ORGANISATION_COLUMNS = ['id', 'name', 'homepage', 'alternative_names', 'ror_link'];

export async function findOrganisation(db: Db, id: number): Promise<OrganisationRecordRow | null> {
  return (await db('organisations').where({ id }).first(ORGANISATION_COLUMNS)) ?? null;
}

export async function insertOrganisation(trx: Db, row: Omit<OrganisationRecordRow, 'id'> & { created_by: number | null }): Promise<OrganisationRecordRow> {
  const [inserted] = await trx('organisations').insert(row).returning(ORGANISATION_COLUMNS);
  return inserted as OrganisationRecordRow;
}

export async function updateOrganisation(trx: Db, id: number, changes: Partial<OrganisationRecordRow>): Promise<void> {
  if (Object.keys(changes).length > 0) await trx('organisations').where({ id }).update(changes);
}

export async function deleteOrganisation(trx: Db, id: number): Promise<void> {
  await trx('organisations').where({ id }).delete();
}

export async function replaceOrganisationTypes(trx: Db, id: number, typeIds: readonly number[]): Promise<void> {
  await trx('organisation_organisation_types').where({ organisation_id: id }).delete();
  if (typeIds.length > 0) await trx('organisation_organisation_types').insert([...new Set(typeIds)].map((typeId) => ({ organisation_id: id, organisation_type_id: typeId })));
}

export async function replaceOrganisationCountries(trx: Db, id: number, countryIds: readonly number[]): Promise<void> {
  await trx('organisation_countries').where({ organisation_id: id }).delete();
  if (countryIds.length > 0) await trx('organisation_countries').insert([...new Set(countryIds)].map((countryId) => ({ organisation_id: id, country_id: countryId })));
}

export async function insertGrant(trx: Db, row: { name: string; description: string; created_by: number | null }): Promise<{ id: number; name: string; description: string }> {
  const [inserted] = await trx('grants').insert(row).returning(['id', 'name', 'description']);
  return inserted as { id: number; name: string; description: string };
}

export async function grantExists(db: Db, id: number): Promise<boolean> {
  return (await db('grants').where({ id }).first('id')) !== undefined;
}

export const organisationLinks = recordLinkTable<OrganisationLinkRow>('organisation_links', ['id', 'record_id', 'organisation_id', 'relation', 'is_lead', 'grant_id']);

// ---- look-ups of the autocompletes --------------------------------------------------------------

/** Safety cap of a look-up with an empty text. */
const MAX_ROWS = 10_000;

/** Organisations whose name or an alternative name contains `q`, by name. */
export function searchOrganisations(db: Database, q: string | null | undefined): Promise<OrganisationRow[]> {
  const query = db<OrganisationRow>('organisations').select('*').orderBy('name').limit(MAX_ROWS);
  const pattern = searchedPattern(q);
  if (pattern) query.whereRaw('lower(name) like ? or exists (select 1 from unnest(alternative_names) n where lower(n) like ?)', [pattern, pattern]);
  return query;
}

export function searchOrganisationTypes(db: Database, q: string | null | undefined): Promise<OrganisationTypeRow[]> {
  const query = db<OrganisationTypeRow>('organisation_types').select('*').orderBy('name');
  const pattern = searchedPattern(q);
  if (pattern) query.whereRaw('lower(name) like ?', [pattern]);
  return query;
}

export function searchGrants(db: Database, q: string | null | undefined): Promise<GrantRow[]> {
  const query = db<GrantRow>('grants').select('*').orderBy('name').limit(MAX_ROWS);
  const pattern = searchedPattern(q);
  if (pattern) query.whereRaw('lower(name) like ?', [pattern]);
  return query;
}
