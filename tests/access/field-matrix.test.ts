/**
 * The field-level authorisation matrix, generated from the access module's field table
 * (`schemas/src/access/fields.ts`): every GraphQL field of the table's types and every REST
 * attribute × every kind of viewer × public, hidden and unapproved records (each created by one
 * person and maintained by another), and every key of the general-information save × every kind
 * of viewer. A field of those types, a field naming a record anywhere in the schema, a REST
 * attribute or a body key that is not in the table fails the test; a new entry is checked
 * without anyone writing a case.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import {
  FIELD_ACCESS, RULES, can, canReadField, canViewRecord, canWriteField, fieldAccess, fieldOfKey, viewerForUser,
  type AccessResource, type FieldAccess, type FieldTypeName, type UserRole, type Viewer,
} from '@registry/schemas';
import { generalInformationSchema, SECTION_SCHEMAS } from '@registry/schemas/forms/record-sections.ts';
import { RecordAttributesSchema } from '@registry/api/records/record-read-routes.ts';
import { RECORD_LINKS } from '@registry/api/records/record-repository.ts';
import { RECORD_CSV_COLUMNS } from '@registry/api/export/records-csv.ts';
import { signUserToken } from '@registry/api/http/auth.ts';
import { createIsolatedEnvironment, type IsolatedEnvironment } from '../support/environment.ts';
import { buildTestApp } from '../api/support.ts';
import { insertFixtureVocabulary, insertRecord, type FixtureIds } from '../indexing/fixtures.ts';

const VIEWER_KINDS = ['anonymous', 'user', 'maintainer', 'creator', 'curator', 'super_curator', 'api_key'] as const;
type ViewerKind = (typeof VIEWER_KINDS)[number];
const RECORD_STATES = ['public', 'hidden', 'unapproved'] as const;
type RecordState = (typeof RECORD_STATES)[number];

interface Caller { headers: Record<string, string>; viewer: Viewer; userId: number | null }
type TypeRef = { kind: string; name: string | null; ofType?: TypeRef | null };
interface IntrospectedType { name: string; kind: string; fields: { name: string; type: TypeRef }[] | null }

// A real registry entry (FAIRsharing, CC BY-SA 4.0).
const DESCRIPTION = 'The European Nucleotide Archive collects nucleotide sequencing information from around the world.';
const PNG_1X1 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

let env: IsolatedEnvironment;
let app: FastifyInstance;
let fixture: FixtureIds;
let types: Map<string, IntrospectedType>;
const callers = {} as Record<ViewerKind, Caller>;
const recordIds = {} as Record<RecordState, number>;
let replacement = 0;
let otherCollectionType = 0;
const linkSamples: Record<string, number> = {};

const ANONYMOUS: Viewer = { userId: null, username: null, role: null, isCurator: false, isSuperCurator: false, credential: 'anonymous' };

const named = (type: TypeRef): TypeRef => (type.ofType ? named(type.ofType) : type);
const isLeaf = (type: TypeRef) => ['SCALAR', 'ENUM'].includes(named(type).kind);
const isNonNullList = (type: TypeRef) => type.kind === 'NON_NULL' && type.ofType?.kind === 'LIST';
const selection = (field: { name: string; type: TypeRef }) => (isLeaf(field.type) ? field.name : `${field.name} { __typename ${named(field.type).name === 'FairsharingRecord' ? 'id' : ''} }`);
const entries = (type: FieldTypeName) => Object.entries(FIELD_ACCESS[type] as Record<string, FieldAccess>);

async function graphql(query: string, headers: Record<string, string> = {}) {
  return (await app.inject({ method: 'POST', url: '/graphql', headers: { 'content-type': 'application/json', ...headers }, payload: { query } })).json();
}

async function insertUser(name: string, role: UserRole): Promise<number> {
  const [row] = await env.db('users').insert({ username: `matrix-${name}`, email: `matrix-${name}@example.org`, role, confirmed_at: new Date() }).returning('id');
  return row.id;
}

/** A record in a state, created by `creator` and maintained by `maintainer`, with something in every protected field. */
async function insertProtectedRecord(state: RecordState, name: string): Promise<number> {
  const id = await insertRecord(env.db, {
    registryId: fixture.registries.Collection, recordTypeId: fixture.recordTypes.collection, name, description: DESCRIPTION,
    isHidden: state === 'hidden', isApproved: state !== 'unapproved', metadata: { legacy_logs: [{ note: 'imported' }], year_creation: 2001 },
  });
  await env.db('records').where({ id }).update({
    created_by_id: callers.creator.userId, curator_notes: 'Checked with the ENA team', homepage: 'https://www.ebi.ac.uk/ena', replaced_by_id: replacement || null,
  });
  await env.db('record_maintainers').insert({ record_id: id, user_id: callers.maintainer.userId });
  await env.db('record_watchers').insert([{ record_id: id, user_id: callers.user.userId }, { record_id: id, user_id: callers.curator.userId }]);
  // An edit event holding every key of the table that not everyone may read.
  const changes = Object.fromEntries(entries('FairsharingRecord').filter(([, access]) => access.read !== RULES.anyone)
    .flatMap(([field, access]) => [field, ...(access.keys ?? [])]).map((key) => [key, { before: 'old', after: 'new' }]));
  await env.db('edit_events').insert({ record_id: id, user_id: callers.maintainer.userId, edit_type: 'update', edit_event: JSON.stringify({ section: 'generalInformation', changes }) });
  return id;
}

