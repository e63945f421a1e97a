import { describe, expect, it } from 'vitest';
import { layoutGraph, registryColour, shortLabel, type RecordGraphAnswer } from './graph-layout.ts';

const answer: RecordGraphAnswer = {
  id: 2,
  name: 'LOINC',
  registry: 'standard',
  type: 'terminology_artefact',
  nodes: [
    { key: '2', attributes: { label: 'LOINC: Logical Observation', record_id: 2, registry: 'standard', length: 0 } },
    { key: '5', attributes: { label: 'A database', record_id: 5, registry: 'database', length: 1 } },
    { key: '9', attributes: { label: 'P', record_id: 9, registry: 'policy', length: 2 } },
  ],
  edges: [
    { key: 'e1', source: '5', target: '2', attributes: { label: 'implements' } },
    { key: 'e2', source: '9', target: '5', attributes: { label: 'recommends' } },
    { key: 'e3', source: '9', target: '404', attributes: { label: 'dangling' } },
  ],
  linkLength: 80,
  maxIterations: 300,
};

describe('graph layout', () => {
  it('places every node at a finite position, keeps the record at the centre, drops dangling edges', () => {
    const layout = layoutGraph(answer);
    expect(layout.nodes).toHaveLength(3);
    expect(layout.edges.map((edge) => edge.label)).toEqual(['implements', 'recommends']);
    for (const node of layout.nodes) expect(Number.isFinite(node.x) && Number.isFinite(node.y)).toBe(true);
    const root = layout.nodes.find((node) => node.isRoot)!;
    expect([root.x, root.y]).toEqual([0, 0]);
  });

  it('labels and colours', () => {
    expect(shortLabel('LOINC: Logical Observation')).toBe('LOINC');
    expect(shortLabel('x'.repeat(40))).toHaveLength(28);
    expect(shortLabel(' : Gene Ontology')).toBe('Gene Ontology');
    expect(registryColour('Database')).toBe(registryColour('database'));
    expect(registryColour('unknown')).not.toBe(registryColour('standard'));
  });
});
