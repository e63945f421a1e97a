/**
 * JSON bodies for every route. SPEC §7 has clients send `Content-Type: application/json` on every
 * call, also on calls without a body (posting to a search's `links.next`), so an empty or
 * blank body with that type is read as no body at all: a route that needs one answers with its own
 * validation message, one that does not simply runs. Any other body goes to Fastify's own JSON
 * parser, which keeps refusing prototype-poisoning keys.
 */
import fp from 'fastify-plugin';

export const jsonBodyPlugin = fp(
  async (app) => {
    const parseJson = app.getDefaultJsonParser(app.initialConfig.onProtoPoisoning ?? 'error', app.initialConfig.onConstructorPoisoning ?? 'error');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      const text = String(body);
      if (text.trim() === '') return done(null, undefined);
      return parseJson(request, text, done);
    });
  },
  { name: 'registry-json-body' },
);
