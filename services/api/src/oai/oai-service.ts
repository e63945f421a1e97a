/**
 * OAI-PMH 2.0: the six verbs over the public catalogue, as an anonymous visitor sees it.
 * Every answer, errors included, is one OAI-PMH document (the route sends it with HTTP 200).
 *
 * - Items are records by id (`oai:<host>:<id>`); datestamps are the last change of the record
 *   at seconds granularity; `from`/`until` select on them (both inclusive).
 * - Deleted records are kept (`persistent`): deleted and merged records (their tombstones) and
 *   records that are not public (hidden, awaiting approval) answer with a deleted header and
 *   nothing else, except that a merged record names the record it was merged into in `<about>`
 *   while that record is public: an answer names no record an anonymous visitor may not see.
 * - Sets: `registry:<standard|database|policy|collection>` and `type:<record type>`.
 * - Lists are paged with resumption tokens carrying a keyset cursor (`resumption-token.ts`). A
 *   page of ListRecords holds at most MAX_PAGE_BYTES of records (one at least); its token goes
 *   on after the last one sent. A page of ListIdentifiers is small by itself (1,000 headers).
 * - List pages are kept as sent (kept-pages.ts), keyed by their arguments (a later page by its
 *   raw resumption token), until the catalogue changes.
 */
import type { Database } from '@registry/platform';
import { INT4_MAX } from '@registry/schemas/forms/bounds.ts';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces.js';
import { doiIri } from '../kernel/iri.ts';
import { recordPageUrl } from '../kernel/record-page-url.ts';
import type { KeptPages } from '../kernel/kept-pages.ts';
import { readableChangesVersion } from '../changes/change-repository.ts';
import { MAX_PAGE_BYTES } from '../routes/json-api.ts';
import { appendDataciteResource, DATACITE_NAMESPACE, DATACITE_SCHEMA_LOCATION } from '../linked-data/datacite-xml.ts';
import { publicRecordFacts, type RecordMetadataFacts } from '../linked-data/linked-record-repository.ts';
import { checkArguments, datestamp, endOf, OaiError, parseUtcDate, type CheckedRequest, type RawArguments } from './oai-arguments.ts';
import * as repository from './oai-repository.ts';
import type { OaiItem, OaiItemFilter } from './oai-repository.ts';
import { decodeResumptionToken, encodeResumptionToken, type ListState } from './resumption-token.ts';
import { appendHeader, appendOaiDc, appendReplacement, OAI_DC_NAMESPACE, OAI_DC_SCHEMA, oaiEnvelope, oaiErrorXml } from './oai-xml.ts';

/** The address part of a `Name <address>` sender: the repository's admin e-mail of Identify. */
export function addressOf(mailFrom: string): string {
  return /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();
}

export interface OaiDeps {
  db: Database;
  publicUrl: string;
  siteName: string;
  adminEmail: string;
  /** List pages sent lately, until the catalogue changes. */
  keptPages: KeptPages;
  /** The server's signing secret (JWT_SECRET): resumption tokens are signed under a key derived from it. */
  secret: string;
}

/** Items per page of ListRecords and of ListIdentifiers, and how long a resumption token lives. */
const RECORDS_PER_PAGE = 200;
const IDENTIFIERS_PER_PAGE = 1000;
const TOKEN_LIFETIME_MS = 60 * 60 * 1000;

const FORMATS = {
  oai_dc: { schema: OAI_DC_SCHEMA, namespace: OAI_DC_NAMESPACE },
  oai_datacite: { schema: DATACITE_SCHEMA_LOCATION, namespace: DATACITE_NAMESPACE },
} as const;
type MetadataPrefix = keyof typeof FORMATS;

function isMetadataPrefix(value: string): value is MetadataPrefix {
  return Object.hasOwn(FORMATS, value);
}

function requirePrefix(value: string): MetadataPrefix {
  if (!isMetadataPrefix(value)) throw new OaiError('cannotDisseminateFormat', `'${value}' is not a metadata format of this repository (oai_dc, oai_datacite)`);
  return value;
}

interface Context {
  deps: OaiDeps;
  baseUrl: string;
  host: string;
  now: Date;
}