async function resourceOf(recordId: number): Promise<AccessResource> {
  const row = await env.db('records').where({ id: recordId }).first();
  const maintainerIds = (await env.db('record_maintainers').where({ record_id: recordId }).pluck('user_id')).map(Number);
  const ownerIds = row.created_by_id === null ? maintainerIds : [...maintainerIds, row.created_by_id];
  return { record: { isHidden: row.is_hidden, isApproved: row.is_approved, ownerIds, maintainerIds, createdById: row.created_by_id } };
}

/** Ids of every record of the fixture this viewer may see. */
async function visibleIds(viewer: Viewer): Promise<Set<number>> {
  const ids = (await env.db('records').pluck('id')).map(Number);
  const visible = new Set<number>();
  for (const id of ids) if (canViewRecord(viewer, (await resourceOf(id)).record!)) visible.add(id);
  return visible;
}

/** Every record id inside an answer (fields that name records select `id`). */
function recordIdsIn(value: unknown, found: number[] = []): number[] {
  if (Array.isArray(value)) value.forEach((item) => recordIdsIn(item, found));
  else if (value && typeof value === 'object') {
    const object = value as Record<string, unknown>;
    if (object.__typename === 'FairsharingRecord' && object.id !== undefined) found.push(Number(object.id));
    Object.values(object).forEach((item) => recordIdsIn(item, found));
  }
  return found;
}

type ObjectShape = { fields?: Record<string, ObjectShape> };

/** The keys of a section body and of its metadata document, from its shared yup schema. */
function bodyKeys(schema: unknown): string[] {
  const fields = (schema as ObjectShape).fields ?? {};
  return [...Object.keys(fields), ...Object.keys(fields.metadata?.fields ?? {})];
}

/** Every object key inside a value, at any depth. */
function keysIn(value: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(value)) value.forEach((item) => keysIn(item, found));
  else if (value && typeof value === 'object') for (const [key, item] of Object.entries(value)) { found.add(key); keysIn(item, found); }
  return found;
}

