import { describe, expect, it } from 'vitest';
import { layoutGraph, type RecordGraphAnswer } from './graph-layout.ts';
import { answerAtDepth, DEFAULT_GRAPH_FILTERS, visibleGraph } from './graph-view.ts';

// LOINC (2) ← implements ← database 5 ← recommends ← policy 9; 7 is a deprecated standard related to 2.
const answer: RecordGraphAnswer = {
  id: 2,
  name: 'LOINC',
  registry: 'standard',
  type: null,
  nodes: [
    { key: '2', attributes: { label: 'LOINC', record_id: 2, registry: 'standard', status: 'ready', length: 0 } },
    { key: '5', attributes: { label: 'D', record_id: 5, registry: 'database', status: 'ready', length: 1 } },
    { key: '7', attributes: { label: 'S', record_id: 7, registry: 'standard', status: 'deprecated', length: 1 } },
    { key: '9', attributes: { label: 'P', record_id: 9, registry: 'policy', status: 'ready', length: 2 } },
  ],
  edges: [
    { key: 'e1', source: '5', target: '2', attributes: { label: 'implements' } },
    { key: 'e2', source: '9', target: '5', attributes: { label: 'recommends' } },
    { key: 'e3', source: '7', target: '2', attributes: { label: 'related_to' } },
  ],
};

const ids = (graph: { nodes: { recordId: number }[] }) => graph.nodes.map((node) => node.recordId).sort((a, b) => a - b);

describe('graph view', () => {
  it('cuts the answer to one step', () => {
    const oneStep = answerAtDepth(answer, 1);
    expect(oneStep.nodes.map((node) => node.key)).toEqual(['2', '5', '7']);
    expect(oneStep.edges.map((edge) => edge.key)).toEqual(['e1', 'e3']);
  });

  it('hides filtered records and whatever only they connected to the record', () => {
    const { nodes, edges } = layoutGraph(answer);
    expect(ids(visibleGraph(nodes, edges, DEFAULT_GRAPH_FILTERS))).toEqual([2, 5, 7, 9]);
    const noDatabases = visibleGraph(nodes, edges, { ...DEFAULT_GRAPH_FILTERS, hiddenRegistries: new Set(['database']) });
    expect(ids(noDatabases)).toEqual([2, 7]);
    const noImplements = visibleGraph(nodes, edges, { ...DEFAULT_GRAPH_FILTERS, hiddenRelations: new Set(['implements']) });
    expect(ids(noImplements)).toEqual([2, 7]);
    const noDeprecated = visibleGraph(nodes, edges, { ...DEFAULT_GRAPH_FILTERS, hiddenStatuses: new Set(['deprecated']) });
    expect(ids(noDeprecated)).toEqual([2, 5, 9]);
  });

  it('never hides the record itself', () => {
    const { nodes, edges } = layoutGraph(answer);
    const graph = visibleGraph(nodes, edges, { ...DEFAULT_GRAPH_FILTERS, hiddenRegistries: new Set(['standard', 'database', 'policy']) });
    expect(ids(graph)).toEqual([2]);
    expect(graph.edges).toEqual([]);
  });
});