function identifierOf(context: Context, id: number): string {
  return `oai:${context.host}:${id}`;
}

function idFromIdentifier(context: Context, identifier: string): number {
  const match = /^oai:([^:]+):([1-9]\d{0,9})$/.exec(identifier);
  const id = match && match[1] === context.host ? Number(match[2]) : null;
  if (id === null || id > INT4_MAX) throw new OaiError('idDoesNotExist', `'${identifier}' is not an identifier of this repository`);
  return id;
}

function setSpecs(item: OaiItem): string[] {
  if (item.deleted) return [];
  return [...(item.registry ? [`registry:${item.registry}`] : []), ...(item.recordType ? [`type:${item.recordType}`] : [])];
}

function appendItemHeader(context: Context, parent: XMLBuilder, item: OaiItem): void {
  appendHeader(parent, { identifier: identifierOf(context, item.id), datestamp: item.datestamp, deleted: item.deleted, setSpecs: setSpecs(item) });
}

function publicationYear(facts: RecordMetadataFacts, item: OaiItem): number {
  // The year the record was published here; a seeded record without dates takes its datestamp's.
  return new Date(facts.createdAt ?? facts.updatedAt ?? item.datestamp).getUTCFullYear();
}

function dublinCore(context: Context, facts: RecordMetadataFacts) {
  const site = context.deps;
  return {
    title: [facts.name],
    creator: facts.maintainers.length > 0 ? [...facts.maintainers] : [site.siteName],
    subject: [...facts.subjects, ...facts.domains].map((term) => term.label),
    description: facts.description ? [facts.description] : [],
    publisher: [site.siteName],
    date: facts.createdAt ? [new Date(facts.createdAt).toISOString().slice(0, 10)] : [],
    type: [facts.registry, ...(facts.recordType ? [facts.recordType] : [])],
    identifier: [...(facts.doi ? [doiIri(facts.doi)] : []), recordPageUrl(site.publicUrl, facts.id)],
    relation: facts.relations.map((relation) => (relation.doi ? doiIri(relation.doi) : recordPageUrl(site.publicUrl, relation.id))),
    rights: facts.licences.map((licence) => licence.url ?? licence.name),
  };
}

/** One `<record>`: its header, then its metadata (public records) or its replacement (merged ones). */
function appendRecord(context: Context, parent: XMLBuilder, item: OaiItem, facts: RecordMetadataFacts | undefined, prefix: MetadataPrefix): XMLBuilder {
  const shown = facts ? item : { ...item, deleted: true };
  const record = parent.ele('record');
  appendItemHeader(context, record, shown);
  if (facts) {
    const metadata = record.ele('metadata');
    if (prefix === 'oai_dc') appendOaiDc(metadata, dublinCore(context, facts));
    else appendDataciteResource(metadata, { ...facts, publicationYear: publicationYear(facts, item) }, context.deps);
  } else if (item.replacedBy !== null) {
    appendReplacement(record, identifierOf(context, item.replacedBy));
  }
  return record;
}

/** Appends the records of `items` while they fit in MAX_PAGE_BYTES (the first always); answers how many. */
function appendRecordsWithinBytes(context: Context, list: XMLBuilder, items: readonly OaiItem[], facts: Map<number, RecordMetadataFacts>, prefix: MetadataPrefix): number {
  let bytes = 0;
  let count = 0;
  for (const item of items) {
    const record = appendRecord(context, list, item, item.deleted ? undefined : facts.get(item.id), prefix);
    bytes += Buffer.byteLength(record.toString());
    if (count > 0 && bytes > MAX_PAGE_BYTES) {
      record.remove();
      break;
    }
    count += 1;
  }
  return count;
}

async function identify(context: Context, root: XMLBuilder): Promise<void> {
  const earliest = await repository.earliestChange(context.deps.db);
  const identify = root.ele('Identify');
  identify.ele('repositoryName').txt(context.deps.siteName);
  identify.ele('baseURL').txt(context.baseUrl);
  identify.ele('protocolVersion').txt('2.0');
  identify.ele('adminEmail').txt(context.deps.adminEmail);
  identify.ele('earliestDatestamp').txt(datestamp(earliest));
  identify.ele('deletedRecord').txt('persistent');
  identify.ele('granularity').txt('YYYY-MM-DDThh:mm:ssZ');
}

