/**
 * Curators' downloads, CSV text by default; a request that prefers `application/json` (as
 * FAIRsharing's dashboard asks them) gets the same rows as a JSON list of CSV lines:
 *   GET /files/no_dois          records without a DOI, with the reason
 *   GET /files/creation_dates   records created per month, per registry
 *   GET /files/edit_dates       edits per month
 */
import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import { csvLines, csvText } from '../export/csv-text.ts';
import { preferredMediaType } from '../kernel/media-type.ts';

/** Each file and the curation service's action that builds its rows. */
const FILES = {
  no_dois: { summary: 'Records without a DOI, with the reason (curators)', build: 'recordsWithoutDoiRows' },
  creation_dates: { summary: 'Records created per month and registry (curators)', build: 'creationDatesRows' },
  edit_dates: { summary: 'Edits per month (curators)', build: 'editDatesRows' },
} as const;

/** CSV first: a browser's link, `*\/*` or no Accept header gets the file. */
const FILE_MEDIA_TYPES = ['text/csv', 'application/json'];

const FileAnswer = {
  description: 'The rows, a heading row first: CSV text, or (Accept: application/json) a list of CSV lines',
  content: {
    'text/csv': { schema: Type.String() },
    'application/json': { schema: Type.Array(Type.String()) },
  },
};

export async function curationFileRoutes(app: FastifyInstance): Promise<void> {
  for (const [name, file] of Object.entries(FILES)) {
    app.get(
      `/files/${name}`,
      { config: { access: 'curation.dashboard' }, schema: { summary: file.summary, tags: ['curation'], produces: FILE_MEDIA_TYPES, response: { 200: FileAnswer } } },
      async (request, reply) => {
        const rows = await app.curation[file.build](request.viewer);
        if (preferredMediaType(request, FILE_MEDIA_TYPES) === 'application/json') return reply.type('application/json; charset=utf-8').send(csvLines(rows));
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${name}.csv"`)
          .send(csvText(rows, 'lf'));
      },
    );
  }
}
