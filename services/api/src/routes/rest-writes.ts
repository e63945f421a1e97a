/**
 * What the REST writes of several domains share: the `{ <key>: {...} }` body the public client
 * sends (the domain's service checks the fields with its form schema), and the DELETE of one row
 * by id, answered with a message.
 */
import type { FastifyContextConfig, FastifyInstance } from 'fastify';
import type { RouteInputsProvider } from '../route-inputs.ts';
import { Type, type TProperties } from '@sinclair/typebox';
import type { Viewer } from '@registry/schemas';
import { IdParams } from '../validation.ts';

/** A body holding one object under `key`, as FAIRsharing clients send it; `description` names its fields. */
export function wrappedBody(key: string, description: string) {
  return Type.Object({ [key]: Type.Record(Type.String(), Type.Unknown(), { description }) }, { additionalProperties: false });
}

/**
 * The answer of a write that returns the row it saved: the fields its clients read, declared, and
 * every other column passed through as it is (Fastify's serializer drops undeclared fields otherwise).
 */
export function savedRow<Fields extends TProperties>(fields: Fields) {
  return Type.Object(fields, { additionalProperties: true });
}

export interface DeleteByIdRoute {
  /** Ends in `:id`. */
  path: string;
  /** Left out: the auth plugin's default for a DELETE (a signed-in session; the service decides). */
  access?: NonNullable<FastifyContextConfig['access']>;
  summary: string;
  tags: string[];
  remove: (viewer: Viewer, id: number) => Promise<unknown>;
  /** The answer's `message`. */
  message: string;
}

/** Registers DELETE `path`: `remove(viewer, id)`, answered `{ message }`. */
export function deleteByIdRoute(instance: FastifyInstance, route: DeleteByIdRoute): void {
  const app = instance.withTypeProvider<RouteInputsProvider>();
  app.delete(
    route.path,
    {
      ...(route.access ? { config: { access: route.access } } : {}),
      schema: { summary: route.summary, tags: route.tags, params: IdParams, response: { 200: Type.Object({ message: Type.String() }) } },
    },
    async (request) => {
      await route.remove(request.viewer, request.params.id);
      return { message: route.message };
    },
  );
}
