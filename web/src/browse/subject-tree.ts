/**
 * A vocabulary's tree as `browseVocabulary { data }` answers it, and the lookups the ontology
 * browser needs: find a term by id or label (the URL may carry either) or by part of its name or
 * synonyms, the path of ancestors to open in the tree, a term's parents and narrower terms, and
 * the browse URL state (term, narrower, page, perPage).
 */
export interface TermNode {
  id: number;
  name: string;
  description: string;
  definitions?: string[];
  synonyms?: string[];
  iri?: string | null;
  /** Public records annotated with this term or a narrower one. */
  records_count: number;
  /** Public records annotated with this very term (what a search on it finds). */
  own_records_count?: number;
  descendants_count: number;
  children: TermNode[];
}

export const DEFAULT_PER_PAGE = 50;
export const PER_PAGE_CHOICES = [10, 20, 50, 100] as const;

export interface BrowseState {
  /** A term id (digits) or label, as in `?term=`; '' when nothing is selected. */
  term: string;
  /** List the records of narrower terms too (`?narrower=true`). */
  narrower: boolean;
  page: number;
  perPage: number;
}

function positiveInt(value: string | null, fallback: number, max = Number.MAX_SAFE_INTEGER): number {
  const parsed = Number(value);
  return Number.isInteger(parsed) && parsed > 0 ? Math.min(parsed, max) : fallback;
}

export function parseBrowseState(params: URLSearchParams): BrowseState {
  return {
    term: params.get('term')?.trim() ?? '',
    narrower: params.get('narrower') === 'true',
    page: positiveInt(params.get('page'), 1),
    perPage: positiveInt(params.get('perPage'), DEFAULT_PER_PAGE, 100),
  };
}

/** Query parameters of a state; defaults are left out so URLs stay short. */
export function browseSearchParams(state: BrowseState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.term) params.set('term', state.term);
  if (state.narrower) params.set('narrower', 'true');
  if (state.page !== 1) params.set('page', String(state.page));
  if (state.perPage !== DEFAULT_PER_PAGE) params.set('perPage', String(state.perPage));
  return params;
}

/**
 * The path from a root to the term named by `term` (its id, or its label case-insensitively),
 * root first; empty when no term matches. A term under several parents is found at its first place.
 */
export function pathToTerm(roots: readonly TermNode[], term: string): TermNode[] {
  if (!term) return [];
  const wanted = term.toLowerCase();
  const matches = /^\d+$/.test(term)
    ? (node: TermNode) => node.id === Number(term)
    : (node: TermNode) => node.name.toLowerCase() === wanted;
  const path: TermNode[] = [];
  function visit(nodes: readonly TermNode[]): boolean {
    for (const node of nodes) {
      path.push(node);
      if (matches(node) || visit(node.children)) return true;
      path.pop();
    }
    return false;
  }
  return visit(roots) ? path : [];
}

/** A key for one place of a term in the tree (a term may sit under several parents). */
export function placeKey(ancestors: readonly number[], id: number): string {
  return [...ancestors, id].join('/');
}

/** Terms whose name or a synonym contains `text` (case-insensitive), names starting with it first. */
export function findTerms(roots: readonly TermNode[], text: string, limit = 10): TermNode[] {
  const wanted = text.trim().toLowerCase();
  if (!wanted) return [];
  const seen = new Map<number, TermNode>();
  const visit = (nodes: readonly TermNode[]) => {
    for (const node of nodes) {
      if (!seen.has(node.id) && [node.name, ...(node.synonyms ?? [])].some((name) => name.toLowerCase().includes(wanted))) seen.set(node.id, node);
      visit(node.children);
    }
  };
  visit(roots);
  const starts = (node: TermNode) => (node.name.toLowerCase().startsWith(wanted) ? 0 : 1);
  return [...seen.values()].sort((a, b) => starts(a) - starts(b) || a.name.localeCompare(b.name)).slice(0, limit);
}

/** Every term that lists `id` among its children (a term may have several parents). */
export function parentsOf(roots: readonly TermNode[], id: number): TermNode[] {
  const parents = new Map<number, TermNode>();
  const visit = (nodes: readonly TermNode[]) => {
    for (const node of nodes) {
      if (node.children.some((child) => child.id === id)) parents.set(node.id, node);
      visit(node.children);
    }
  };
  visit(roots);
  return [...parents.values()];
}

/** The term's name and those of all narrower terms, once each (the search filter takes any of them). */
export function namesWithNarrower(node: TermNode): string[] {
  const names = new Set<string>();
  const visit = (term: TermNode) => {
    names.add(term.name);
    term.children.forEach(visit);
  };
  visit(node);
  return [...names];
}
