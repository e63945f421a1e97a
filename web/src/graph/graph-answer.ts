/**
 * The relation graph's `data` (JSON, `unknown` in the generated answer type) read into the shape
 * the layout draws (graph-layout.ts): nodes or edges without what drawing them needs are left out.
 */
import { isFiniteNumber, isJsonObject, listOf, stringOrNull } from '../kit/json-values.ts';
import type { GraphEdgeAnswer, GraphNodeAnswer, RecordGraphAnswer } from './graph-layout.ts';

function readNode(value: unknown): GraphNodeAnswer | null {
  if (!isJsonObject(value) || typeof value.key !== 'string' || !isJsonObject(value.attributes)) return null;
  const { label, record_id: recordId, status, registry, length } = value.attributes;
  if (typeof label !== 'string' || !isFiniteNumber(recordId) || !isFiniteNumber(length)) return null;
  return { key: value.key, attributes: { label, record_id: recordId, status: stringOrNull(status), registry: stringOrNull(registry) ?? '', length } };
}

function readEdge(value: unknown): GraphEdgeAnswer | null {
  if (!isJsonObject(value) || typeof value.key !== 'string' || typeof value.source !== 'string' || typeof value.target !== 'string') return null;
  const label = isJsonObject(value.attributes) ? stringOrNull(value.attributes.label) : null;
  return { key: value.key, source: value.source, target: value.target, attributes: { label: label ?? '' } };
}

/** The graph the API answered, or null when `data` is not one (no record, no nodes to draw). */
export function readRecordGraph(data: unknown): RecordGraphAnswer | null {
  if (!isJsonObject(data) || !isFiniteNumber(data.id) || typeof data.name !== 'string') return null;
  return {
    id: data.id,
    name: data.name,
    registry: stringOrNull(data.registry),
    type: stringOrNull(data.type),
    nodes: listOf(data.nodes, readNode),
    edges: listOf(data.edges, readEdge),
    linkLength: isFiniteNumber(data.linkLength) ? data.linkLength : undefined,
    maxIterations: isFiniteNumber(data.maxIterations) ? data.maxIterations : undefined,
  };
}
