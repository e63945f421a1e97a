/**
 * Public user profiles. Who reads which field (e-mail and activity lists: the user themself and
 * super curators) and which records a list shows is the access module's field table, applied to
 * these resolvers by `withFieldAccess`; the user list is for super curators. The rows come from
 * the accounts domain.
 */
import { can } from '@registry/schemas';
import type { RegistryGraphqlContext } from '../kernel/graphql-context.ts';
import { numericId } from '../validation.ts';
import { notFound, unauthorised } from '../kernel/graphql-errors.ts';
import { isoDate } from '../kernel/iso-date.ts';
import type { EditEventRow } from '../records/record-rows.ts';
import { describeEditEvents } from '../records/record-history.ts';
import type { HistoryDescription } from '../records/history-description.ts';
import type { QueryResolvers, Resolvers } from '../graphql-types/resolver-types.generated.ts';
import type { EditEventParent, MaintenanceRequestParent, UserParent } from '../graphql-types/resolver-parents.ts';
import { loadedByOwnId } from '../kernel/graphql-loading.ts';

type Context = RegistryGraphqlContext;
type NoArgs = Record<string, never>;

/** An edit in a profile's list, which describes itself as its record's history does. */
type ListedEditEvent = EditEventParent;

export const userQueries: QueryResolvers = {
  async user(_root: unknown, args: { id?: string | null }, context: Context) {
    const id = numericId(args.id);
    const user: UserParent | null = id === null ? null : await context.accounts.profile(context.viewer, id);
    if (!user) throw notFound('user');
    return user;
  },
  async allUsers(_root: unknown, args: { q?: string | null }, context: Context): Promise<UserParent[]> {
    if (!can(context.viewer, 'user.admin')) throw unauthorised();
    return context.accounts.accountRows(context.viewer, args.q ?? '');
  },
};

export const userTypeResolvers: Resolvers = {
  User: {
    email: (user: UserParent) => user.email ?? null,
    firstName: (user: UserParent) => user.first_name,
    lastName: (user: UserParent) => user.last_name,
    thirdParty: (user: UserParent) => user.third_party,
    awards: (user: UserParent) => user.awards ?? [],
    maintenanceRequests: loadedByOwnId((loaders) => loaders.userMaintenanceRequests),
    createdRecords: loadedByOwnId((loaders) => loaders.userCreatedRecords),
    maintainedRecords: loadedByOwnId((loaders) => loaders.userMaintainedRecords),
    recordsInCuration: loadedByOwnId((loaders) => loaders.userCuratedRecords),
    watchedRecords: loadedByOwnId((loaders) => loaders.userWatchedRecords),
    organisations: loadedByOwnId((loaders) => loaders.userOrganisations),
    createdSearches: loadedByOwnId((loaders) => loaders.userCreatedSearches),
    savedSearches: loadedByOwnId((loaders) => loaders.userSavedSearches),
    // Described all at once, when a description is asked for (names read once per kind for the list).
    editEvents: async (user: UserParent, _args: NoArgs, context: Context): Promise<ListedEditEvent[]> => {
      const events = await context.loaders.userEditEvents.load(user.id);
      let described: Promise<HistoryDescription[]> | undefined;
      return events.map((event, index) => ({ ...event, describe: async () => (await (described ??= describeEditEvents(events, context)))[index] }));
    },
  },
  MaintenanceRequest: {
    createdAt: (request: MaintenanceRequestParent) => isoDate(request.created_at),
    fairsharingRecord: (request: MaintenanceRequestParent, _args: NoArgs, context: Context) => context.loaders.recordById.load(request.record_id),
    user: (request: MaintenanceRequestParent, _args: NoArgs, context: Context) => context.loaders.userById.load(request.user_id),
  },
  EditEvent: {
    createdAt: (event: EditEventRow) => isoDate(event.created_at),
    editType: (event: EditEventRow) => event.edit_type,
    editEvent: (event: EditEventRow) => event.edit_event,
    description: (event: ListedEditEvent) => event.describe(),
    fairsharingRecord: (event: EditEventRow, _args: NoArgs, context: Context) =>
      event.record_id === null ? null : context.loaders.recordById.load(event.record_id),
  },
};
