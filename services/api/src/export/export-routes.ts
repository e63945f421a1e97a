/**
 * GET /export/records.json and /export/records.csv: the open dump of every public record,
 * no login needed: built from Postgres batch by batch once per version of the catalogue, then
 * sent from its kept file (kernel/kept-files.ts).
 */
import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import { recordsCsv } from './records-csv.ts';

const NoQuery = Type.Object({}, { additionalProperties: false });

async function* jsonArrayChunks(batches: AsyncIterable<unknown[]>): AsyncGenerator<string> {
  let first = true;
  yield '[';
  for await (const batch of batches) {
    for (const record of batch) {
      yield `${first ? '\n' : ',\n'}${JSON.stringify(record)}`;
      first = false;
    }
  }
  yield first ? ']\n' : '\n]\n';
}

export async function exportRoutes(app: FastifyInstance): Promise<void> {
  const site = { publicUrl: app.config.publicUrl };
  app.addHook('onClose', () => app.export.dumps.clear());

  app.get(
    '/export/records.json',
    {
      schema: {
        summary: 'All public records as one JSON array (streamed)',
        tags: ['open data'],
        querystring: NoQuery,
        response: { 200: Type.Array(Type.Object({}, { additionalProperties: true })) },
      },
    },
    async (_request, reply) => {
      const body = await app.export.dumps.stream('records.json', () => jsonArrayChunks(app.export.readPublicRecordBatches()));
      return reply
        .type('application/json; charset=utf-8')
        .header('content-disposition', 'inline; filename="records.json"')
        .send(body);
    },
  );

  app.get(
    '/export/records.csv',
    {
      schema: {
        summary: 'All public records as CSV (streamed)',
        tags: ['open data'],
        querystring: NoQuery,
        produces: ['text/csv'],
      },
    },
    async (_request, reply) => {
      async function* csvChunks(): AsyncGenerator<string> {
        let header = true;
        for await (const batch of app.export.readPublicRecordBatches()) {
          yield recordsCsv(batch, site, { header });
          header = false;
        }
        if (header) yield recordsCsv([], site, { header: true });
      }
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="records.csv"')
        .send(await app.export.dumps.stream('records.csv', csvChunks));
    },
  );
}
