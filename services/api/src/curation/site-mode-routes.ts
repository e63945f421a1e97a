/**
 * Site modes at run time (SPEC §4):
 *   GET /api/site_modes                                the modes in force
 *   PUT /api/site_modes {maintenance?, read_only?}     switch them (super curators)
 */
import type { FastifyInstance } from 'fastify';
import type { RouteInputsProvider } from '../route-inputs.ts';
import { Type } from '@sinclair/typebox';

export const SITE_MODES_ROUTE = '/api/site_modes';

const Modes = Type.Object({ maintenance: Type.Boolean(), read_only: Type.Boolean() });

export async function siteModeRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<RouteInputsProvider>();
  const inForce = () => {
    const modes = app.siteModes.current();
    return { maintenance: modes.maintenance, read_only: modes.readOnly };
  };

  app.get(SITE_MODES_ROUTE, { schema: { summary: 'The site modes in force', tags: ['site'], response: { 200: Modes } } }, async () => inForce());

  app.put(
    SITE_MODES_ROUTE,
    {
      config: { access: 'site.switchModes' },
      schema: {
        summary: 'Switch maintenance or read-only mode (super curators); every server process follows within seconds',
        tags: ['site'],
        body: Type.Object({ maintenance: Type.Optional(Type.Boolean()), read_only: Type.Optional(Type.Boolean()) }, { additionalProperties: false, minProperties: 1 }),
        response: { 200: Modes },
      },
    },
    async (request, reply) => {
      await app.curation.switchSiteModes(request.viewer, { maintenance: request.body.maintenance, readOnly: request.body.read_only });
      await app.siteModes.refresh();
      const modes = inForce();
      // This answer already follows the new modes.
      if (modes.maintenance) reply.header('maintenance', 'true');
      if (modes.read_only) reply.header('read-only', 'true');
      return modes;
    },
  );
}
