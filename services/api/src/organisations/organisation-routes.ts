/**
 * REST writes of SPEC §7 for organisations, grants and organisation links, bodies as the public
 * client sends them ({organisation}, {grant}, {organisation_link}). Thin: parse, call the service.
 */
import type { FastifyInstance } from 'fastify';
import type { RouteInputsProvider } from '../route-inputs.ts';
import { IdParams } from '../validation.ts';
import { EditedRecordQuery } from '../records/edited-record-query.ts';
import { Type } from '@sinclair/typebox';
import { deleteByIdRoute, savedRow, wrappedBody as body } from '../routes/rest-writes.ts';

const Organisation = { id: Type.Integer(), name: Type.String() };
const OrganisationLink = savedRow({ id: Type.Integer() });

export async function organisationRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<RouteInputsProvider>();

  app.post(
    '/organisations',
    { config: { access: 'reference.create' }, schema: { summary: 'Add an organisation', tags: ['organisations'], querystring: EditedRecordQuery, body: body('organisation', 'name, homepage, alternative_names, ror_link, organisation_type_ids, country_ids'), response: { 201: savedRow({ ...Organisation, data: Type.Object({ id: Type.String(), type: Type.Literal('organisations'), attributes: savedRow(Organisation) }) }) } } },
    async (request, reply) => {
      const organisation = await app.organisations.createOrganisation(request.viewer, request.body.organisation, request.query.fairsharing_record_id);
      // FAIRsharing's web client reads the new organisation as its API answers it, a JSON:API
      // resource under `data` (id, attributes.name, attributes.homepage); this API's own editor reads it flat.
      return reply.code(201).send({ ...organisation, data: { id: String(organisation.id), type: 'organisations', attributes: organisation } });
    },
  );

  app.put(
    '/organisations/:id',
    { schema: { summary: 'Change an organisation (curators; its creator while only records they may edit cite it)', tags: ['organisations'], params: IdParams, body: body('organisation', 'the organisation fields'), response: { 200: savedRow(Organisation) } } },
    async (request) => app.organisations.updateOrganisation(request.viewer, request.params.id, request.body.organisation),
  );

  deleteByIdRoute(app, {
    path: '/organisations/:id',
    summary: 'Delete an organisation (curators; its creator while only records they may edit cite it)',
    tags: ['organisations'],
    remove: (viewer, id) => app.organisations.deleteOrganisation(viewer, id),
    message: 'Delete successful !',
  });

  app.post(
    '/grants',
    { config: { access: 'reference.create' }, schema: { summary: 'Add a grant', tags: ['organisations'], querystring: EditedRecordQuery, body: body('grant', 'name, description'), response: { 201: savedRow({ id: Type.Integer(), name: Type.String() }) } } },
    async (request, reply) => reply.code(201).send(await app.organisations.createGrant(request.viewer, request.body.grant, request.query.fairsharing_record_id)),
  );

  app.post(
    '/organisation_links',
    { schema: { summary: 'Link an organisation to a record (whoever may edit the record)', tags: ['organisations'], body: body('organisation_link', 'fairsharing_record_id, organisation_id, relation, is_lead, grant_id (only with funds)'), response: { 201: OrganisationLink } } },
    async (request, reply) => reply.code(201).send(await app.organisations.createOrganisationLink(request.viewer, request.body.organisation_link)),
  );

  app.put(
    '/organisation_links/:id',
    { schema: { summary: 'Change an organisation link', tags: ['organisations'], params: IdParams, body: body('organisation_link', 'relation, is_lead, grant_id, organisation_id'), response: { 200: OrganisationLink } } },
    async (request) => app.organisations.updateOrganisationLink(request.viewer, request.params.id, request.body.organisation_link),
  );

  deleteByIdRoute(app, {
    path: '/organisation_links/:id',
    summary: 'Remove an organisation link',
    tags: ['organisations'],
    remove: (viewer, id) => app.organisations.deleteOrganisationLink(viewer, id),
    message: 'Delete successful !',
  });
}