beforeAll(async () => {
  env = await createIsolatedEnvironment('access_field_matrix');
  fixture = await insertFixtureVocabulary(env.db);
  app = await buildTestApp(env.config, { db: env.db });
  for (const kind of VIEWER_KINDS) {
    if (kind === 'anonymous') { callers.anonymous = { headers: {}, viewer: ANONYMOUS, userId: null }; continue; }
    const role: UserRole = kind === 'curator' ? 'curator' : kind === 'super_curator' || kind === 'api_key' ? 'super_curator' : 'user';
    const userId = await insertUser(kind, role);
    const session = viewerForUser({ id: userId, username: `matrix-${kind}`, role }, 'session');
    if (kind === 'api_key') {
      const created = await app.accounts.createApiKey(session, 'matrix');
      callers.api_key = { headers: { 'x-graphql-key': created.key }, viewer: viewerForUser({ id: userId, username: `matrix-${kind}`, role }, 'api_key'), userId };
    } else {
      callers[kind] = { headers: { authorization: `Bearer ${await signUserToken(app, userId)}` }, viewer: session, userId };
    }
  }
  replacement = await insertRecord(env.db, { registryId: fixture.registries.Collection, name: 'Hidden replacement', isHidden: true });
  for (const state of RECORD_STATES) recordIds[state] = await insertProtectedRecord(state, `European Nucleotide Archive (${state})`);
  // The user's own activity: a claim, a watched record and an edit event on each record.
  for (const state of RECORD_STATES) {
    await env.db('maintenance_requests').insert({ record_id: recordIds[state], user_id: callers.user.userId, status: 'pending' });
    await env.db('edit_events').insert({ record_id: recordIds[state], user_id: callers.user.userId, edit_type: 'update', edit_event: JSON.stringify({ section: 'generalInformation', changes: { curator_notes: { before: 'a', after: 'b' }, watcher_ids: { before: [], after: [callers.user.userId] } } }) });
  }
  [otherCollectionType] = (await env.db('record_types').insert({ name: 'collection_of_collections', registry_id: fixture.registries.Collection }).returning('id')).map((row: { id: number }) => row.id);
  for (const [key, link] of Object.entries(RECORD_LINKS)) {
    if (link.target === 'users') continue;
    const row = link.target === 'countries' ? { code: 'GB', name: 'United Kingdom' } : { label: `Sample ${key}` };
    const existing = await env.db(link.target).orderBy('id').first('id');
    linkSamples[key] = existing?.id ?? (await env.db(link.target).insert(row).returning('id'))[0].id;
  }
  const introspection = await graphql('{ __schema { types { name kind fields { name type { kind name ofType { kind name ofType { kind name ofType { kind name } } } } } } } }');
  types = new Map((introspection.data.__schema.types as IntrospectedType[]).map((type) => [type.name, type]));
}, 180_000);

afterAll(async () => {
  await app?.close();
  await env?.cleanup();
});

