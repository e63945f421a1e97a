/** POST /record_reviews {record_review:{fairsharing_record_id}}: a curator marks a record reviewed (SPEC §7). */
import type { FastifyInstance } from 'fastify';
import type { RouteInputsProvider } from '../route-inputs.ts';
import { Type } from '@sinclair/typebox';

export async function reviewRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<RouteInputsProvider>();
  app.post(
    '/record_reviews',
    {
      config: { access: 'record.approve' },
      schema: {
        summary: 'Mark a record reviewed (curators)',
        tags: ['curation'],
        body: Type.Object({ record_review: Type.Record(Type.String(), Type.Unknown()) }, { additionalProperties: false }),
        response: { 201: Type.Object({ message: Type.String(), record_review: Type.Object({ id: Type.Integer(), fairsharing_record_id: Type.Integer(), created_at: Type.String() }) }) },
      },
    },
    async (request, reply) => {
      const review = await app.reviews.reviewRecord(request.viewer, request.body.record_review);
      reply.code(201);
      return { message: 'Record marked as reviewed.', record_review: { id: review.id, fairsharing_record_id: review.recordId, created_at: review.reviewedAt.toISOString() } };
    },
  );
}
