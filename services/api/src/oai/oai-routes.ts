/**
 * GET /oai and POST /oai (form-encoded): the OAI-PMH 2.0 endpoint. Protocol errors are OAI
 * documents with HTTP 200, as the protocol asks; the arguments are checked by the verb rules of
 * `oai-arguments.ts`, so the schema here only bounds their size.
 */
import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import type { RawArguments } from './oai-arguments.ts';

const ArgumentValue = Type.Union([Type.String({ maxLength: 2000 }), Type.Array(Type.String({ maxLength: 2000 }), { maxItems: 20 })]);
const OAI_ARGUMENT_NAMES = ['verb', 'identifier', 'metadataPrefix', 'from', 'until', 'set', 'resumptionToken'] as const;
/**
 * The protocol's arguments by name (so the OpenAPI document lists them as parameters), and any
 * other name too: an unknown argument is the verb rules' badArgument, an OAI answer, not a 400.
 */
const OaiArguments = Type.Object(
  Object.fromEntries(OAI_ARGUMENT_NAMES.map((name) => [name, Type.Optional(ArgumentValue)])),
  { additionalProperties: ArgumentValue, propertyNames: { maxLength: 100 }, maxProperties: 20 },
);

const FORM_BODY_LIMIT = 16 * 1024;

function argumentsOf(values: unknown): RawArguments {
  const raw = new Map<string, string[]>();
  for (const [name, value] of Object.entries((values ?? {}) as Record<string, string | string[]>)) {
    raw.set(name, Array.isArray(value) ? value : [value]);
  }
  return raw;
}

export async function oaiRoutes(app: FastifyInstance): Promise<void> {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT }, (_request, body, done) => {
    const form: Record<string, string[]> = {};
    for (const [name, value] of new URLSearchParams(body as string)) (form[name] ??= []).push(value);
    done(null, form);
  });

  const schema = { summary: 'OAI-PMH 2.0 (verbs Identify, ListMetadataFormats, ListSets, ListIdentifiers, ListRecords, GetRecord)', tags: ['harvesting'], produces: ['text/xml'] };

  app.get('/oai', { config: { access: 'anyone' }, schema: { ...schema, querystring: OaiArguments } }, async (request, reply) => {
    const xml = await app.harvesting.answerOaiRequest(argumentsOf(request.query));
    return reply.type('text/xml; charset=utf-8').send(xml);
  });
  app.post('/oai', { config: { access: 'anyone' }, schema: { ...schema, querystring: Type.Object({}, { additionalProperties: false }), body: OaiArguments, consumes: ['application/x-www-form-urlencoded'] } }, async (request, reply) => {
    const xml = await app.harvesting.answerOaiRequest(argumentsOf(request.body));
    return reply.type('text/xml; charset=utf-8').send(xml);
  });
}
