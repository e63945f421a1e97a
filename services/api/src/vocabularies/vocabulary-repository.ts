/**
 * The reference lists read from Postgres: one query function serves every declaration of
 * vocabularies.ts. Ordered by the list's name, then id.
 */
import type { Database } from '@registry/platform';
import type { VocabularyDeclaration } from './vocabularies.ts';

export interface VocabularyItem {
  id: number;
  attributes: Record<string, unknown>;
}

export interface VocabularyPage {
  items: VocabularyItem[];
  total: number;
}

/** `%`, `_` and `\` match themselves in the LIKE pattern. */
function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

function searchCondition(declaration: VocabularyDeclaration): string {
  const textMatches = declaration.searchText.map((column) => `lower(${column}) LIKE :pattern`);
  const arrayMatches = declaration.searchArrays.map((column) => `EXISTS (SELECT 1 FROM unnest(${column}) AS value WHERE lower(value) LIKE :pattern)`);
  return [...textMatches, ...arrayMatches].join(' OR ');
}

/** Bytes a page item adds besides its values: its id, type, keys and punctuation. */
const ITEM_OVERHEAD_BYTES = 100;

/**
 * One page of a list, the items containing `q` (any letter case) in a searched column when it is
 * given: at most `limit` items, and no more than fit in `maxBytes` (the first item always). The
 * cut is made in Postgres on the stored sizes of the values (JSON escaping may add a little), and
 * only the items kept are built as JSON: a page of 500 rows, ten of them a megabyte each, no
 * longer builds ten megabytes to send one.
 */
export async function readVocabularyPage(
  db: Database,
  declaration: VocabularyDeclaration,
  options: { q?: string; offset: number; limit: number; maxBytes: number },
): Promise<VocabularyPage> {
  const text = options.q?.trim() ?? '';
  const conditions = [declaration.listedWhen, text ? `(${searchCondition(declaration)})` : undefined].filter((condition) => condition !== undefined);
  const where = conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';
  const columns = Object.values(declaration.attributes);
  const attributes = Object.entries(declaration.attributes).map(([name, column]) => `'${name}', ${column}`).join(', ');
  const storedSize = columns.map((column) => `coalesce(octet_length(${column}::text), 4)`).join(' + ');
  const bindings = { pattern: containsPattern(text), offset: options.offset, limit: options.limit, maxBytes: options.maxBytes, overhead: ITEM_OVERHEAD_BYTES };
  const tables = `${declaration.table} v ${declaration.joins ?? ''}`;
  const order = `${declaration.orderBy}, v.id`;
  const page = `SELECT v.id, ${storedSize} AS size, row_number() OVER (ORDER BY ${order}) AS position FROM ${tables} ${where} ORDER BY ${order} OFFSET :offset LIMIT :limit`;
  const measured = `SELECT id, position, sum(size + :overhead) OVER (ORDER BY position) AS bytes FROM (${page}) page`;
  const kept = `SELECT id, position FROM (${measured}) measured WHERE bytes <= :maxBytes OR position = :offset + 1`;
  const [items, counted] = await Promise.all([
    db.raw(`SELECT v.id, json_build_object(${attributes}) AS attributes FROM ${tables} JOIN (${kept}) kept ON kept.id = v.id ORDER BY kept.position`, bindings),
    db.raw(`SELECT CAST(count(*) AS integer) AS total FROM ${tables} ${where}`, bindings),
  ]);
  return { items: items.rows as VocabularyItem[], total: (counted.rows[0] as { total: number }).total };
}
