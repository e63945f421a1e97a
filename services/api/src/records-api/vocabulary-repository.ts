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

/**
 * One page of a list, the items containing `q` (any letter case) in a searched column when it is
 * given: at most `limit` items, and no more than fit in `maxBytes` of attribute JSON (the first
 * item always). The cut is made in Postgres, so large stored values are not sent to be dropped.
 */
export async function readVocabularyPage(
  db: Database,
  declaration: VocabularyDeclaration,
  options: { q?: string; offset: number; limit: number; maxBytes: number },
): Promise<VocabularyPage> {
  const text = options.q?.trim() ?? '';
  const conditions = [declaration.listedWhen, text ? `(${searchCondition(declaration)})` : undefined].filter((condition) => condition !== undefined);
  const where = conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';
  const attributes = Object.entries(declaration.attributes).map(([name, column]) => `'${name}', ${column}`).join(', ');
  const bindings = { pattern: containsPattern(text), offset: options.offset, limit: options.limit, maxBytes: options.maxBytes };
  const from = `FROM ${declaration.table} v ${declaration.joins ?? ''} ${where}`;
  const order = `${declaration.orderBy}, v.id`;
  const page = `SELECT v.id, json_build_object(${attributes}) AS attributes, row_number() OVER (ORDER BY ${order}) AS position ${from} ORDER BY ${order} OFFSET :offset LIMIT :limit`;
  const measured = `SELECT id, attributes, position, sum(octet_length(attributes::text)) OVER (ORDER BY position) AS bytes FROM (${page}) page`;
  const [items, counted] = await Promise.all([
    db.raw(`SELECT id, attributes FROM (${measured}) measured WHERE bytes <= :maxBytes OR position = :offset + 1 ORDER BY position`, bindings),
    db.raw(`SELECT CAST(count(*) AS integer) AS total ${from}`, bindings),
  ]);
  return { items: items.rows as VocabularyItem[], total: (counted.rows[0] as { total: number }).total };
}
