/**
 * The public catalogue as DCAT (linked-data-service.ts), no login needed, built from Postgres once
 * per version of the catalogue and sent from its kept file (kernel/kept-files.ts):
 *   GET /catalog.ttl              Turtle
 *   GET /catalog.jsonld           JSON-LD (the same graph; also /export/records.jsonld)
 *   GET /export/records.nt        N-Triples
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { Type } from '@sinclair/typebox';
import type { Readable } from 'node:stream';
import { RDF_MEDIA_TYPES } from './rdf-formats.ts';

const NoQuery = Type.Object({}, { additionalProperties: false });

export async function linkedDataRoutes(app: FastifyInstance): Promise<void> {
  const schema = (summary: string, mediaType: string) => ({ summary, tags: ['open data'], querystring: NoQuery, produces: [mediaType] });
  const send = async (reply: FastifyReply, mediaType: string, filename: string, build: () => Readable) =>
    reply.type(`${mediaType}; charset=utf-8`).header('content-disposition', `inline; filename="${filename}"`).send(await app.linkedData.dumps.stream(filename, build));
  app.addHook('onClose', () => app.linkedData.dumps.clear());

  app.get('/catalog.ttl', { schema: schema('The public catalogue as DCAT, in Turtle (streamed)', RDF_MEDIA_TYPES.turtle) }, async (_request, reply) =>
    send(reply, RDF_MEDIA_TYPES.turtle, 'catalog.ttl', () => app.linkedData.catalogueRdfStream('turtle')),
  );
  app.get('/export/records.nt', { schema: schema('The public catalogue as DCAT, in N-Triples (streamed)', RDF_MEDIA_TYPES.ntriples) }, async (_request, reply) =>
    send(reply, RDF_MEDIA_TYPES.ntriples, 'records.nt', () => app.linkedData.catalogueRdfStream('ntriples')),
  );
  for (const [path, filename] of [['/catalog.jsonld', 'catalog.jsonld'], ['/export/records.jsonld', 'records.jsonld']]) {
    app.get(path, { schema: schema('The public catalogue as DCAT, in JSON-LD (streamed)', RDF_MEDIA_TYPES.jsonld) }, async (_request, reply) =>
      send(reply, RDF_MEDIA_TYPES.jsonld, filename, () => app.linkedData.catalogueJsonLdStream()),
    );
  }
}
