/** OpenAPI document generated from the route schemas, browsable at /api/docs (JSON at /api/docs/json). */
import fp from 'fastify-plugin';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';

export interface DocsPluginOptions {
  siteName: string;
  publicUrl: string;
}

export const docsPlugin = fp<DocsPluginOptions>(
  async (app, options) => {
    await app.register(fastifySwagger, {
      openapi: {
        openapi: '3.0.3',
        info: {
          title: `${options.siteName} REST API`,
          description:
            'Open REST API of the registry. Search and record pages are also available through GraphQL at /graphql (explore it at /graphiql).',
          version: '1.0.0',
        },
        servers: [{ url: options.publicUrl }],
        components: {
          securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
        },
      },
    });
    await app.register(fastifySwaggerUi, {
      routePrefix: '/api/docs',
      // Swagger UI's own script and style files, with the CSP they need.
      staticCSP: true,
    });
  },
  { name: 'registry-docs' },
);