describe('the field table covers', () => {
  it('every GraphQL field of its types, and no field that is gone', () => {
    const problems: string[] = [];
    for (const type of Object.keys(FIELD_ACCESS) as FieldTypeName[]) {
      const schemaFields = types.get(type)?.fields?.map((field) => field.name) ?? [];
      if (schemaFields.length === 0) problems.push(`${type} is not in the schema`);
      for (const field of schemaFields) if (!fieldAccess(type, field)) problems.push(`${type}.${field} is not in the field table`);
      for (const [field, access] of entries(type)) if (!access.notInGraphql && !schemaFields.includes(field)) problems.push(`${type}.${field} is in the table but not in the schema`);
    }
    expect(problems).toEqual([]);
  });

  it('every field that names a record, on any type', () => {
    const problems: string[] = [];
    for (const type of types.values()) {
      if (type.kind !== 'OBJECT' || type.name.startsWith('__') || ['Query', 'Mutation'].includes(type.name)) continue;
      for (const field of type.fields ?? []) {
        if (named(field.type).name !== 'FairsharingRecord') continue;
        const access = type.name in FIELD_ACCESS ? fieldAccess(type.name as FieldTypeName, field.name) : undefined;
        if (!access?.namesRecords) problems.push(`${type.name}.${field.name} names records but the table does not apply the visibility rule to it`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('every REST attribute of a record', () => {
    const missing = Object.keys(RecordAttributesSchema.properties).filter((attribute) => !fieldOfKey('FairsharingRecord', attribute));
    expect(missing).toEqual([]);
  });

  it('every column of the public dumps (JSON and CSV), each one anyone may read', async () => {
    const dump = await app.inject({ method: 'GET', url: '/export/records.json' });
    expect(dump.statusCode).toBe(200);
    const [first] = dump.json() as Record<string, unknown>[];
    expect(first).toBeDefined();
    const problems = [...Object.keys(first), ...RECORD_CSV_COLUMNS].filter((column) => {
      const owner = fieldOfKey('FairsharingRecord', column);
      return !owner || !canReadField(ANONYMOUS, owner.access, {});
    });
    expect(problems).toEqual([]);
  });

  it('every key of every record section body, each with a write rule', () => {
    const problems: string[] = [];
    for (const [section, schema] of Object.entries(SECTION_SCHEMAS)) {
      for (const key of bodyKeys(schema)) {
        if (!fieldOfKey('FairsharingRecord', key)?.access.write) problems.push(`${section}: ${key} has no write rule in the table`);
      }
    }
    expect(problems).toEqual([]);
  });
});

describe('reads, per field × viewer × record state', () => {
  it.each(RECORD_STATES)('answers every FairsharingRecord field of a %s record as the table decides', async (state) => {
    const recordType = types.get('FairsharingRecord')!;
    const resource = await resourceOf(recordIds[state]);
    const mismatches: string[] = [];
    for (const kind of VIEWER_KINDS) {
      const { viewer, headers } = callers[kind];
      const visible = await visibleIds(viewer);
      const answer = await graphql(`{ fairsharingRecord(id: ${recordIds[state]}) { ${recordType.fields!.map(selection).join(' ')} } }`, headers);
      if (!canViewRecord(viewer, resource.record!)) {
        if (answer.data?.fairsharingRecord !== null) mismatches.push(`${kind} sees the ${state} record`);
        continue;
      }
      const record = answer.data.fairsharingRecord as Record<string, unknown>;
      for (const field of recordType.fields!) {
        const access = fieldAccess('FairsharingRecord', field.name)!;
        const value = record[field.name];
        const refused = isNonNullList(field.type) ? [] : null;
        const where = `${field.name} of a ${state} record as ${kind}`;
        if (access.perItem) {
          const shown = (value as { __typename: string }[]).length;
          const watchers = (await env.db('record_watchers').where({ record_id: recordIds[state] }).pluck('user_id')).map(Number);
          const expected = watchers.filter((userId) => canReadField(viewer, access, { ...resource, userId })).length;
          if (shown !== expected) mismatches.push(`${where}: ${shown} items, expected ${expected}`);
        } else if (!canReadField(viewer, access, resource)) {
          if (JSON.stringify(value) !== JSON.stringify(refused)) mismatches.push(`${where}: readable, expected refused`);
        } else if (access.read !== RULES.anyone && JSON.stringify(value) === JSON.stringify(refused)) {
          mismatches.push(`${where}: refused, expected readable`);
        }
        for (const id of recordIdsIn(value)) if (!visible.has(id)) mismatches.push(`${where}: names record ${id} it may not see`);
        if (access.redactsKeysOf) {
          for (const key of keysIn(value)) {
            const owner = fieldOfKey(access.redactsKeysOf, key);
            if (owner && !canReadField(viewer, owner.access, resource)) mismatches.push(`${where}: holds ${key}`);
          }
        }
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('answers every User field, and every record it names, as the table decides', async () => {
    const userType = types.get('User')!;
    const target = callers.user.userId!;
    const nested = (field: { name: string; type: TypeRef }) => {
      const type = types.get(named(field.type).name!);
      if (isLeaf(field.type) || !type?.fields) return field.name;
      return `${field.name} { __typename ${type.fields.filter((inner) => isLeaf(inner.type) || named(inner.type).name === 'FairsharingRecord').map(selection).join(' ')} }`;
    };
    const mismatches: string[] = [];
    for (const kind of VIEWER_KINDS) {
      const { viewer, headers } = callers[kind];
      const visible = await visibleIds(viewer);
      const answer = await graphql(`{ user(id: ${target}) { ${userType.fields!.map(nested).join(' ')} } }`, headers);
      expect(answer.errors, kind).toBeUndefined();
      const user = answer.data.user as Record<string, unknown>;
      for (const field of userType.fields!) {
        const access = fieldAccess('User', field.name)!;
        const value = user[field.name];
        const refused = isNonNullList(field.type) ? [] : null;
        const where = `User.${field.name} as ${kind}`;
        const readable = canReadField(viewer, access, { userId: target });
        if (!readable && JSON.stringify(value) !== JSON.stringify(refused)) mismatches.push(`${where}: readable, expected refused`);
        if (readable && access.read !== RULES.anyone && JSON.stringify(value) === JSON.stringify(refused)) mismatches.push(`${where}: refused, expected readable`);
        for (const id of recordIdsIn(value)) if (!visible.has(id)) mismatches.push(`${where}: names record ${id} it may not see`);
        for (const key of field.name === 'editEvents' ? keysIn(value) : []) {
          const owner = fieldOfKey('FairsharingRecord', key);
          if (owner && owner.access.read !== RULES.anyone && !canReadField(viewer, owner.access, {})) mismatches.push(`${where}: holds ${key}`);
        }
      }
    }
    expect(mismatches).toEqual([]);
  });

  it.each(RECORD_STATES)('answers every REST attribute of a %s record as the table decides', async (state) => {
    const resource = await resourceOf(recordIds[state]);
    const mismatches: string[] = [];
    for (const kind of VIEWER_KINDS) {
      const { viewer, headers } = callers[kind];
      const response = await app.inject({ method: 'GET', url: `/fairsharing_records/${recordIds[state]}`, headers: { accept: 'application/json', ...headers } });
      if (!canViewRecord(viewer, resource.record!)) {
        if (response.statusCode !== 404) mismatches.push(`${kind} reads the ${state} record (${response.statusCode})`);
        continue;
      }
      const attributes = response.json().data.attributes as Record<string, unknown>;
      for (const key of keysIn(attributes)) {
        const owner = fieldOfKey('FairsharingRecord', key);
        if (owner && !canReadField(viewer, owner.access, resource)) mismatches.push(`${key} of a ${state} record as ${kind}`);
      }
      const logs = fieldOfKey('FairsharingRecord', 'legacy_logs')!.access;
      const shown = 'legacy_logs' in (attributes.metadata as Record<string, unknown>);
      if (shown !== canReadField(viewer, logs, resource)) mismatches.push(`legacy_logs of a ${state} record as ${kind}: ${shown ? 'shown' : 'left out'}`);
    }
    expect(mismatches).toEqual([]);
  });
});

/** A value that changes each key of the general-information body; a key without one fails the test. */
function changedValue(key: string): { body: Record<string, unknown>; metadata?: Record<string, unknown> } | undefined {
  const metadataValues: Record<string, unknown> = {
    name: 'European Nucleotide Archive (changed)', abbreviation: 'ENA-C', homepage: 'https://www.ebi.ac.uk/ena/browser', description: `${DESCRIPTION} Changed.`,
    status: 'in_development', deprecation_reason: 'Merged into another archive', year_creation: 2002,
  };
  if (key in metadataValues) return { body: {}, metadata: { [key]: metadataValues[key] } };
  const link = (RECORD_LINKS as Record<string, { target: string }>)[key];
  if (link?.target === 'users') return { body: { [key]: [callers.user.userId, callers.super_curator.userId] } };
  if (link) return { body: { [key]: [linkSamples[key]] } };
  const values: Record<string, { body: Record<string, unknown>; metadata?: Record<string, unknown> }> = {
    record_type_id: { body: { record_type_id: otherCollectionType } },
    curator_notes: { body: { curator_notes: 'Changed note' } },
    hidden: { body: { hidden: true } },
    replaced_by_id: { body: { replaced_by_id: recordIds.public }, metadata: { status: 'deprecated', deprecation_reason: 'Replaced' } },
    logo: { body: { logo: { filename: 'logo.png', data: PNG_1X1 } } },
    remove_additional_properties: { body: { remove_additional_properties: true } },
  };
  return values[key];
}

/** Everything a section save may change, to prove a refused one changed nothing. */
async function snapshot(id: number) {
  const linked = (table: string, column: string) => env.db(table).where({ record_id: id }).orderBy(column).pluck(column);
  return {
    row: await env.db('records').where({ id }).first(),
    maintainers: await linked('record_maintainers', 'user_id'),
    watchers: await linked('record_watchers', 'user_id'),
    publications: await linked('record_publications', 'publication_id'),
    relations: await linked('record_associations', 'linked_record_id'),
  };
}

/**
 * Saves `key` through `section` as every kind of viewer, each on a fresh record: 200 exactly when
 * the viewer may edit the record and the table lets them write the key, otherwise 401/403 and the
 * record unchanged. Answers the mismatches.
 */
async function writeMatrix(section: string, key: string, body: (row: { name: string; homepage: string }) => Record<string, unknown>): Promise<string[]> {
  const mismatches: string[] = [];
  const access = fieldOfKey('FairsharingRecord', key)!.access;
  for (const kind of VIEWER_KINDS) {
    // The creator's rights are those of an unapproved record; everyone else edits a public one.
    const state: RecordState = kind === 'creator' ? 'unapproved' : 'public';
    const id = await insertProtectedRecord(state, `Write ${section} ${key} as ${kind}`);
    const resource = await resourceOf(id);
    const before = await snapshot(id);
    const { viewer, headers } = callers[kind];
    const response = await app.inject({ method: 'PUT', url: `/fairsharing_records/${id}`, headers, payload: { section, fairsharing_record: body(before.row) } });
    const allowed = can(viewer, 'record.edit', resource) && canWriteField(viewer, access, resource);
    const expected = allowed ? 200 : viewer.userId === null ? 401 : 403;
    const where = `${section} ${key} as ${kind}`;
    if (response.statusCode !== expected) mismatches.push(`${where}: ${response.statusCode} (${response.json().message}), expected ${expected}`);
    if (!allowed && JSON.stringify(await snapshot(id)) !== JSON.stringify(before)) mismatches.push(`${where}: refused, but the record changed`);
  }
  return mismatches;
}

/** A body that changes each key of the other sections; a key without one fails the test. */
function sectionSample(section: string, key: string, publicationId: number): Record<string, unknown> | undefined {
  const accessPoints = { metadata: { access_points: [{ url: 'https://www.ebi.ac.uk/ena/portal/api', name: 'ENA Portal API', type: 'REST' }] } };
  const samples: Record<string, Record<string, Record<string, unknown>>> = {
    support: {
      contacts: { metadata: { contacts: [{ contact_name: 'ENA helpdesk', contact_email: 'datasubs@ebi.ac.uk' }] } },
      support_links: { metadata: { support_links: [{ url: 'https://www.ebi.ac.uk/ena/browser/support', name: 'Support', type: 'Help' }] } },
    },
    // Besides access points, their keys are the record type's own (metadata_fields).
    dataAccess: { access_points: accessPoints, metadata: { metadata: {} } },
    additionalInformation: { access_points: accessPoints, metadata: { metadata: {} } },
    publications: {
      publication_ids: { publication_ids: [publicationId] },
      citation_ids: { citation_ids: [publicationId] },
      exhaustive_licences: { exhaustive_licences: true },
    },
    relations: {
      record_associations_attributes: { record_associations_attributes: [{ linked_record_id: recordIds.public, record_assoc_label_id: fixture.relationTypes.related_to }] },
    },
  };
  return samples[section]?.[key];
}

describe('writes, per section body key × viewer', () => {
  it('saves or refuses each general-information key exactly as the table decides, and a refused save changes nothing', async () => {
    const mismatches: string[] = [];
    for (const key of bodyKeys(generalInformationSchema).filter((name) => name !== 'metadata')) {
      const change = changedValue(key);
      if (!change) { mismatches.push(`${key}: no sample change (add one to changedValue)`); continue; }
      mismatches.push(...await writeMatrix('generalInformation', key, (row) => ({
        metadata: { name: row.name, homepage: row.homepage, description: DESCRIPTION, status: 'ready', ...change.metadata },
        record_type_id: fixture.recordTypes.collection,
        ...change.body,
      })));
    }
    expect(mismatches).toEqual([]);
  }, 120_000);

  it('saves or refuses each key of every other section exactly as the table decides', async () => {
    const [publication] = await env.db('publications').insert({ title: 'The European Nucleotide Archive in 2023', year: 2023 }).returning('id');
    const mismatches: string[] = [];
    for (const [section, schema] of Object.entries(SECTION_SCHEMAS)) {
      if (section === 'generalInformation') continue;
      const keys = bodyKeys(schema);
      // A metadata document with declared keys is checked key by key; an open one as a whole.
      for (const key of keys.length > 1 ? keys.filter((name) => name !== 'metadata') : keys) {
        const sample = sectionSample(section, key, publication.id);
        if (!sample) { mismatches.push(`${section} ${key}: no sample change (add one to sectionSample)`); continue; }
        mismatches.push(...await writeMatrix(section, key, () => sample));
      }
    }
    expect(mismatches).toEqual([]);
  }, 120_000);
});
