/**
 * A small catalogue for indexing tests, inserted into an isolated database: the four
 * registries, a few record types, relation types and vocabulary terms, and helpers to add
 * records. Names and descriptions come from real registry entries (FAIRsharing, CC BY-SA 4.0).
 */
import type { Database } from '@registry/platform';

export interface FixtureIds {
  registries: Record<'Standard' | 'Database' | 'Policy' | 'Collection', number>;
  recordTypes: Record<'terminology_artefact' | 'repository' | 'journal' | 'collection', number>;
  relationTypes: Record<'collects' | 'implements' | 'related_to' | 'recommends', number>;
  subjects: Record<'genomics' | 'proteomics', number>;
}

async function insertId(db: Database, table: string, row: Record<string, unknown>): Promise<number> {
  const [inserted] = await db(table).insert(row).returning('id');
  return (inserted as { id: number }).id;
}

export async function insertFixtureVocabulary(db: Database): Promise<FixtureIds> {
  const registries = {
    Standard: await insertId(db, 'registries', { name: 'Standard' }),
    Database: await insertId(db, 'registries', { name: 'Database' }),
    Policy: await insertId(db, 'registries', { name: 'Policy' }),
    Collection: await insertId(db, 'registries', { name: 'Collection' }),
  };
  const recordTypes = {
    terminology_artefact: await insertId(db, 'record_types', { name: 'terminology_artefact', registry_id: registries.Standard }),
    repository: await insertId(db, 'record_types', { name: 'repository', registry_id: registries.Database }),
    journal: await insertId(db, 'record_types', { name: 'journal', registry_id: registries.Policy }),
    collection: await insertId(db, 'record_types', { name: 'collection', registry_id: registries.Collection }),
  };
  const relationTypes = {
    collects: await insertId(db, 'relation_types', { name: 'collects' }),
    implements: await insertId(db, 'relation_types', { name: 'implements' }),
    related_to: await insertId(db, 'relation_types', { name: 'related_to' }),
    recommends: await insertId(db, 'relation_types', { name: 'recommends' }),
  };
  const subjects = {
    genomics: await insertId(db, 'subjects', { label: 'Genomics', iri: 'http://www.fairsharing.org/ontology/subject/SRAO_0000150', synonyms: ['genome science'] }),
    proteomics: await insertId(db, 'subjects', { label: 'Proteomics', iri: 'http://www.fairsharing.org/ontology/subject/SRAO_0000154' }),
  };
  return { registries, recordTypes, relationTypes, subjects };
}

export interface NewRecord {
  registryId: number;
  name: string;
  abbreviation?: string;
  description?: string;
  status?: string;
  recordTypeId?: number;
  metadata?: Record<string, unknown>;
  isHidden?: boolean;
  isApproved?: boolean;
}

export async function insertRecord(db: Database, record: NewRecord): Promise<number> {
  return insertId(db, 'records', {
    registry_id: record.registryId,
    record_type_id: record.recordTypeId ?? null,
    name: record.name,
    abbreviation: record.abbreviation ?? null,
    description: record.description ?? '',
    status: record.status ?? 'ready',
    metadata: JSON.stringify(record.metadata ?? {}),
    is_hidden: record.isHidden ?? false,
    is_approved: record.isApproved ?? true,
  });
}

/** Inserts `count` standards named "<prefix> <n>" in one statement; returns their ids in order. */
export async function insertManyRecords(db: Database, registryId: number, prefix: string, count: number): Promise<number[]> {
  const rows = Array.from({ length: count }, (_, index) => ({
    registry_id: registryId,
    name: `${prefix} ${index + 1}`,
    description: `Synthetic test record ${index + 1}`,
    status: 'ready',
  }));
  const inserted: { id: number }[] = await db('records').insert(rows).returning('id');
  return inserted.map((row) => row.id);
}