async function listMetadataFormats(context: Context, root: XMLBuilder, args: Record<string, string>): Promise<void> {
  if (args.identifier !== undefined) {
    const id = idFromIdentifier(context, args.identifier);
    if (!(await repository.findItem(context.deps.db, id, new Date(0)))) throw new OaiError('idDoesNotExist', `No record has the identifier '${args.identifier}'`);
  }
  const list = root.ele('ListMetadataFormats');
  for (const [prefix, format] of Object.entries(FORMATS)) {
    const element = list.ele('metadataFormat');
    element.ele('metadataPrefix').txt(prefix);
    element.ele('schema').txt(format.schema);
    element.ele('metadataNamespace').txt(format.namespace);
  }
}

async function listSets(context: Context, root: XMLBuilder, args: Record<string, string>): Promise<void> {
  if (args.resumptionToken !== undefined) throw new OaiError('badResumptionToken', 'The list of sets is answered whole; it has no resumption tokens');
  const [registries, types] = await Promise.all([repository.registryNames(context.deps.db), repository.recordTypeNames(context.deps.db)]);
  const list = root.ele('ListSets');
  for (const registry of registries) {
    const set = list.ele('set');
    set.ele('setSpec').txt(`registry:${registry}`);
    set.ele('setName').txt(`${registry[0].toUpperCase()}${registry.slice(1)} records`);
  }
  for (const type of types) {
    const set = list.ele('set');
    set.ele('setSpec').txt(`type:${type}`);
    set.ele('setName').txt(`Records of type ${type.replaceAll('_', ' ')}`);
  }
}

async function getRecord(context: Context, root: XMLBuilder, args: Record<string, string>): Promise<void> {
  const prefix = requirePrefix(args.metadataPrefix);
  const id = idFromIdentifier(context, args.identifier);
  const earliest = await repository.earliestChange(context.deps.db);
  const item = await repository.findItem(context.deps.db, id, earliest);
  if (!item) throw new OaiError('idDoesNotExist', `No record has the identifier '${args.identifier}'`);
  const facts = item.deleted ? undefined : (await publicRecordFacts(context.deps.db, [id])).get(id);
  appendRecord(context, root.ele('GetRecord'), item, facts, prefix);
}

function parseSet(setSpec: string | null): OaiItemFilter['set'] {
  if (setSpec === null) return null;
  const match = /^(registry|type):(.+)$/.exec(setSpec);
  if (!match) throw new OaiError('noRecordsMatch', `'${setSpec}' is not a set of this repository`);
  return { kind: match[1] as 'registry' | 'type', name: match[2] };
}

function filterOf(state: ListState): OaiItemFilter {
  const until = state.until === null ? null : parseUtcDate('until', state.until);
  return {
    from: state.from === null ? null : parseUtcDate('from', state.from).date,
    before: until === null ? null : endOf(until),
    set: parseSet(state.set),
    earliest: new Date(state.earliest),
  };
}

/** The list's filter and format; a token whose arguments do not parse was not issued here. */
function listOf(state: ListState, fromToken: boolean): { filter: OaiItemFilter; prefix: MetadataPrefix } {
  try {
    return { filter: filterOf(state), prefix: requirePrefix(state.metadataPrefix) };
  } catch (error) {
    if (fromToken && error instanceof OaiError) throw new OaiError('badResumptionToken', 'The resumption token is not one this repository issued');
    throw error;
  }
}

/** The state of a list's first page, from the request's own arguments. */
async function firstPage(context: Context, verb: ListState['verb'], args: Record<string, string>): Promise<ListState> {
  const metadataPrefix = requirePrefix(args.metadataPrefix);
  const from = args.from === undefined ? null : parseUtcDate('from', args.from);
  const until = args.until === undefined ? null : parseUtcDate('until', args.until);
  if (from && until && from.granularity !== until.granularity) throw new OaiError('badArgument', 'from and until must have the same granularity');
  if (from && until && from.date > until.date) throw new OaiError('badArgument', 'from is later than until');
  const state: ListState = {
    verb,
    metadataPrefix,
    from: args.from ?? null,
    until: args.until ?? null,
    set: args.set ?? null,
    earliest: (await repository.earliestChange(context.deps.db)).toISOString(),
    afterId: 0,
    cursor: 0,
    completeListSize: 0,
    expires: 0,
  };
  state.completeListSize = await repository.countItems(context.deps.db, filterOf(state));
  return state;
}

