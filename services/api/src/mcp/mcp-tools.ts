/**
 * The tools an assistant reads the registry with. Few, each described for the assistant that
 * chooses among them, each bounded (at most MAX_PAGE_SIZE records, two hops of relations, one
 * page of changes), read-only, and each a GraphQL query or service call run as the caller
 * (mcp-graphql.ts): what a tool finds is what the same caller finds over GraphQL or REST. Every
 * answer is structured content the tool's output schema declares, plus a short text naming
 * records with their ids and page addresses, for the assistant to cite.
 */
import type { FastifyInstance } from 'fastify';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { Viewer } from '@registry/schemas';
import type { ChangePage } from '../changes/change-feed.ts';
import { recordPageUrl } from '../kernel/record-page-url.ts';
import {
  ADVANCED_SEARCH, FACET_COUNTS, GET_RECORD, RECORD_GRAPH, RECORD_ID, RECORD_RELATIONS, runGraphql, SEARCH_RECORDS, VOCABULARY_LOOKUPS, type GraphqlResult,
} from './mcp-graphql.ts';

/** The most records one answer lists (the REST and GraphQL page bound below which a page is ordinary). */
export const MAX_PAGE_SIZE = 100;
const DEFAULT_PAGE_SIZE = 20;
/** The most terms a look-up lists, and changes a page of the change feed gives. */
const MAX_TERMS = 50;
const MAX_CHANGES = 100;
/** A description in a list is cut to this many characters (the record itself has it whole). */
const LISTED_DESCRIPTION_MAX = 300;

const REGISTRIES = ['standard', 'database', 'policy', 'collection'] as const;

const terms = (what: string) => z.array(z.string().max(255)).max(20).optional().describe(`${what} (exact labels, as lookup_terms gives them); a record with any of them matches`);
const SEARCH_FILTERS = {
  q: z.string().max(500).optional().describe('Words to find in names, abbreviations, descriptions and annotations, e.g. "proteomics mass spectrometry"'),
  registry: z.array(z.enum(REGISTRIES)).max(4).optional().describe('Only records of these registries'),
  recordType: z.array(z.string().max(100)).max(20).optional().describe('Only records of these types, e.g. "model_and_format", "repository", "journal"'),
  subjects: terms('Subjects'),
  domains: terms('Domains'),
  taxonomies: terms('Species (taxonomies), e.g. "Homo sapiens"'),
  status: z.array(z.enum(['ready', 'in_development', 'uncertain', 'deprecated'])).max(4).optional().describe('Only records in these states'),
  organisations: terms('Organisations that fund, maintain or develop the record'),
  licences: terms('Licences'),
};

type SearchFilters = { [key in keyof typeof SEARCH_FILTERS]?: z.infer<(typeof SEARCH_FILTERS)[key]> };

const ListedRecord = z.object({
  id: z.number().int(),
  name: z.string(),
  abbreviation: z.string().nullable(),
  registry: z.string().nullable(),
  type: z.string().nullable(),
  status: z.string().nullable(),
  doi: z.string().nullable(),
  homepage: z.string().nullable(),
  description: z.string().nullable(),
  url: z.string().describe('The record page'),
});
type ListedRecord = z.infer<typeof ListedRecord>;

const RelatedRecord = z.object({ id: z.number().int(), name: z.string(), abbreviation: z.string().nullable(), registry: z.string().nullable(), url: z.string() });
const Relation = z.object({ relation: z.string().nullable(), direction: z.enum(['outgoing', 'incoming']), record: RelatedRecord });

interface SearchRecordRow {
  id: string; name: string; abbreviation: string | null; registry: string | null; type: string | null; status: string | null;
  doi: string | null; homepage: string | null; description: string | null;
}
interface RelatedRow { id: string; name: string; abbreviation: string | null; registry: string | null }
interface RelationsRow extends RelatedRow {
  recordAssociations: { recordAssocLabel: string | null; linkedRecord: RelatedRow | null }[];
  reverseRecordAssociations: { recordAssocLabel: string | null; fairsharingRecord: RelatedRow | null }[];
}

