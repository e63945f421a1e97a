/**
 * REST writes of SPEC §7 for licence links, publications and user-defined tags, bodies as the
 * public client sends them ({licence_link}, {publication}, {user_defined_tag}), plus the
 * publication look-ups the editor offers (Crossref/NCBI, Zenodo). Thin: parse, call the service.
 */
import type { FastifyInstance } from 'fastify';
import type { RouteInputsProvider } from '../route-inputs.ts';
import { Type } from '@sinclair/typebox';
import { IdParams } from '../validation.ts';
import { EditedRecordQuery } from '../records/edited-record-query.ts';
import { deleteByIdRoute, savedRow, wrappedBody as body } from '../routes/rest-writes.ts';

const LicenceLink = savedRow({ id: Type.Integer() });
const Publication = savedRow({ id: Type.Integer(), title: Type.String() });
const optionalText = Type.Optional(Type.Union([Type.String(), Type.Null()]));
/** A publication's fields as a look-up finds them (the publication form's fields; Zenodo's answer has more). */
const FoundPublication = savedRow({
  title: Type.String(), doi: optionalText, pubmed_id: optionalText, authors: optionalText, journal: optionalText, url: optionalText,
  year: Type.Optional(Type.Union([Type.Integer(), Type.Null()])),
});

export async function referenceRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<RouteInputsProvider>();

  app.post(
    '/licence_links',
    { schema: { summary: 'Link a licence to a record (whoever may edit the record)', tags: ['licences'], body: body('licence_link', 'fairsharing_record_id, relation, licence_id or licence_attributes {name, url}'), response: { 201: LicenceLink } } },
    async (request, reply) => reply.code(201).send(await app.references.createLicenceLink(request.viewer, request.body.licence_link)),
  );

  app.put(
    '/licence_links/:id',
    { schema: { summary: 'Change a licence link', tags: ['licences'], params: IdParams, body: body('licence_link', 'relation, licence_id or licence_attributes'), response: { 200: LicenceLink } } },
    async (request) => app.references.updateLicenceLink(request.viewer, request.params.id, request.body.licence_link),
  );

  deleteByIdRoute(app, {
    path: '/licence_links/:id',
    summary: 'Remove a licence link',
    tags: ['licences'],
    remove: (viewer, id) => app.references.deleteLicenceLink(viewer, id),
    message: 'Delete successful !',
  });

  app.post(
    '/publications',
    { config: { access: 'reference.create' }, schema: { summary: 'Add a publication (one whose DOI is already held is answered as it is, 200)', tags: ['publications'], querystring: EditedRecordQuery, body: body('publication', 'title, doi, pubmed_id, authors, journal, url, year'), response: { 200: Publication, 201: Publication } } },
    async (request, reply) => {
      const { publication, created } = await app.references.createPublication(request.viewer, request.body.publication, request.query.fairsharing_record_id);
      return reply.code(created ? 201 : 200).send(publication);
    },
  );

  app.put(
    '/publications/:id',
    { schema: { summary: 'Change a publication (curators; its creator while only records they may edit cite it)', tags: ['publications'], params: IdParams, body: body('publication', 'the publication fields'), response: { 200: Publication } } },
    async (request) => app.references.updatePublication(request.viewer, request.params.id, request.body.publication),
  );

  app.get(
    '/publications/lookup',
    {
      config: { access: 'reference.create' },
      schema: {
        summary: 'Find the fields of a publication by DOI (Crossref) or PubMed id (NCBI)',
        tags: ['publications'],
        querystring: Type.Object({ doi: Type.Optional(Type.String({ maxLength: 300 })), pubmed_id: Type.Optional(Type.String({ maxLength: 20 })) }, { additionalProperties: false }),
        response: { 200: FoundPublication },
      },
    },
    async (request) => app.references.lookUp(request.viewer, { doi: request.query.doi, pubmedId: request.query.pubmed_id }),
  );

  app.get(
    '/zenodo',
    {
      config: { access: 'reference.create' },
      schema: {
        summary: "Find a DOI's citation in Crossref, answered as CSL JSON (the shape FAIRsharing's editor reads before it asks Zenodo)",
        tags: ['publications'],
        querystring: Type.Object({ doi: Type.String({ maxLength: 300, description: 'a DOI, bare or as its https://doi.org/ address' }) }, { additionalProperties: false }),
      },
    },
    async (request) => app.references.lookUpDoiCitation(request.viewer, request.query.doi),
  );

  app.post(
    '/zenodo',
    {
      config: { access: 'reference.create' },
      schema: {
        summary: "Find the fields of a publication by its DOI in Zenodo (Zenodo's own DOIs and works deposited there)",
        tags: ['publications'],
        body: Type.Object({ doi: Type.String({ maxLength: 300, description: 'a DOI, bare or as its https://doi.org/ address' }) }, { additionalProperties: false }),
        response: { 200: FoundPublication },
      },
    },
    async (request) => app.references.lookUpZenodo(request.viewer, request.body.doi),
  );

  app.post(
    '/user_defined_tags',
    { config: { access: 'reference.create' }, schema: { summary: 'Add a tag (stored lower-case; an existing tag is answered as it is)', tags: ['vocabularies'], querystring: EditedRecordQuery, body: body('user_defined_tag', 'label'), response: { 201: savedRow({ id: Type.Integer(), label: Type.String() }) } } },
    async (request, reply) => reply.code(201).send(await app.references.createTag(request.viewer, request.body.user_defined_tag, request.query.fairsharing_record_id)),
  );
}
