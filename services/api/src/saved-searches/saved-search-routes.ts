/**
 * Saved searches (SPEC §7):
 *   POST   /saved_searches {saved_search:{name, comments, url, params, fairsharing_record_ids, organisation_ids, user_ids}}
 *   PUT    /saved_searches/{id} {saved_search:{...the fields to change}}
 *   DELETE /saved_searches/{id}
 */
import type { FastifyInstance } from 'fastify';
import type { RouteInputsProvider } from '../route-inputs.ts';
import { Type } from '@sinclair/typebox';
import { IdParams } from '../validation.ts';
import { deleteByIdRoute, wrappedBody } from '../routes/rest-writes.ts';
import * as savedSearches from './saved-search-service.ts';

const Body = wrappedBody('saved_search', 'name, comments (≤ 100 characters), url (a path of this site), params, fairsharing_record_ids, organisation_ids, user_ids');
type Body = { saved_search: Record<string, unknown> };
const Ids = Type.Array(Type.Integer());
const SavedSearch = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  url: Type.String(),
  comments: Type.Union([Type.String(), Type.Null()]),
  params: Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()]),
  creator_id: Type.Union([Type.Integer(), Type.Null()]),
  created_at: Type.String(),
  fairsharing_record_ids: Ids,
  organisation_ids: Ids,
  user_ids: Ids,
});

const json = (search: savedSearches.SavedSearch) => ({ ...search, created_at: new Date(search.created_at).toISOString() });

export async function savedSearchRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<RouteInputsProvider>();

  app.post(
    '/saved_searches',
    { config: { access: 'savedSearch.manage' }, schema: { summary: 'Save a search', tags: ['saved searches'], body: Body, response: { 201: SavedSearch } } },
    async (request, reply) => {
      reply.code(201);
      return json(await app.savedSearches.createSavedSearch(request.viewer, request.body.saved_search));
    },
  );
  app.put(
    '/saved_searches/:id',
    { config: { access: 'savedSearch.manage' }, schema: { summary: 'Change a saved search (its creator or a super curator)', tags: ['saved searches'], params: IdParams, body: Body, response: { 200: SavedSearch } } },
    async (request) => json(await app.savedSearches.updateSavedSearch(request.viewer, request.params.id, request.body.saved_search)),
  );
  deleteByIdRoute(app, {
    path: '/saved_searches/:id',
    access: 'savedSearch.manage',
    summary: 'Delete a saved search (its creator or a super curator)',
    tags: ['saved searches'],
    remove: (viewer, id) => app.savedSearches.deleteSavedSearch(viewer, id),
    message: 'Saved search deleted.',
  });
}
