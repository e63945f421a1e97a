/**
 * GET /api/guide: the guide for scripts (docs/api.md: paging, searching, signing in, with curl,
 * Python and JavaScript examples run by the tests), as plain text so any browser shows it. The
 * /API_doc page links its sections with text fragments (`#:~:text=%23%23%20Searching`).
 */
import type { FastifyInstance } from 'fastify';
import { readFile } from 'node:fs/promises';

export const API_GUIDE_PATH = '/api/guide';
const GUIDE_FILE = new URL('../../../../docs/api.md', import.meta.url);

export async function apiGuideRoutes(app: FastifyInstance): Promise<void> {
  const guide = await readFile(GUIDE_FILE, 'utf8');
  app.get(
    API_GUIDE_PATH,
    { schema: { summary: 'The guide to the API for scripts (docs/api.md), as Markdown text', tags: ['open data'] } },
    async (_request, reply) => reply.type('text/plain; charset=utf-8').header('cache-control', 'no-cache').send(guide),
  );
}