/** A tool's refusal: said to the assistant as the tool's error, never thrown as a protocol error. */
class ToolRefusal extends Error {}

function searchVariables(filters: SearchFilters): Record<string, unknown> {
  return {
    q: filters.q, fairsharingRegistry: filters.registry, recordType: filters.recordType, subjects: filters.subjects, domains: filters.domains,
    taxonomies: filters.taxonomies, status: filters.status, organisations: filters.organisations, licences: filters.licences,
  };
}

function dataOf<T>(result: GraphqlResult<T>): T {
  if (result.errors.length > 0 || result.data === null) throw new ToolRefusal(result.errors.map((error) => error.message).join('; ') || 'no answer');
  return result.data;
}

function cut(text: string | null, max: number): string | null {
  if (text === null || text.length <= max) return text;
  return `${text.slice(0, max - 1).trimEnd()}…`;
}

function summaryLine(record: { id: number; name: string; abbreviation: string | null; url: string }): string {
  return `- ${record.name}${record.abbreviation ? ` (${record.abbreviation})` : ''}, id ${record.id}: ${record.url}`;
}

function answer<T extends Record<string, unknown>>(structured: T, text: string): CallToolResult {
  return { structuredContent: structured, content: [{ type: 'text', text }] };
}

/**
 * Each tool as an assistant reads it (title, description, input and output schemas, hints): made
 * once per process, the schemas as whole objects (the SDK would otherwise build one from a shape at
 * every registration); a request only binds the handlers to its caller (registerTools).
 */
