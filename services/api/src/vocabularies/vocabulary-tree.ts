/**
 * A vocabulary as the ontology browser shows it: every term under each of its parents (terms
 * without parents are roots; a flat vocabulary is all roots), with two counts, since both are
 * asked for: `own_records_count`, the public records annotated with the term itself (what a
 * search on the term finds), and `records_count`, those annotated with it or any narrower term.
 * Pure: the repository reads the rows, this builds the tree in memory (a few hundred terms).
 */

export interface VocabularyTermRow {
  id: number;
  label: string;
  definitions: string[];
  synonyms: string[];
  iri: string | null;
}

export interface VocabularyTreeNode {
  id: number;
  name: string;
  /** The first definition (the public client reads `description`). */
  description: string;
  definitions: string[];
  synonyms: string[];
  iri: string | null;
  records_count: number;
  own_records_count: number;
  descendants_count: number;
  children: VocabularyTreeNode[];
}

export function buildVocabularyTree(
  terms: readonly VocabularyTermRow[],
  parentLinks: readonly { term_id: number; parent_id: number }[],
  annotations: readonly { term_id: number; record_id: number }[],
): VocabularyTreeNode[] {
  const byId = new Map(terms.map((term) => [term.id, term]));
  const children = new Map<number, number[]>();
  const hasParent = new Set<number>();
  for (const link of parentLinks) {
    if (!byId.has(link.term_id) || !byId.has(link.parent_id) || link.term_id === link.parent_id) continue;
    hasParent.add(link.term_id);
    const list = children.get(link.parent_id);
    if (list) list.push(link.term_id);
    else children.set(link.parent_id, [link.term_id]);
  }
  const directRecords = new Map<number, Set<number>>();
  for (const { term_id, record_id } of annotations) {
    const set = directRecords.get(term_id);
    if (set) set.add(record_id);
    else directRecords.set(term_id, new Set([record_id]));
  }

  const descendantsMemo = new Map<number, Set<number>>();
  function descendants(id: number, path: Set<number>): Set<number> {
    const known = descendantsMemo.get(id);
    if (known) return known;
    const result = new Set<number>();
    path.add(id);
    for (const child of children.get(id) ?? []) {
      if (path.has(child)) continue; // a cycle in the ontology must not hang the browser
      result.add(child);
      for (const grandChild of descendants(child, path)) result.add(grandChild);
    }
    path.delete(id);
    descendantsMemo.set(id, result);
    return result;
  }

  const sortByName = (a: VocabularyTreeNode, b: VocabularyTreeNode) => a.name.localeCompare(b.name);
  function node(id: number, path: Set<number>): VocabularyTreeNode {
    const term = byId.get(id)!;
    const below = descendants(id, new Set());
    const own = directRecords.get(id) ?? new Set<number>();
    const records = new Set(own);
    for (const descendant of below) for (const record of directRecords.get(descendant) ?? []) records.add(record);
    path.add(id);
    const childNodes = (children.get(id) ?? []).filter((child) => !path.has(child)).map((child) => node(child, path));
    path.delete(id);
    return {
      id,
      name: term.label,
      description: term.definitions[0] ?? '',
      definitions: term.definitions,
      synonyms: term.synonyms,
      iri: term.iri,
      records_count: records.size,
      own_records_count: own.size,
      descendants_count: below.size,
      children: childNodes.sort(sortByName),
    };
  }

  return terms.filter((term) => !hasParent.has(term.id)).map((term) => node(term.id, new Set())).sort(sortByName);
}
