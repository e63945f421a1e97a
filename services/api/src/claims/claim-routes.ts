/**
 * REST calls of claims (SPEC §7 maintenance requests):
 *   POST /maintenance_requests {maintenance_request:{fairsharing_record_id, message?}}   claim a record
 *   GET  /maintenance_requests/existing/{id}                                             the viewer's claim on record {id}
 *   POST /maintenance_requests/remove {maintenance_request:{fairsharing_record_id, user_id?}}  stop maintaining / withdraw
 *   PUT  /maintenance_requests/{id} {maintenance_request:{status, message?}}             approve or reject (curators)
 * Status values: pending, approved, rejected, withdrawn.
 */
import type { FastifyInstance } from 'fastify';
import type { RouteInputsProvider } from '../route-inputs.ts';
import { Type } from '@sinclair/typebox';
import { IdParams } from '../validation.ts';
import { wrappedBody } from '../routes/rest-writes.ts';
import { CLAIM_ANSWER_WITHIN, CLAIM_STATUSES } from '@registry/schemas/forms/community.ts';
import * as claims from './claim-service.ts';

const ClaimBody = wrappedBody('maintenance_request', 'fairsharing_record_id, message (claim); status, message (decision); fairsharing_record_id, user_id (remove)');
type ClaimBody = { maintenance_request: Record<string, unknown> };
const ClaimStatus = Type.Union(CLAIM_STATUSES.map((status) => Type.Literal(status)));
const Claim = Type.Object({
  id: Type.Integer(),
  fairsharing_record_id: Type.Integer(),
  user_id: Type.Integer(),
  status: ClaimStatus,
  claimant_message: Type.Union([Type.String(), Type.Null()]),
  curator_message: Type.Union([Type.String(), Type.Null()]),
  created_at: Type.String(),
  decided_at: Type.Union([Type.String(), Type.Null()]),
});
const ClaimAnswer = Type.Object({ message: Type.String(), maintenance_request: Claim });

function claimJson(row: claims.ClaimRow) {
  return {
    id: row.id,
    fairsharing_record_id: row.record_id,
    user_id: row.user_id,
    status: row.status,
    claimant_message: row.claimant_message,
    curator_message: row.curator_message,
    created_at: new Date(row.created_at).toISOString(),
    decided_at: row.decided_at ? new Date(row.decided_at).toISOString() : null,
  };
}

export async function claimRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<RouteInputsProvider>();
  app.post(
    '/maintenance_requests',
    { config: { access: 'record.follow' }, schema: { summary: 'Ask to maintain a record', tags: ['claims'], body: ClaimBody, response: { 201: ClaimAnswer } } },
    async (request, reply) => {
      const claim = await app.claims.requestClaim(request.viewer, request.body.maintenance_request);
      reply.code(201);
      return { message: `Your request was sent to the curators, who will answer ${CLAIM_ANSWER_WITHIN}.`, maintenance_request: claimJson(claim) };
    },
  );

  app.get(
    '/maintenance_requests/existing/:id',
    {
      config: { access: 'claim.view' },
      schema: {
        summary: "The viewer's claim on a record and whether they maintain it",
        tags: ['claims'],
        params: IdParams,
        response: { 200: Type.Object({ existing: Type.Union([ClaimStatus, Type.Null()]), maintainer: Type.Boolean(), maintenance_request: Type.Union([Claim, Type.Null()]) }) },
      },
    },
    async (request) => {
      const state = await app.claims.claimState(request.viewer, request.params.id);
      return { existing: state.existing, maintainer: state.maintainer, maintenance_request: state.claim ? claimJson(state.claim) : null };
    },
  );

  app.post(
    '/maintenance_requests/remove',
    {
      config: { access: 'record.follow' },
      schema: {
        summary: 'Stop maintaining a record or withdraw a claim (curators: any maintainer)',
        tags: ['claims'],
        body: ClaimBody,
        response: { 200: Type.Object({ message: Type.String(), removed_maintainer: Type.Boolean(), withdrawn_claims: Type.Integer() }) },
      },
    },
    async (request) => {
      const result = await app.claims.stopMaintaining(request.viewer, request.body.maintenance_request);
      return {
        message: result.removedMaintainer ? 'No longer maintaining this record.' : 'Claim withdrawn.',
        removed_maintainer: result.removedMaintainer,
        withdrawn_claims: result.withdrawnClaims,
      };
    },
  );

  app.put(
    '/maintenance_requests/:id',
    { config: { access: 'claim.decide' }, schema: { summary: 'Approve or reject a claim (curators)', tags: ['claims'], params: IdParams, body: ClaimBody, response: { 200: ClaimAnswer } } },
    async (request) => {
      const claim = await app.claims.decideClaim(request.viewer, request.params.id, request.body.maintenance_request);
      return { message: `Claim ${claim.status}.`, maintenance_request: claimJson(claim) };
    },
  );
}
