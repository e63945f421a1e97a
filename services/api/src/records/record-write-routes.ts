/**
 * REST writes of SPEC §7 Records, bodies as the public client sends them:
 *   POST   /fairsharing_records {fairsharing_record}            create (approved at once for curators)
 *   PUT    /fairsharing_records/{id} {fairsharing_record}       save one section, or the whole record as FAIRsharing's client sends it (If-Match: the ETag read);
 *                                                               its curator dashboard's {create_review, hidden} approves, {curator_id} assigns
 *   DELETE /fairsharing_records/{id} {reason, successor_id?}   delete (super curators; a record awaiting approval: rejected, its creator told;
 *                                                               a public one withdrawn: a tombstone with the reason and successor answers 410)
 *   GET    /fairsharing_records/can_edit/{id}                   may the viewer edit it
 *   POST   /fairsharing_records/metadata_fields {type}          JSON Schema of a record type's additional information
 *   POST   /fairsharing_records/{id}/approve                    approve (curators; its creator becomes a maintainer and is told)
 *   POST   /fairsharing_records/{id}/merge {into}              merge a duplicate into its canonical record (curators)
 *   GET    /fairsharing_records/{id}/logo                       the uploaded logo
 * Thin: parse, call the records service, shape the answer.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RouteInputsProvider } from '../route-inputs.ts';
import { Type } from '@sinclair/typebox';
import { IdInteger, IdParams } from '../validation.ts';
import { RECORD_SECTIONS, sectionOfPayload, type EditableSection } from '@registry/schemas/forms/record-sections.ts';
import { RECORD_TYPE } from './record-read-routes.ts';
import { DomainError, invalidError, notFoundError } from '../domain-errors.ts';
import { TEXT_MAX } from '@registry/schemas/forms/bounds.ts';
import * as records from './record-service.ts';
import { isWholeRecordSave } from './whole-record-save.ts';
import { curatorDashboardSave, type CuratorDashboardSave } from './curator-dashboard-save.ts';
import type { RecordRow } from './record-rows.ts';

const RecordBody = Type.Object(
  {
    fairsharing_record: Type.Record(Type.String(), Type.Unknown(), { description: 'The fields of one section (SPEC §7 record update payloads)' }),
    section: Type.Optional(Type.Union(RECORD_SECTIONS.map((name) => Type.Literal(name)))),
    /** The revision the editor read, for clients that cannot send If-Match. */
    revision: Type.Optional(Type.String({ maxLength: 30 })),
  },
  { additionalProperties: false },
);
type RecordBody = { fairsharing_record: Record<string, unknown>; section?: (typeof RECORD_SECTIONS)[number]; revision?: string };

/** Why a public record is withdrawn, and the public record that replaces it. */
const WithdrawalBody = Type.Object(
  {
    reason: Type.Optional(Type.String({ maxLength: TEXT_MAX.withdrawalReason, description: 'Why the record is withdrawn (required for a record that has ever been public), shown on its tombstone' })),
    successor_id: Type.Optional(Type.Union([IdInteger(), Type.Null()], { description: 'The public record that replaces it' })),
  },
  { additionalProperties: false },
);
type WithdrawalBody = { reason?: string; successor_id?: number | null };

const WriteAnswer = Type.Object(
  {
    data: Type.Object({ id: Type.String(), type: Type.String(), attributes: Type.Record(Type.String(), Type.Unknown()) }),
    suspected_duplicates: Type.Optional(Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() }, { additionalProperties: true }))),
    revision: Type.String(),
    message: Type.Optional(Type.String()),
  },
  { additionalProperties: true },
);

/** GET /fairsharing_records/can_edit/{id} when the viewer may not edit the record: the error shape, with FAIRsharing's `success: false`. */
const CannotEditAnswer = Type.Object({ error: Type.String(), statusCode: Type.Integer(), message: Type.String(), success: Type.Literal(false) });
const RECORD_EDIT_REFUSED = 'You may not edit this record.';

const MetadataText = { type: Type.Literal('string'), maxLength: Type.Integer(), enum: Type.Optional(Type.Array(Type.String())) };
// `$ref` as a pattern: a property named `$ref` would be taken for a reference by the OpenAPI document's resolver.
const ObjectReference = Type.Object({}, { patternProperties: { '^\\$ref$': Type.String({ pattern: '^#/definitions/' }) }, required: ['$ref'], additionalProperties: false });
const DefinitionText = Type.Object({ type: Type.Literal('string'), maxLength: Type.Integer(), format: Type.Optional(Type.Literal('uri')), description: Type.String() });
/**
 * POST /fairsharing_records/metadata_fields: a record type's additional-information fields as JSON
 * Schema (additional-information.ts); lists of objects as FAIRsharing's client reads them, `items:
 * {$ref: '#/definitions/<name>'}` and the object's schema under `definitions`.
 */
