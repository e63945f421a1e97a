/** GET /record_associations/allowed: relation types and which registries each may link (SPEC §7). */
import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';

export const AllowedRelation = Type.Object({
  name: Type.String(),
  id: Type.Integer(),
  allowed_associations: Type.Array(Type.Object({ from: Type.String(), to: Type.String() })),
});
export type AllowedRelation = Static<typeof AllowedRelation>;

export async function listAllowedRelations(app: FastifyInstance): Promise<AllowedRelation[]> {
  const rows = await app.db.raw<{ rows: AllowedRelation[] }>(`
    SELECT rt.id, rt.name,
      COALESCE((SELECT json_agg(json_build_object('from', lower(f.name), 'to', lower(t.name)) ORDER BY f.name, t.name)
        FROM relation_type_allowed_associations a
        JOIN registries f ON f.id = a.from_registry_id
        JOIN registries t ON t.id = a.to_registry_id
        WHERE a.relation_type_id = rt.id), '[]'::json) AS allowed_associations
    FROM relation_types rt
    ORDER BY rt.name`);
  return rows.rows;
}

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
    async () => listAllowedRelations(app),
  );
}
