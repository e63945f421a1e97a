import { describe, expect, it } from 'vitest';
import { readRecordGraph } from './graph-answer.ts';

const node = (id: number, length: number) => ({ key: String(id), attributes: { label: `Record ${id}`, record_id: id, status: 'ready', registry: 'standard', length, marker: { symbol: 'circle' } } });

describe('readRecordGraph', () => {
  it('reads the graph the API answers into the shape the layout draws', () => {
    const graph = readRecordGraph({
      id: 1, name: 'Record 1', registry: 'standard', type: 'terminology_artefact', linkLength: 80, maxIterations: 300,
      nodes: [node(1, 0), node(2, 1)],
      edges: [{ key: 'e5', source: '1', target: '2', attributes: { label: 'related_to' } }],
    });
    expect(graph).toEqual({
      id: 1, name: 'Record 1', registry: 'standard', type: 'terminology_artefact', linkLength: 80, maxIterations: 300,
      nodes: [
        { key: '1', attributes: { label: 'Record 1', record_id: 1, status: 'ready', registry: 'standard', length: 0 } },
        { key: '2', attributes: { label: 'Record 2', record_id: 2, status: 'ready', registry: 'standard', length: 1 } },
      ],
      edges: [{ key: 'e5', source: '1', target: '2', attributes: { label: 'related_to' } }],
    });
  });

  it('leaves out nodes and edges it cannot draw, and answers null for no graph', () => {
    const graph = readRecordGraph({ id: 1, name: 'Record 1', nodes: [node(1, 0), { key: '3', attributes: { label: 'No id' } }, 'junk'], edges: [{ key: 'e1', source: 1 }] });
    expect(graph?.nodes.map((entry) => entry.key)).toEqual(['1']);
    expect(graph?.edges).toEqual([]);
    expect(graph?.registry).toBeNull();
    expect(readRecordGraph(null)).toBeNull();
    expect(readRecordGraph({ nodes: [] })).toBeNull();
  });
});