const MetadataFields = Type.Object({
  $schema: Type.String(),
  type: Type.Literal('object'),
  additionalProperties: Type.Literal(false),
  properties: Type.Record(Type.String(), Type.Union([
    Type.Object({ title: Type.String(), ...MetadataText }),
    Type.Object({ title: Type.String(), type: Type.Literal('array'), maxItems: Type.Integer(), items: Type.Object(MetadataText) }),
    Type.Object({ title: Type.String(), description: Type.String(), type: Type.Literal('array'), maxItems: Type.Integer(), items: ObjectReference }),
  ])),
  definitions: Type.Record(Type.String(), Type.Object({
    type: Type.Literal('object'),
    additionalProperties: Type.Literal(false),
    required: Type.Array(Type.String()),
    properties: Type.Record(Type.String(), DefinitionText),
  })),
});

/** `If-Match: "r12"` (or W/"r12") → "12"; absent → undefined. `*` matches any revision. */
function expectedRevision(request: FastifyRequest, body: RecordBody): { revision?: string; fromHeader: boolean } {
  const header = request.headers['if-match'];
  if (typeof header === 'string' && header.trim() !== '' && header.trim() !== '*') {
    const match = /^(?:W\/)?"r(\d+)"$/.exec(header.trim());
    if (!match) throw invalidError('If-Match must be an ETag this API gave, e.g. "r12"');
    return { revision: match[1], fromHeader: true };
  }
  return { revision: body.revision, fromHeader: false };
}

