/**
 * What curators keep about a record while curating it (curators, `curation.annotate`):
 *   POST /fairsharing_records/{id}/processing_notes {processing_note:{note}}   add a processing note
 *   PUT  /fairsharing_records/{id}/curator {curator_id}                        assign a curator (null: none)
 * Neither changes the record, so assigning a curator never approves it. Both are read through
 * GraphQL (CurationRecord.processingNotes and .curator).
 */
import type { FastifyInstance } from 'fastify';
import type { RouteInputsProvider } from '../route-inputs.ts';
import { Type } from '@sinclair/typebox';
import { TEXT_MAX } from '@registry/schemas/forms/bounds.ts';
import { IdInteger, IdParams } from '../validation.ts';

const NoteBody = Type.Object({ processing_note: Type.Object({ note: Type.String({ maxLength: TEXT_MAX.notes }) }, { additionalProperties: false }) }, { additionalProperties: false });
const AssignmentBody = Type.Object({ curator_id: Type.Union([IdInteger(), Type.Null()]) }, { additionalProperties: false });
const Note = Type.Object({ id: Type.Integer(), fairsharing_record_id: Type.Integer(), user_id: Type.Union([Type.Integer(), Type.Null()]), note: Type.String(), created_at: Type.String() });

export async function curationRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<RouteInputsProvider>();
  app.post(
    '/fairsharing_records/:id/processing_notes',
    {
      config: { access: 'curation.annotate' },
      schema: { summary: 'Add a processing note to a record (curators)', tags: ['curation'], params: IdParams, body: NoteBody, response: { 201: Type.Object({ message: Type.String(), processing_note: Note }) } },
    },
    async (request, reply) => {
      const note = await app.curation.addProcessingNote(request.viewer, request.params.id, request.body.processing_note);
      reply.code(201);
      return {
        message: 'Processing note added.',
        processing_note: { id: note.id, fairsharing_record_id: note.record_id, user_id: note.user_id, note: note.note, created_at: new Date(note.created_at).toISOString() },
      };
    },
  );

  app.put(
    '/fairsharing_records/:id/curator',
    {
      config: { access: 'curation.annotate' },
      schema: {
        summary: 'Assign a record to a curator, or to none (curators); the record is not approved by this',
        tags: ['curation'],
        params: IdParams,
        body: AssignmentBody,
        response: { 200: Type.Object({ message: Type.String(), curator_id: Type.Union([Type.Integer(), Type.Null()]) }) },
      },
    },
    async (request) => {
      const curatorId = await app.curation.assignCurator(request.viewer, request.params.id, request.body);
      return { message: curatorId === null ? 'The record is assigned to no curator.' : 'Curator assigned.', curator_id: curatorId };
    },
  );
}