const readOnly = { readOnlyHint: true, openWorldHint: false } as const;
const TOOLS = {
  search_records: {
    title: 'Search records',
    description: 'Find standards, databases, policies and collections of the registry by words and filters, one page at a time (most relevant first). '
      + 'Use lookup_terms first to get the exact subject, domain or species labels for the filters.',
    inputSchema: z.object({ ...SEARCH_FILTERS, page: z.number().int().min(1).max(1_000).optional().describe('Page, from 1'), perPage: z.number().int().min(1).max(MAX_PAGE_SIZE).optional().describe(`Records a page (default ${DEFAULT_PAGE_SIZE}, at most ${MAX_PAGE_SIZE})`) }),
    outputSchema: z.object({ totalCount: z.number().int(), page: z.number().int(), perPage: z.number().int(), totalPages: z.number().int(), records: z.array(ListedRecord) }),
    annotations: readOnly,
  },
  advanced_search: {
    title: 'Advanced search',
    description: 'Find records by groups of conditions, as the registry\'s advanced search builder makes them: every group (or any, with operator "or") must hold; '
      + 'within a group, every condition (or any). A condition names a filter (registry, type, status, subjects, domains, taxonomies, userDefinedTags, licences, '
      + 'countries, objectTypes, organisations, isRecommended, isImplemented, hasPublication, and the metadata filters such as dataAccessCondition) and its values. Example: groups [{operator:"or", conditions:{subjects:["Proteomics","Metabolomics"]}}, {conditions:{registry:["standard"]}}].',
    inputSchema: z.object({
      q: z.string().max(500).optional().describe('Words every record found must match as well'),
      operator: z.enum(['and', 'or']).optional().describe('How the groups combine (default and)'),
      groups: z.array(z.object({
        operator: z.enum(['and', 'or']).optional().describe('How the conditions of the group combine (default and)'),
        conditions: z.record(z.string().max(64), z.union([z.array(z.string().max(255)).max(20), z.boolean()])).describe('filter → values (or true/false for yes/no filters)'),
      })).min(1).max(10),
      limit: z.number().int().min(1).max(MAX_PAGE_SIZE).optional().describe(`Records listed (default ${DEFAULT_PAGE_SIZE}, at most ${MAX_PAGE_SIZE})`),
  }),
    outputSchema: z.object({ totalCount: z.number().int(), records: z.array(ListedRecord) }),
    annotations: readOnly,
  },
  get_record: {
    title: 'Get a record',
    description: 'One record in full: its description, status, DOI, subjects, domains, species, licences, organisations, publications and relations to other records. '
      + 'Give its id (e.g. "2"), DOI (e.g. "10.25504/FAIRsharing.2abjs5"), legacy id (e.g. "bsg-s000001") or abbreviation (e.g. "LOINC").',
    inputSchema: z.object({ identifier: z.string().min(1).max(300).describe('Id, DOI, legacy id or abbreviation') }),
    outputSchema: z.object({ record: z.record(z.string(), z.unknown()).describe('The record as GraphQL fairsharingRecord gives it, with url, its page; `withdrawn` set (reason, withdrawnAt, successor) when a curator withdrew it'), relations: z.array(Relation) }),
    annotations: readOnly,
  },
  related_records: {
    title: 'Records that recommend or implement a record',
    description: 'The records related to one record, with the relation: which policies recommend a standard or database, which databases implement a standard, '
      + 'and what the record itself relates to. Filter by relation (e.g. "recommends", "implements") and direction ("incoming": others pointing at this record).',
    inputSchema: z.object({
      identifier: z.string().min(1).max(300).describe('Id, DOI, legacy id or abbreviation of the record'),
      relation: z.string().max(64).optional().describe('Only this relation, e.g. "recommends", "implements", "related_to"'),
      direction: z.enum(['incoming', 'outgoing', 'both']).optional().describe('incoming: records pointing at this one (default both)'),
  }),
    outputSchema: z.object({ record: RelatedRecord, relations: z.array(Relation) }),
    annotations: readOnly,
  },
  record_graph: {
    title: 'Relation graph around a record',
    description: 'The records related to a record and, at depth 2, the records related to those: nodes (records) and edges (relations), as the registry\'s graph page draws them.',
    inputSchema: z.object({
      identifier: z.string().min(1).max(300).describe('Id, DOI, legacy id or abbreviation of the record at the centre'),
      depth: z.number().int().min(1).max(2).optional().describe('Hops from the record (1 or 2; default 1)'),
  }),
    outputSchema: z.object({
      nodes: z.array(z.object({ id: z.number().int(), label: z.string().describe('Abbreviation: name'), registry: z.string().nullable(), depth: z.number().int(), url: z.string() })),
      edges: z.array(z.object({ source: z.number().int(), target: z.number().int(), relation: z.string().nullable() })),
  }),
    annotations: readOnly,
  },
  facet_counts: {
    title: 'Count records by facet',
    description: 'How many records a search finds, and how they divide by registry, record type, subjects, domains, species, licences, organisations, countries, status … '
      + '(the first values of each facet, most frequent first). Takes the same filters as search_records.',
    inputSchema: z.object({ ...SEARCH_FILTERS, facets: z.array(z.string().max(64)).max(20).optional().describe('Only these facets (e.g. "subjects", "fairsharing_registry"); default all') }),
    outputSchema: z.object({ totalCount: z.number().int(), facets: z.array(z.object({ key: z.string(), otherCount: z.number().int(), values: z.array(z.object({ value: z.string(), count: z.number().int() })) })) }),
    annotations: readOnly,
  },
  lookup_terms: {
    title: 'Look up vocabulary terms',
    description: 'Find the subjects, domains, species (taxonomies) or object types whose label contains some text, with their ids and exact labels — the values the search filters take.',
    inputSchema: z.object({
      vocabulary: z.enum(['subjects', 'domains', 'taxonomies', 'object_types']),
      q: z.string().min(1).max(200).describe('Text the label contains, any letter case, e.g. "proteom"'),
  }),
    outputSchema: z.object({ vocabulary: z.string(), terms: z.array(z.object({ id: z.number().int(), label: z.string(), definitions: z.array(z.string()).optional() })), more: z.boolean() }),
    annotations: readOnly,
  },
  changes_since: {
    title: 'What changed since a cursor',
    description: 'The changes to the public catalogue in order (created, updated, deleted, merged records …) after a cursor: start without one, then pass each answer\'s next cursor to go on. '
      + 'The same feed as GET /changes.',
    inputSchema: z.object({
      cursor: z.string().min(1).max(80).optional().describe('The next cursor of the answer before; absent: from the start'),
      limit: z.number().int().min(1).max(MAX_CHANGES).optional().describe(`Changes listed (default 50, at most ${MAX_CHANGES})`),
  }),
    outputSchema: z.object({ changes: z.array(z.record(z.string(), z.unknown())), next: z.string().describe('The cursor to pass next time'), hasMore: z.boolean() }),
    annotations: readOnly,
  },
} as const;

