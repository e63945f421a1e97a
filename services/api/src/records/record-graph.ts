/**
 * The relation graph of one record for the d3 graph page: the record, the records it is related
 * to (either direction) and theirs, two hops deep, as {nodes, edges} in the graphology export
 * shape the public client reads. One batched query per hop.
 */
import type { RegistryGraphqlContext } from '../kernel/graphql-context.ts';
import { recordNotFound } from '../kernel/graphql-errors.ts';
import { viewerCanSeeRecord, parseRecordIdentifier, visibleRecords } from './record-visibility.ts';
import type { RecordAssociationRow, RecordRow } from './record-rows.ts';
import type { QueryResolvers } from '../graphql-types/resolver-types.generated.ts';

type Context = RegistryGraphqlContext;

const MAX_DEPTH = 2;

const MARKERS: Record<string, { symbol: string; radius: number }> = {
  standard: { symbol: 'circle', radius: 10 },
  database: { symbol: 'square', radius: 10 },
  policy: { symbol: 'diamond', radius: 10 },
  collection: { symbol: 'triangle', radius: 10 },
};

export const graphQueries: QueryResolvers = {
  async fairsharingGraph(_root: unknown, args: { id?: string | null }, context: Context) {
    const identifier = parseRecordIdentifier(args.id);
    const root = identifier ? await context.records.findRecordRow(identifier) : null;
    if (!root || !(await viewerCanSeeRecord(context, root))) throw recordNotFound();

    const depthOf = new Map<number, number>([[root.id, 0]]);
    const records = new Map<number, RecordRow>([[root.id, root]]);
    const edges = new Map<number, RecordAssociationRow>();
    let frontier = [root.id];
    for (let depth = 1; depth <= MAX_DEPTH && frontier.length > 0; depth += 1) {
      const [outgoing, incoming] = await Promise.all([
        context.loaders.recordAssociations.loadMany(frontier),
        context.loaders.recordReverseAssociations.loadMany(frontier),
      ]);
      const associations = [...outgoing, ...incoming].flatMap((list) => (list instanceof Error ? [] : list));
      const newIds = new Set<number>();
      for (const association of associations) {
        for (const id of [association.record_id, association.linked_record_id]) {
          if (!depthOf.has(id)) newIds.add(id);
        }
      }
      const loaded = await visibleRecords(
        context,
        (await context.loaders.recordById.loadMany([...newIds])).map((row) => (row instanceof Error ? null : row)),
      );
      for (const record of loaded) {
        depthOf.set(record.id, depth);
        records.set(record.id, record);
      }
      for (const association of associations) {
        if (records.has(association.record_id) && records.has(association.linked_record_id)) edges.set(association.id, association);
      }
      frontier = loaded.map((record) => record.id);
    }

    const recordList = [...records.values()];
    const registries = await context.loaders.registryById.loadMany(recordList.map((record) => record.registry_id));
    const registryNames = new Map<number, string>(
      recordList.map((record, index) => {
        const registry = registries[index];
        return [record.id, registry && !(registry instanceof Error) ? registry.name.toLowerCase() : ''];
      }),
    );
    const edgeList = [...edges.values()];
    const relationTypes = await context.loaders.relationTypeById.loadMany(edgeList.map((edge) => edge.relation_type_id));
    const labels = new Map<number, string>(
      edgeList.map((edge, index) => {
        const type = relationTypes[index];
        return [edge.id, type && !(type instanceof Error) ? type.name : ''];
      }),
    );
    const rootType = root.record_type_id === null ? null : await context.loaders.recordTypeById.load(root.record_type_id);

    return {
      data: {
        id: root.id,
        name: root.name,
        registry: registryNames.get(root.id) ?? null,
        type: rootType?.name ?? null,
        nodes: [...records.values()].map((record) => {
          const registry = registryNames.get(record.id) ?? '';
          const marker = MARKERS[registry] ?? MARKERS.standard;
          return {
            key: String(record.id),
            attributes: {
              label: record.abbreviation ? `${record.abbreviation}: ${record.name}` : record.name,
              record_id: record.id,
              status: record.status,
              registry,
              length: depthOf.get(record.id) ?? 0,
              marker: record.id === root.id ? { ...marker, radius: 20, fillColor: 'red' } : marker,
            },
          };
        }),
        edges: [...edges.values()].map((edge) => ({
          key: `e${edge.id}`,
          source: String(edge.record_id),
          target: String(edge.linked_record_id),
          attributes: { label: labels.get(edge.id) ?? '' },
        })),
        linkLength: 80,
        maxIterations: 300,
      },
    };
  },
};
