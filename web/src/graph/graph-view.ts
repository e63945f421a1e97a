/**
 * What the graph page shows of a laid-out graph: the depth asked for (1 or 2 hops), the
 * registries, relation types and statuses ticked. The record itself always stays; another
 * record stays when it passes the filters and one of its shown relations still leads to it.
 */
import type { LaidOutEdge, LaidOutNode, RecordGraphAnswer } from './graph-layout.ts';

export interface GraphFilters {
  depth: 1 | 2;
  /** Hidden values; an empty set hides nothing. */
  hiddenRegistries: ReadonlySet<string>;
  hiddenRelations: ReadonlySet<string>;
  hiddenStatuses: ReadonlySet<string>;
}

export const DEFAULT_GRAPH_FILTERS: GraphFilters = {
  depth: 1,
  hiddenRegistries: new Set(),
  hiddenRelations: new Set(),
  hiddenStatuses: new Set(),
};

/** The answer cut to `depth` hops, before the layout (a depth-1 picture is laid out on its own). */
export function answerAtDepth(answer: RecordGraphAnswer, depth: 1 | 2): RecordGraphAnswer {
  const nodes = answer.nodes.filter((node) => node.attributes.length <= depth);
  const kept = new Set(nodes.map((node) => node.key));
  return { ...answer, nodes, edges: answer.edges.filter((edge) => kept.has(edge.source) && kept.has(edge.target)) };
}

export interface VisibleGraph {
  nodes: LaidOutNode[];
  edges: LaidOutEdge[];
}

export function visibleGraph(nodes: readonly LaidOutNode[], edges: readonly LaidOutEdge[], filters: GraphFilters): VisibleGraph {
  const passes = (node: LaidOutNode) =>
    node.isRoot || (!filters.hiddenRegistries.has(node.registry) && !filters.hiddenStatuses.has(node.status));
  const candidateEdges = edges.filter((edge) => !filters.hiddenRelations.has(edge.label) && passes(edge.source) && passes(edge.target));
  // Keep only what is still connected to the record through shown relations.
  const reached = new Set<LaidOutNode>(nodes.filter((node) => node.isRoot));
  let grew = true;
  while (grew) {
    grew = false;
    for (const edge of candidateEdges) {
      const [a, b] = [edge.source, edge.target];
      if (reached.has(a) !== reached.has(b)) {
        reached.add(reached.has(a) ? b : a);
        grew = true;
      }
    }
  }
  return {
    nodes: nodes.filter((node) => reached.has(node)),
    edges: candidateEdges.filter((edge) => reached.has(edge.source) && reached.has(edge.target)),
  };
}

/** The distinct values of a field, sorted, for the filter controls. */
export function distinctValues(values: Iterable<string>): string[] {
  return [...new Set([...values].filter((value) => value !== ''))].sort();
}