export interface ToolContext {
  app: FastifyInstance;
  viewer: Viewer;
}

/** Registers the read-only tools on `server`, each running as `context.viewer`. */
export function registerTools(server: McpServer, { app, viewer }: ToolContext): void {
  const publicUrl = app.config.publicUrl;
  const pageUrl = (id: number) => recordPageUrl(publicUrl, id);
  const listed = (row: SearchRecordRow): ListedRecord => ({
    id: Number(row.id), name: row.name, abbreviation: row.abbreviation, registry: row.registry, type: row.type, status: row.status,
    doi: row.doi, homepage: row.homepage, description: cut(row.description, LISTED_DESCRIPTION_MAX), url: pageUrl(Number(row.id)),
  });
  const related = (row: RelatedRow) => ({ id: Number(row.id), name: row.name, abbreviation: row.abbreviation, registry: row.registry, url: pageUrl(Number(row.id)) });
  const relationsOf = (row: RelationsRow) => [
    ...row.recordAssociations.filter((link) => link.linkedRecord).map((link) => ({ relation: link.recordAssocLabel, direction: 'outgoing' as const, record: related(link.linkedRecord!) })),
    ...row.reverseRecordAssociations.filter((link) => link.fairsharingRecord).map((link) => ({ relation: link.recordAssocLabel, direction: 'incoming' as const, record: related(link.fairsharingRecord!) })),
  ];
  /** A tool's body, its refusals said as the tool's error. */
  const guarded = <A,>(body: (args: A) => Promise<CallToolResult>) => async (args: A): Promise<CallToolResult> => {
    try {
      return await body(args);
    } catch (error) {
      if (!(error instanceof ToolRefusal)) throw error;
      return { isError: true, content: [{ type: 'text', text: error.message }] };
    }
  };
  server.registerTool('search_records', TOOLS.search_records, guarded(async (args: SearchFilters & { page?: number; perPage?: number }) => {
    const perPage = args.perPage ?? DEFAULT_PAGE_SIZE;
    const data = dataOf(await runGraphql<{ searchFairsharingRecords: { totalCount: number; currentPage: number; totalPages: number; records: SearchRecordRow[] } }>(
      app, viewer, SEARCH_RECORDS, { ...searchVariables(args), page: args.page ?? 1, perPage },
    )).searchFairsharingRecords;
    const records = data.records.map(listed);
    const text = [`${data.totalCount} records match; page ${data.currentPage} of ${data.totalPages}:`, ...records.map(summaryLine)].join('\n');
    return answer({ totalCount: data.totalCount, page: data.currentPage, perPage, totalPages: data.totalPages, records }, text);
  }));

  server.registerTool('advanced_search', TOOLS.advanced_search, guarded(async (args: { q?: string; operator?: 'and' | 'or'; groups: { operator?: 'and' | 'or'; conditions: Record<string, string[] | boolean> }[]; limit?: number }) => {
    const where = {
      operator: `_${args.operator ?? 'and'}`,
      fields: args.groups.map((group) => ({ operator: `_${group.operator ?? 'and'}`, ...group.conditions })),
    };
    const rows = dataOf(await runGraphql<{ advancedSearch: SearchRecordRow[] | null }>(app, viewer, ADVANCED_SEARCH, { q: args.q, where })).advancedSearch ?? [];
    const records = rows.slice(0, args.limit ?? DEFAULT_PAGE_SIZE).map(listed);
    const text = [`${rows.length} records match${rows.length > records.length ? `; the first ${records.length}` : ''}:`, ...records.map(summaryLine)].join('\n');
    return answer({ totalCount: rows.length, records }, text);
  }));

  server.registerTool('get_record', TOOLS.get_record, guarded(async ({ identifier }: { identifier: string }) => {
    const record = await recordNamedBy<RelationsRow & Record<string, unknown>>(app, viewer, identifier, GET_RECORD);
    const url = pageUrl(Number(record.id));
    const relations = relationsOf(record);
    const { recordAssociations: _outgoing, reverseRecordAssociations: _incoming, ...fields } = record;
    const withdrawn = record.withdrawn as { reason: string; withdrawnAt: string; successor: { id: string; name: string } | null } | null;
    const text = [
      summaryLine({ id: Number(record.id), name: record.name, abbreviation: record.abbreviation, url }),
      ...(withdrawn ? [`Withdrawn on ${withdrawn.withdrawnAt.slice(0, 10)}: ${withdrawn.reason}${withdrawn.successor ? ` Replaced by ${withdrawn.successor.name}, id ${withdrawn.successor.id}.` : ''}`] : []),
      `${relations.length} relations to other records${relations.length ? ':' : '.'}`,
      ...relations.slice(0, 20).map((relation) => `  ${relation.direction === 'outgoing' ? '→' : '←'} ${relation.relation ?? 'related'}: ${relation.record.name}, id ${relation.record.id}`),
    ].join('\n');
    return answer({ record: { ...fields, id: Number(record.id), url }, relations }, text);
  }));

  server.registerTool('related_records', TOOLS.related_records, guarded(async (args: { identifier: string; relation?: string; direction?: 'incoming' | 'outgoing' | 'both' }) => {
    const row = await recordNamedBy<RelationsRow>(app, viewer, args.identifier, RECORD_RELATIONS);
    const direction = args.direction ?? 'both';
    const relations = relationsOf(row).filter((relation) =>
      (direction === 'both' || relation.direction === direction) && (!args.relation || relation.relation === args.relation));
    const record = related(row);
    const text = [`${relations.length} relations of ${record.name} (id ${record.id}):`, ...relations.map((relation) =>
      `- ${relation.direction === 'incoming' ? `${relation.record.name} ${relation.relation ?? 'relates to'} it` : `it ${relation.relation ?? 'relates to'} ${relation.record.name}`}, id ${relation.record.id}: ${relation.record.url}`)].join('\n');
    return answer({ record, relations }, text);
  }));

  server.registerTool('record_graph', TOOLS.record_graph, guarded(async (args: { identifier: string; depth?: number }) => {
    const { id } = await recordNamedBy<{ id: string }>(app, viewer, args.identifier, RECORD_ID);
    const graph = dataOf(await runGraphql<{ fairsharingGraph: { data: GraphJson } }>(app, viewer, RECORD_GRAPH, { id })).fairsharingGraph.data;
    const depth = args.depth ?? 1;
    const nodes = graph.nodes
      .map((node) => ({ id: Number(node.key), label: String(node.attributes.label ?? ''), registry: stringOrNull(node.attributes.registry), depth: Number(node.attributes.length ?? 0), url: pageUrl(Number(node.key)) }))
      .filter((node) => node.depth <= depth);
    const kept = new Set(nodes.map((node) => node.id));
    const edges = graph.edges
      .map((edge) => ({ source: Number(edge.source), target: Number(edge.target), relation: stringOrNull(edge.attributes?.label) }))
      .filter((edge) => kept.has(edge.source) && kept.has(edge.target));
    const text = `${nodes.length} records and ${edges.length} relations within ${depth} hop${depth === 1 ? '' : 's'} of record ${id}:\n${nodes.slice(0, 30).map((node) => `- ${node.label}, id ${node.id}: ${node.url}`).join('\n')}`;
    return answer({ nodes, edges }, text);
  }));

  server.registerTool('facet_counts', TOOLS.facet_counts, guarded(async (args: SearchFilters & { facets?: string[] }) => {
    const data = dataOf(await runGraphql<{ searchFairsharingRecords: { totalCount: number; facets: { key: string; otherCount: number; values: { value: string; count: number }[] }[] } }>(
      app, viewer, FACET_COUNTS, searchVariables(args),
    )).searchFairsharingRecords;
    const facets = data.facets.filter((facet) => !args.facets || args.facets.includes(facet.key));
    const text = [`${data.totalCount} records.`, ...facets.map((facet) => `${facet.key}: ${facet.values.slice(0, 8).map((value) => `${value.value} (${value.count})`).join(', ')}`)].join('\n');
    return answer({ totalCount: data.totalCount, facets }, text);
  }));

  server.registerTool('lookup_terms', TOOLS.lookup_terms, guarded(async ({ vocabulary, q }: { vocabulary: keyof typeof VOCABULARY_LOOKUPS; q: string }) => {
    const data = dataOf(await runGraphql<{ terms?: TermRow[]; objectTypes?: { terms: TermRow[] } }>(app, viewer, VOCABULARY_LOOKUPS[vocabulary], { q }));
    const all = data.terms ?? data.objectTypes?.terms ?? [];
    const found = all.slice(0, MAX_TERMS).map((term) => ({ id: Number(term.id), label: term.label, ...(term.definitions ? { definitions: term.definitions } : {}) }));
    const text = [`${all.length} ${vocabulary} contain "${q}"${all.length > found.length ? `; the first ${found.length}` : ''}:`, ...found.map((term) => `- ${term.label} (id ${term.id})`)].join('\n');
    return answer({ vocabulary, terms: found, more: all.length > found.length }, text);
  }));

  server.registerTool('changes_since', TOOLS.changes_since, guarded(async (args: { cursor?: string; limit?: number }) => {
    let page: ChangePage;
    try {
      // The very page GET /changes answers (and keeps for the next caller).
      page = JSON.parse(await app.changes.readChangesJson(args.cursor, args.limit ?? 50)) as ChangePage;
    } catch (error) {
      throw new ToolRefusal(error instanceof Error ? error.message : String(error));
    }
    const changes = page.changes as unknown as Record<string, unknown>[];
    const text = `${changes.length} changes; ${page.hasMore ? 'more follow' : 'up to date'}: next cursor ${page.next}`;
    return answer({ changes, next: page.next, hasMore: page.hasMore }, text);
  }));
}

