/**
 * The access module's field table applied to every resolver of the types it covers, in one
 * place: a field the viewer may not read answers null (or an empty list), users listed item by
 * item are filtered, records named by a field pass the visibility rule, and history diffs and
 * metadata lose the keys the viewer may not read. Resolvers stay free of per-field checks.
 */
import type { GraphQLResolveInfo } from 'graphql';
import {
  FIELD_ACCESS, RULES, canReadField, redactFields, type AccessResource, type FieldAccess, type FieldTypeName,
} from '@registry/schemas';
import type { RegistryGraphqlContext } from '../kernel/graphql-context.ts';
import { graphqlRuntime } from '../kernel/graphql-runtime.ts';
import { recordAccessResource, visibleRecords } from '../records/record-visibility.ts';
import type { EditEventRow, RecordRow } from '../records/record-rows.ts';
import type { MaintenanceRequestRow } from '../claims/claim-repository.ts';
import type { UserRow } from '../accounts/account-repository.ts';

type Context = RegistryGraphqlContext;
type Resolver = (root: unknown, args: unknown, context: Context, info: GraphQLResolveInfo) => unknown;
type TypeResolvers = Record<string, unknown>;

/** What the rules of a type's fields need to know about the object being resolved. */
const RESOURCES: Record<FieldTypeName, (context: Context, root: never) => Promise<AccessResource>> = {
  FairsharingRecord: (context, record: RecordRow) => recordAccessResource(context, record),
  User: async (_context, user: UserRow) => ({ userId: user.id }),
  MaintenanceRequest: async (_context, request: MaintenanceRequestRow) => ({ userId: request.user_id }),
  // A history entry's diff is checked against its record. No userId: in the table it names the
  // user a field is about (a watcher), and the entry's author is not one.
  EditEvent: async (context, event: EditEventRow) => {
    const record = event.record_id === null ? null : await context.loaders.recordById.load(event.record_id);
    return record ? recordAccessResource(context, record) : {};
  },
  SavedSearch: async () => ({}),
  LicenceLink: async () => ({}),
  RecordAssociation: async () => ({}),
  OrganisationLink: async () => ({}),
  Registry: async () => ({}),
  Organisation: async () => ({}),
  WithdrawnState: async () => ({}),
};

function needsWrapping(access: FieldAccess): boolean {
  return access.read !== RULES.anyone || access.perItem === true || access.namesRecords === true || access.redactsKeysOf !== undefined;
}

/** What a refused field answers: an empty list where the schema promises a list, otherwise null. */
function refusedValue(info: GraphQLResolveInfo): unknown {
  const { isListType, isNonNullType } = graphqlRuntime;
  return isNonNullType(info.returnType) && isListType(info.returnType.ofType) ? [] : null;
}

async function onlyVisibleRecords(context: Context, value: unknown): Promise<unknown> {
  if (Array.isArray(value)) return visibleRecords(context, value as (RecordRow | null)[]);
  if (value === null || value === undefined) return null;
  return (await visibleRecords(context, [value as RecordRow]))[0] ?? null;
}

function guarded(type: FieldTypeName, access: FieldAccess, resolve: Resolver): Resolver {
  return async (root, args, context, info) => {
    const resource = await RESOURCES[type](context, root as never);
    if (!access.perItem && !canReadField(context.viewer, access, resource)) return refusedValue(info);
    let value = await resolve(root, args, context, info);
    if (access.perItem && Array.isArray(value)) {
      value = (value as { id: number }[]).filter((item) => canReadField(context.viewer, access, { ...resource, userId: item.id }));
    }
    if (access.namesRecords) value = await onlyVisibleRecords(context, value);
    if (access.redactsKeysOf) value = redactFields(context.viewer, access.redactsKeysOf, resource, value);
    return value;
  };
}

/** The resolver map with every field of the table's types that is not plainly public guarded by it. */
export function withFieldAccess<T extends Record<string, unknown>>(resolvers: T): T {
  const guardedResolvers: Record<string, unknown> = { ...resolvers };
  for (const [type, fields] of Object.entries(FIELD_ACCESS) as [FieldTypeName, Record<string, FieldAccess>][]) {
    const own = { ...(resolvers[type] as TypeResolvers | undefined) };
    for (const [field, access] of Object.entries(fields)) {
      if (access.notInGraphql || !needsWrapping(access)) continue;
      own[field] = guarded(type, access, (own[field] as Resolver | undefined) ?? (graphqlRuntime.defaultFieldResolver as Resolver));
    }
    guardedResolvers[type] = own;
  }
  return guardedResolvers as T;
}
