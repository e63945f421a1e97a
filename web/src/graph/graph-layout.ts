/**
 * The `fairsharingGraph { data }` answer (graphology export shape: nodes with attributes, edges
 * source → target with a relation label) and its d3-force layout. The simulation runs to its end
 * before drawing (the answer says how many iterations), so the picture appears settled at once.
 */
import { forceCollide, forceLink, forceManyBody, forceSimulation, forceX, forceY, type SimulationLinkDatum, type SimulationNodeDatum } from 'd3';

export interface GraphNodeAnswer {
  key: string;
  attributes: {
    label: string;
    record_id: number;
    status?: string | null;
    registry: string;
    /** Hops from the record the graph is about. */
    length: number;
  };
}

export interface GraphEdgeAnswer {
  key: string;
  source: string;
  target: string;
  attributes: { label: string };
}

export interface RecordGraphAnswer {
  id: number;
  name: string;
  registry: string | null;
  type: string | null;
  nodes: GraphNodeAnswer[];
  edges: GraphEdgeAnswer[];
  linkLength?: number;
  maxIterations?: number;
}

export interface LaidOutNode extends SimulationNodeDatum {
  key: string;
  recordId: number;
  label: string;
  registry: string;
  /** Lower-case status ("ready", "deprecated", …); "" when unknown. */
  status: string;
  isRoot: boolean;
  /** Hops from the record the graph is about. */
  depth: number;
  radius: number;
  x: number;
  y: number;
}

export interface LaidOutEdge {
  key: string;
  label: string;
  source: LaidOutNode;
  target: LaidOutNode;
}

export interface GraphLayout {
  nodes: LaidOutNode[];
  edges: LaidOutEdge[];
}

export const REGISTRY_COLOURS: Readonly<Record<string, string>> = {
  standard: '#c0392b',
  database: '#1f6fb2',
  policy: '#2e7d32',
  collection: '#8e44ad',
};
export const OTHER_COLOUR = '#6b7280';

export function registryColour(registry: string): string {
  return REGISTRY_COLOURS[registry.toLowerCase()] ?? OTHER_COLOUR;
}

/** The short name drawn beside a node: the abbreviation part of "ABBR: Name", else the name (also when the abbreviation is blank). */
export function shortLabel(label: string, max = 28): string {
  const head = (label.includes(': ') ? label.slice(0, label.indexOf(': ')) : label).trim() || label.slice(label.indexOf(': ') + 2).trim();
  return head.length > max ? `${head.slice(0, max - 1)}…` : head;
}

export function layoutGraph(answer: RecordGraphAnswer): GraphLayout {
  const nodes: LaidOutNode[] = answer.nodes.map((node, index) => {
    const isRoot = node.attributes.record_id === answer.id;
    // A deterministic start on a spiral, so the same graph always settles the same way.
    const angle = index * 2.39996;
    const distance = isRoot ? 0 : 20 + 10 * Math.sqrt(index);
    return {
      key: node.key,
      recordId: node.attributes.record_id,
      label: node.attributes.label,
      registry: node.attributes.registry,
      status: (node.attributes.status ?? '').toLowerCase(),
      isRoot,
      depth: node.attributes.length,
      radius: isRoot ? 14 : node.attributes.length <= 1 ? 8 : 5,
      x: distance * Math.cos(angle),
      y: distance * Math.sin(angle),
    };
  });
  const byKey = new Map(nodes.map((node) => [node.key, node]));
  const edges: LaidOutEdge[] = answer.edges.flatMap((edge) => {
    const source = byKey.get(edge.source);
    const target = byKey.get(edge.target);
    return source && target ? [{ key: edge.key, label: edge.attributes.label, source, target }] : [];
  });
  const links: SimulationLinkDatum<LaidOutNode>[] = edges.map((edge) => ({ source: edge.source, target: edge.target }));
  const simulation = forceSimulation<LaidOutNode>(nodes)
    .force('link', forceLink<LaidOutNode, SimulationLinkDatum<LaidOutNode>>(links).distance(answer.linkLength ?? 80))
    .force('charge', forceManyBody().strength(-260))
    .force('collide', forceCollide<LaidOutNode>((node) => node.radius + 6))
    .force('x', forceX(0).strength(0.04))
    .force('y', forceY(0).strength(0.04))
    .stop();
  const root = nodes.find((node) => node.isRoot);
  if (root) {
    root.fx = 0;
    root.fy = 0;
  }
  simulation.tick(Math.min(Math.max(answer.maxIterations ?? 300, 1), 1000));

  return { nodes, edges };
}