async function listItems(context: Context, root: XMLBuilder, verb: ListState['verb'], args: Record<string, string>): Promise<void> {
  const state = args.resumptionToken !== undefined ? decodeResumptionToken(args.resumptionToken, verb, context.now, context.deps.secret) : await firstPage(context, verb, args);
  const pageSize = verb === 'ListRecords' ? RECORDS_PER_PAGE : IDENTIFIERS_PER_PAGE;
  const { filter, prefix } = listOf(state, args.resumptionToken !== undefined);
  const fetched = await repository.listItems(context.deps.db, filter, state.afterId, pageSize + 1);
  const read = fetched.slice(0, pageSize);
  if (read.length === 0) throw new OaiError('noRecordsMatch', 'No records match the arguments');
  const list = root.ele(verb);
  let page = read;
  if (verb === 'ListIdentifiers') {
    for (const item of page) appendItemHeader(context, list, item);
  } else {
    const facts = await publicRecordFacts(context.deps.db, read.filter((item) => !item.deleted).map((item) => item.id));
    page = read.slice(0, appendRecordsWithinBytes(context, list, read, facts, prefix));
  }
  const more = fetched.length > pageSize || page.length < read.length;
  if (!more && state.cursor === 0) return;
  const sizes = { completeListSize: String(Math.max(state.completeListSize, state.cursor + page.length)), cursor: String(state.cursor) };
  if (!more) {
    list.ele('resumptionToken', sizes);
    return;
  }
  const expires = context.now.getTime() + TOKEN_LIFETIME_MS;
  const next: ListState = { ...state, afterId: page[page.length - 1].id, cursor: state.cursor + page.length, expires };
  list.ele('resumptionToken', { ...sizes, expirationDate: datestamp(new Date(expires)) }).txt(encodeResumptionToken(next, context.deps.secret));
}

const LIST_VERBS: ReadonlySet<string> = new Set(['ListIdentifiers', 'ListRecords']);

/** The answer to one OAI-PMH request, as an XML document; a list page as kept while the catalogue is unchanged. */
export async function answerOaiRequest(deps: OaiDeps, raw: RawArguments): Promise<string> {
  const verbs = raw.get('verb') ?? [];
  if (verbs.length !== 1 || !LIST_VERBS.has(verbs[0])) return buildOaiAnswer(deps, raw);
  const key = JSON.stringify([...raw].sort(([one], [other]) => (one < other ? -1 : one > other ? 1 : 0)));
  return deps.keptPages.page(key, await readableChangesVersion(deps.db), () => buildOaiAnswer(deps, raw));
}

async function buildOaiAnswer(deps: OaiDeps, raw: RawArguments): Promise<string> {
  const baseUrl = `${deps.publicUrl.replace(/\/$/, '')}/oai`;
  const context: Context = { deps, baseUrl, host: new URL(deps.publicUrl).hostname, now: new Date() };
  let request: CheckedRequest | null = null;
  try {
    request = checkArguments(raw);
    const { document, root } = oaiEnvelope(baseUrl, context.now, { verb: request.verb, ...request.args });
    switch (request.verb) {
      case 'Identify':
        await identify(context, root);
        break;
      case 'ListMetadataFormats':
        await listMetadataFormats(context, root, request.args);
        break;
      case 'ListSets':
        await listSets(context, root, request.args);
        break;
      case 'GetRecord':
        await getRecord(context, root, request.args);
        break;
      case 'ListIdentifiers':
      case 'ListRecords':
        await listItems(context, root, request.verb, request.args);
        break;
    }
    return document.end();
  } catch (error) {
    if (!(error instanceof OaiError)) throw error;
    const echoed = request && error.code !== 'badArgument' ? { verb: request.verb, ...request.args } : null;
    return oaiErrorXml(baseUrl, context.now, echoed, error.code, error.message);
  }
}