export async function recordWriteRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<RouteInputsProvider>();
  async function answer(request: FastifyRequest, reply: FastifyReply, saved: records.SavedRecord, message: string) {
    const attributes = await app.records.recordAttributesAfterSave(request.viewer, saved.record.id, app.config.publicUrl);
    reply.header('etag', records.recordEtag(saved.record));
    return {
      data: { id: String(saved.record.id), type: RECORD_TYPE, attributes },
      ...(saved.suspectedDuplicates.length > 0 ? { suspected_duplicates: saved.suspectedDuplicates } : {}),
      // The ETag's revision again, for clients that cannot read response headers.
      revision: String(saved.record.revision),
      message,
    };
  }

  /** Applies a save of FAIRsharing's curator dashboard through this API's own curation services. */
  async function dashboardSave(request: FastifyRequest, id: number, save: CuratorDashboardSave): Promise<RecordRow> {
    if (save.kind === 'assign') {
      await app.curation.assignCurator(request.viewer, id, { curator_id: save.curatorId });
      const record = await app.records.findRecordRow({ kind: 'id', id });
      if (!record) throw notFoundError('Record');
      return record;
    }
    // One action, one transaction: approve, hide or show, and mark reviewed.
    return app.curation.approveRecord(request.viewer, id, { hidden: save.hidden, review: save.createReview });
  }

  app.post(
    '/fairsharing_records',
    { config: { access: 'record.create' }, schema: { summary: 'Create a record', tags: ['records'], body: RecordBody, response: { 201: WriteAnswer } } },
    async (request, reply) => {
      const saved = await app.records.createRecord(request.viewer, request.body.fairsharing_record);
      reply.code(201);
      return answer(request, reply, saved, saved.record.is_approved ? 'Record created.' : 'Record created: it awaits approval by a curator.');
    },
  );

  app.put(
    '/fairsharing_records/:id',
    { schema: { summary: 'Save one section of a record', tags: ['records'], params: IdParams, body: RecordBody, response: { 200: WriteAnswer } } },
    async (request, reply) => {
      const { revision, fromHeader } = expectedRevision(request, request.body);
      const payload = request.body.fairsharing_record;
      // FAIRsharing's curator dashboard approves and assigns through a record save.
      const dashboard = request.body.section === undefined ? curatorDashboardSave(payload) : null;
      if (dashboard) return answer(request, reply, { record: await dashboardSave(request, request.params.id, dashboard), suspectedDuplicates: [] }, dashboard.kind === 'approve' ? 'Record approved.' : 'Curator assigned.');
      const section = (request.body.section ?? sectionOfPayload(payload)) as EditableSection | 'organisations';
      if (section === 'organisations') throw invalidError('Organisation links are saved through /organisation_links');
      try {
        // FAIRsharing's web client sends the whole record it read; each key goes to its section.
        const saved = request.body.section === undefined && isWholeRecordSave(payload)
          ? await app.records.updateWholeRecord(request.viewer, request.params.id, payload, revision)
          : await app.records.updateSection(request.viewer, request.params.id, section, payload, revision);
        return await answer(request, reply, saved, 'Record successfully updated!');
      } catch (error) {
        // HTTP's own answer to a failed If-Match is 412; a revision in the body gets 409.
        if (error instanceof records.StaleRevisionError && fromHeader) throw new DomainError(412, error.message, error.details);
        throw error;
      }
    },
  );

  app.delete<{ Params: { id: number }; Body: WithdrawalBody }>(
    '/fairsharing_records/:id',
    {
      config: { access: 'record.delete' },
      // A record never made public is deleted without a body.
      preValidation: async (request) => {
        request.body ??= {};
      },
      schema: {
        summary: 'Delete a record (super curators); a public record is withdrawn: its reason is required and its identifiers answer 410 with a tombstone',
        tags: ['records'],
        params: IdParams,
        body: WithdrawalBody,
        response: { 200: Type.Object({ message: Type.String() }) },
      },
    },
    async (request) => {
      await app.curation.deleteRecord(request.viewer, request.params.id, { reason: request.body.reason, successorId: request.body.successor_id });
      return { message: 'Delete successful !' };
    },
  );

  app.get(
    '/fairsharing_records/can_edit/:id',
    {
      // Open to every visitor: its answer is the record's own edit rule (record.edit) for whoever asks.
      config: { access: 'anyone' },
      schema: {
        summary: 'Whether the viewer may edit a record: 200 when they may, 401 or 403 (with success false) when not',
        tags: ['records'],
        params: IdParams,
        response: { 200: Type.Object({ success: Type.Literal(true) }), 401: CannotEditAnswer, 403: CannotEditAnswer },
      },
    },
    async (request) => {
      // FAIRsharing's client reads only whether the answer failed (its editor and record page test
      // `canEdit.error`, which its REST client sets on a status >= 400), so a refusal is an error status.
      if (!(await app.records.canEditRecord(request.viewer, request.params.id))) {
        throw new DomainError(request.viewer.userId === null ? 401 : 403, RECORD_EDIT_REFUSED, { success: false });
      }
      return { success: true as const };
    },
  );

  app.post(
    '/fairsharing_records/metadata_fields',
    {
      schema: {
        summary: 'The JSON Schema of the additional-information fields of a record type',
        tags: ['records'],
        body: Type.Object({ type: Type.String({ minLength: 1, maxLength: 100 }) }, { additionalProperties: false }),
        response: { 200: MetadataFields },
      },
    },
    async (request) => app.records.metadataFields(request.body.type),
  );

  app.post(
    '/fairsharing_records/:id/approve',
    { config: { access: 'record.approve' }, schema: { summary: 'Approve a record (curators)', tags: ['records'], params: IdParams, response: { 200: WriteAnswer } } },
    async (request, reply) => {
      const record = await app.curation.approveRecord(request.viewer, request.params.id);
      return answer(request, reply, { record, suspectedDuplicates: [] }, 'Record approved.');
    },
  );

  app.post(
    '/fairsharing_records/:id/hide',
    {
      config: { access: 'record.approve' },
      schema: {
        summary: 'Hide a record from everyone but curators, or show it again (curators)',
        tags: ['records'],
        params: IdParams,
        body: Type.Object({ hidden: Type.Boolean() }, { additionalProperties: false }),
        response: { 200: WriteAnswer },
      },
    },
    async (request, reply) => {
      const record = await app.records.setRecordHidden(request.viewer, request.params.id, request.body.hidden);
      return answer(request, reply, { record, suspectedDuplicates: [] }, request.body.hidden ? 'Record hidden.' : 'Record shown again.');
    },
  );

  app.post(
    '/fairsharing_records/:id/merge',
    {
      config: { access: 'record.approve' },
      schema: {
        summary: 'Merge a duplicate record into its canonical record (curators)',
        tags: ['records'],
        params: IdParams,
        body: Type.Object({ into: IdInteger() }, { additionalProperties: false }),
        response: { 200: WriteAnswer },
      },
    },
    async (request, reply) => {
      const record = await app.records.mergeRecords(request.viewer, request.params.id, request.body.into);
      return answer(request, reply, { record, suspectedDuplicates: [] }, `Record ${request.params.id} merged into ${record.id}.`);
    },
  );

  app.get(
    '/fairsharing_records/:id/logo',
    { schema: { summary: 'The uploaded logo of a record', tags: ['records'], params: IdParams } },
    async (request, reply) => {
      const logo = await app.records.recordLogo(request.viewer, request.params.id);
      return reply.type(logo.contentType).header('cache-control', 'no-cache').send(logo.bytes);
    },
  );
}
