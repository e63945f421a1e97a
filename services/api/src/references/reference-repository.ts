/** SQL of licences and licence links, publications and user-defined tags. */
import type { Knex } from 'knex';
import type { Database } from '@registry/platform';
import { recordLinkTable } from './record-link-repository.ts';

type Db = Database | Knex.Transaction;

export interface LicenceRow {
  id: number;
  name: string;
  url: string | null;
  spdx_id: string | null;
}

export interface LicenceLinkRow {
  id: number;
  record_id: number;
  licence_id: number;
  relation: string;
}

export interface PublicationRow {
  id: number;
  title: string;
  doi: string | null;
  authors: string | null;
  journal: string | null;
  url: string | null;
  year: number | null;
  pubmed_id: string | null;
}

export interface LicenceLinkRecordRow {
  id: number;
  record_id: number;
  licence_id: number;
  relation: string;
}

export interface PublicationRecordRow {
  id: number;
  title: string;
  doi: string | null;
  pubmed_id: string | null;
  authors: string | null;
  journal: string | null;
  url: string | null;
  year: number | null;
}

const PUBLICATION_COLUMNS = ['id', 'title', 'doi', 'pubmed_id', 'authors', 'journal', 'url', 'year'];

export async function licenceExists(db: Db, id: number): Promise<boolean> {
  return (await db('licences').where({ id }).first('id')) !== undefined;
}

/** The licence of this name (any letter case) when one exists, so an inline licence is not added twice. */
export async function findOrInsertLicence(trx: Db, licence: { name: string; url: string | null; created_by: number | null; is_approved: boolean }): Promise<number> {
  const existing = await trx('licences').whereRaw('lower(name) = lower(?)', [licence.name]).first('id');
  if (existing) return Number(existing.id);
  const [inserted] = await trx('licences').insert(licence).returning('id');
  return Number((inserted as { id: number }).id);
}

/** Approves a licence awaiting a curator; true when it was waiting. */
export async function approveLicence(trx: Db, id: number): Promise<boolean> {
  return (await trx('licences').where({ id, is_approved: false }).update({ is_approved: true })) > 0;
}

export const licenceLinks = recordLinkTable<LicenceLinkRecordRow>('licence_links', ['id', 'record_id', 'licence_id', 'relation']);

export async function findPublication(db: Db, id: number): Promise<PublicationRecordRow | null> {
  return (await db('publications').where({ id }).first(PUBLICATION_COLUMNS)) ?? null;
}

/** The publication with this DOI (DOIs compare without case), the oldest if several were made before this check. */
export async function findPublicationByDoi(db: Db, doi: string): Promise<PublicationRecordRow | null> {
  return (await db('publications').whereRaw('lower(doi) = lower(?)', [doi]).orderBy('id').first(PUBLICATION_COLUMNS)) ?? null;
}

export async function insertPublication(trx: Db, row: Omit<PublicationRecordRow, 'id'> & { created_by: number | null }): Promise<PublicationRecordRow> {
  const [inserted] = await trx('publications').insert(row).returning(PUBLICATION_COLUMNS);
  return inserted as PublicationRecordRow;
}

export async function updatePublication(trx: Db, id: number, changes: Partial<PublicationRecordRow>): Promise<PublicationRecordRow> {
  const [updated] = await trx('publications').where({ id }).update(changes).returning(PUBLICATION_COLUMNS);
  return updated as PublicationRecordRow;
}

/** A tag of this label (stored lower-case), added when new. */
export async function findOrInsertTag(trx: Db, label: string, createdBy: number | null, isApproved: boolean): Promise<{ id: number; label: string; created: boolean }> {
  const existing = await trx('user_defined_tags').whereRaw('lower(label) = ?', [label]).first('id', 'label');
  if (existing) return { id: Number(existing.id), label: existing.label as string, created: false };
  const [inserted] = await trx('user_defined_tags').insert({ label, created_by: createdBy, is_approved: isApproved }).returning(['id', 'label']);
  return { ...(inserted as { id: number; label: string }), created: true };
}

/** Whether the tag was waiting for a curator and is approved now. */
export async function approveTag(trx: Db, id: number): Promise<boolean> {
  return (await trx('user_defined_tags').where({ id, is_approved: false }).update({ is_approved: true })) > 0;
}
