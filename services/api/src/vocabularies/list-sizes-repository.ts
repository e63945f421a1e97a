/**
 * The real sizes of the unpaged lists, which the query cost charges (graphql/query-cost.ts),
 * counted in Postgres: records, registries, vocabulary nodes as the browser answers them, and
 * the rows of each table a whole-table list answers from. The GraphQL plugin counts them when
 * the server starts and again every few minutes (`graphql/list-sizes.ts`).
 */
import type { Database } from '@registry/platform';
import { BROWSABLE_VOCABULARIES } from './vocabulary-service.ts';
import { VOCABULARY_TABLES, type BrowsableVocabulary } from './vocabulary-repository.ts';
import { COUNTED_TABLES, type CountedTable, type ListSizes } from '../kernel/list-sizes.ts';

type VocabularyTables = (typeof VOCABULARY_TABLES)[BrowsableVocabulary];

/**
 * Nodes of a vocabulary as the browser answers it: its terms for a flat one; for a tree, which
 * repeats a term under each of its parents, the paths from a root term down to each term. Paths
 * stop at 50 levels, where a cycle in the ontology would otherwise go on forever (the tree
 * builder cuts cycles short too). Upper-level terms the browser leaves out are counted: a little
 * more, never less.
 */
async function vocabularyNodes(db: Database, tables: VocabularyTables): Promise<number> {
  if (!('parents' in tables)) {
    const [{ count }] = await db(tables.terms).count<{ count: string }[]>({ count: '*' });
    return Number(count);
  }
  const { table, column } = tables.parents;
  const paths = await db.raw<{ rows: { count: string }[] }>(
    `with recursive paths(id, depth) as (
       select t.id, 1 from ?? t where not exists (select 1 from ?? p where p.?? = t.id and p.parent_id <> t.id)
       union all
       select p.??, paths.depth + 1 from ?? p join paths on p.parent_id = paths.id where p.?? <> p.parent_id and paths.depth < 50
     ) select count(*) as count from paths`,
    [tables.terms, table, column, column, table, column],
  );
  return Number(paths.rows[0].count);
}

/** Rows of each table a whole-table list answers from, in one statement. */
async function countTableRows(db: Database): Promise<Record<CountedTable, number>> {
  const counts = COUNTED_TABLES.map(() => '(select count(*) from ??) as ??').join(', ');
  const result = await db.raw<{ rows: Record<CountedTable, string>[] }>(`select ${counts}`, COUNTED_TABLES.flatMap((table) => [table, table]));
  return Object.fromEntries(COUNTED_TABLES.map((table) => [table, Number(result.rows[0][table])])) as Record<CountedTable, number>;
}

export async function countListSizes(db: Database): Promise<ListSizes> {
  const [[records], [registries], tableRows, ...vocabularies] = await Promise.all([
    db('records').count<{ count: string }[]>({ count: '*' }),
    db('registries').count<{ count: string }[]>({ count: '*' }),
    countTableRows(db),
    ...BROWSABLE_VOCABULARIES.map((vocabulary) => vocabularyNodes(db, VOCABULARY_TABLES[vocabulary])),
  ]);
  return {
    records: Number(records.count),
    registries: Number(registries.count),
    subjectTreeNodes: vocabularies[BROWSABLE_VOCABULARIES.indexOf('subject')],
    vocabularyNodes: Math.max(...vocabularies),
    tableRows,
  };
}
