/**
 * The type provider of the REST routes: `request.params`, `request.query` and `request.body`
 * take their types from the route's TypeBox schemas (the ones Fastify validates the request
 * against), so a handler never restates them. It is `@fastify/type-provider-typebox`'s
 * provider (the same two lines) for inputs only, written here rather than installed: the routes
 * declare their error answers but rarely their success shapes, and the library's provider types
 * every return and `reply.code` by the declared statuses alone (a handler returning its 200
 * answer does not compile), so answers stay typed by the services.
 */
import type { FastifyTypeProvider } from 'fastify';
import type { Static, TSchema } from '@sinclair/typebox';

export interface RouteInputsProvider extends FastifyTypeProvider {
  validator: this['schema'] extends TSchema ? Static<this['schema']> : unknown;
  serializer: unknown;
}
