/**
 * The resources an assistant may read by address: each record the caller may see as
 * `registry://records/{id}` (its JSON, and for a public record its DCAT description in Turtle),
 * and the subject and domain trees with each term's id and record counts.
 */
import type { FastifyInstance } from 'fastify';
import { ResourceTemplate, type McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { Viewer } from '@registry/schemas';
import { recordPageUrl } from '../kernel/record-page-url.ts';
import { BROWSE_VOCABULARY, GET_RECORD, runGraphql } from './mcp-graphql.ts';

export const RECORD_RESOURCE_TEMPLATE = 'registry://records/{id}';
const TREES = { subjects: 'subject', domains: 'domain' } as const;

export function registerResources(server: McpServer, { app, viewer }: { app: FastifyInstance; viewer: Viewer }): void {
  server.registerResource('record', new ResourceTemplate(RECORD_RESOURCE_TEMPLATE, { list: undefined }), {
    title: 'A record of the registry',
    description: 'One record (standard, database, policy or collection) as JSON, with its DCAT description in Turtle when it is public.',
    mimeType: 'application/json',
  }, async (uri, variables) => {
    const id = Number(variables.id);
    if (!Number.isSafeInteger(id) || id < 1) throw new Error(`${uri.href} names no record: the id is a whole number`);
    const answer = await runGraphql<{ fairsharingRecord: Record<string, unknown> | null }>(app, viewer, GET_RECORD, { id: String(id) });
    const record = answer.data?.fairsharingRecord;
    if (!record) throw new Error(`${uri.href}: record not found`);
    const turtle = await app.linkedData.recordDescription(id, 'text/turtle');
    return {
      contents: [
        { uri: uri.href, mimeType: 'application/json', text: JSON.stringify({ ...record, url: recordPageUrl(app.config.publicUrl, id) }) },
        ...(turtle ? [{ uri: uri.href, mimeType: 'text/turtle', text: turtle }] : []),
      ],
    };
  });

  for (const [name, vocabulary] of Object.entries(TREES)) {
    server.registerResource(`${name}-tree`, `registry://vocabularies/${name}`, {
      title: `The ${name} tree`,
      description: `Every ${vocabulary} with its id, definition, narrower terms and how many public records it annotates.`,
      mimeType: 'application/json',
    }, async (uri) => {
      const answer = await runGraphql<{ browseVocabulary: { data: unknown } }>(app, viewer, BROWSE_VOCABULARY, { id: vocabulary });
      if (!answer.data) throw new Error(answer.errors.map((error) => error.message).join('; '));
      return { contents: [{ uri: uri.href, mimeType: 'application/json', text: JSON.stringify(answer.data.browseVocabulary.data) }] };
    });
  }
}
