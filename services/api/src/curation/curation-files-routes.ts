/**
 * Curators' downloads (CSV):
 *   GET /files/no_dois          records without a DOI, with the reason
 *   GET /files/creation_dates   records created per month, per registry
 *   GET /files/edit_dates       edits per month
 */
import type { FastifyInstance } from 'fastify';

/** Each file and the curation service's action that builds it. */
const FILES = {
  no_dois: { summary: 'Records without a DOI, with the reason (curators)', build: 'recordsWithoutDoiCsv' },
  creation_dates: { summary: 'Records created per month and registry (curators)', build: 'creationDatesCsv' },
  edit_dates: { summary: 'Edits per month (curators)', build: 'editDatesCsv' },
} as const;

export async function curationFileRoutes(app: FastifyInstance): Promise<void> {
  for (const [name, file] of Object.entries(FILES)) {
    app.get(
      `/files/${name}`,
      { config: { access: 'curation.dashboard' }, schema: { summary: file.summary, tags: ['curation'], produces: ['text/csv'] } },
      async (request, reply) => {
        const body = await app.curation[file.build](request.viewer);
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${name}.csv"`)
          .send(body);
      },
    );
  }
}
