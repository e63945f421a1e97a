/**
 * The subject ontology tree as `browseSubjects { data }` answers it, and the lookups the
 * ontology browser needs: find a term by id or label (the URL may carry either), the path of
 * ancestors to open in the tree, and the browse URL state (term, page, perPage).
 */
export interface SubjectTreeNode {
  id: number;
  name: string;
  description: string;
  records_count: number;
  descendants_count: number;
  children: SubjectTreeNode[];
}

export const DEFAULT_PER_PAGE = 50;
export const PER_PAGE_CHOICES = [10, 20, 50, 100] as const;

export interface BrowseState {
  /** A term id (digits) or label, as in `?term=`; '' when nothing is selected. */
  term: string;
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
    page: positiveInt(params.get('page'), 1),
    perPage: positiveInt(params.get('perPage'), DEFAULT_PER_PAGE, 100),
  };
}

/** Query parameters of a state; defaults are left out so URLs stay short. */
export function browseSearchParams(state: BrowseState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.term) params.set('term', state.term);
  if (state.page !== 1) params.set('page', String(state.page));
  if (state.perPage !== DEFAULT_PER_PAGE) params.set('perPage', String(state.perPage));
  return params;
}

/**
 * The path from a root to the term named by `term` (its id, or its label case-insensitively),
 * root first; empty when no term matches. A term under several parents is found at its first place.
 */
export function pathToTerm(roots: readonly SubjectTreeNode[], term: string): SubjectTreeNode[] {
  if (!term) return [];
  const wanted = term.toLowerCase();
  const matches = /^\d+$/.test(term)
    ? (node: SubjectTreeNode) => node.id === Number(term)
    : (node: SubjectTreeNode) => node.name.toLowerCase() === wanted;
  const path: SubjectTreeNode[] = [];
  function visit(nodes: readonly SubjectTreeNode[]): boolean {
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