interface TermRow { id: string; label: string; definitions?: string[] }
/** fairsharingGraph's answer: {data: {nodes, edges}} in the graphology shape the graph page reads. */
interface GraphJson {
  nodes: { key: string | number; attributes: Record<string, unknown> }[];
  edges: { source: string | number; target: string | number; attributes?: Record<string, unknown> }[];
}

function stringOrNull(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

/**
 * `document` (which asks `fairsharingRecord(id: $id)` and selects its `id`) for the record an
 * identifier names: an id, DOI or legacy id as fairsharingRecord takes them, or else an
 * abbreviation or name, matched whole (any letter case) among the records the caller may see.
 */
async function recordNamedBy<T extends { id: string }>(app: FastifyInstance, viewer: Viewer, identifier: string, document: string): Promise<T> {
  const text = identifier.trim();
  const direct = await runGraphql<{ fairsharingRecord: T | null }>(app, viewer, document, { id: text });
  if (direct.data?.fairsharingRecord) return direct.data.fairsharingRecord;
  const found = await runGraphql<{ searchFairsharingRecords: { records: { id: string; abbreviation: string | null; name: string }[] } }>(
    app, viewer, SEARCH_RECORDS, { q: text, page: 1, perPage: 25 },
  );
  const wanted = text.toLowerCase();
  const match = found.data?.searchFairsharingRecords.records.find((record) => record.abbreviation?.toLowerCase() === wanted || record.name.toLowerCase() === wanted);
  if (!match) throw new ToolRefusal(`No record is named by "${text}" (an id, DOI, legacy id or abbreviation)`);
  return dataOf(await runGraphql<{ fairsharingRecord: T }>(app, viewer, document, { id: match.id })).fairsharingRecord;
}
