/** GET /record_associations/allowed: relation types and which registries each may link (SPEC §7). */
import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';

export const AllowedRelation = Type.Object({
  name: Type.String(),
  id: Type.Integer(),
  allowed_associations: Type.Array(Type.Object({ from: Type.String(), to: Type.String() })),
});

export async function recordAssociationRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/record_associations/allowed',
    {
      schema: {
        summary: 'Relation types between records and the registries each may connect',
        tags: ['reference'],
        querystring: Type.Object({}, { additionalProperties: false }),
        response: { 200: Type.Array(AllowedRelation) },
      },
    },
    async () => app.vocabularies.allowedRelations(),
  );
}
