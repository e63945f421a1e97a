/**
 * The start-up data inside every page of the app (services/api/src/pages/startup-data.ts): the
 * answers the API gives to the app's own start-up queries, the site name and the modes, in a
 * data block no message text can break out of.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { INTROSPECTION_QUERY, MESSAGES_QUERY, STARTUP_DATA_ELEMENT_ID, isStartupData, type StartupData } from '@registry/schemas/web/startup-data.ts';
import { insertMessage } from '@registry/api/messages/message-repository.ts';
import { createIsolatedEnvironment, type IsolatedEnvironment } from '../support/environment.ts';
import { BROWSER_NAVIGATION, JSON_CLIENT, buildTestApp, fakeWebBuild, removeWebBuild } from './support.ts';
import { pageDataBlock } from './page-data-blocks.ts';

const INDEX_HTML = '<!doctype html><html><head><title>FAIRsharing</title></head><body><div id="root"></div></body></html>';
const HOSTILE_MESSAGE = 'Maintenance tonight </script><script>alert(1)</script><!-- & "quotes" \u2028 $&';

let env: IsolatedEnvironment;
let webDistDir: string;
let app: FastifyInstance;

beforeAll(async () => {
  env = await createIsolatedEnvironment('startup_data');
  await insertMessage(env.db, 'The registry moves to a new server on Monday.');
  await insertMessage(env.db, HOSTILE_MESSAGE);
  webDistDir = fakeWebBuild({ 'index.html': INDEX_HTML });
  app = await buildTestApp(env.config, { db: env.db, webDistDir });
});

afterAll(async () => {
  await app?.close();
  await env?.cleanup();
  removeWebBuild(webDistDir);
});

async function startupDataOf(server: FastifyInstance, url: string): Promise<StartupData> {
  const response = await server.inject({ url, headers: BROWSER_NAVIGATION });
  expect(response.headers['content-type']).toContain('text/html');
  const data = pageDataBlock(response.body, STARTUP_DATA_ELEMENT_ID);
  if (!isStartupData(data)) throw new Error(`${url}: no start-up data in the page`);
  return data;
}

async function apiAnswer(query: string): Promise<unknown> {
  const response = await app.inject({ method: 'POST', url: '/graphql', headers: JSON_CLIENT, payload: { query } });
  expect(response.statusCode).toBe(200);
  return response.json().data;
}

describe('the start-up data inside a page', () => {
  it.each(['/', '/search?q=gene', '/accounts/login', '/curator', '/no/such/page'])('%s carries what the app would ask at start-up', async (url) => {
    const data = await startupDataOf(app, url);
    expect(data.introspection).toEqual(await apiAnswer(INTROSPECTION_QUERY));
    expect({ messages: data.messages }).toEqual(await apiAnswer(MESSAGES_QUERY));
    expect(data.messages.map((message) => message.message)).toContain(HOSTILE_MESSAGE);
    expect(data.siteName).toBe(env.config.siteName);
    expect(data.modes).toEqual({ maintenance: false, readOnly: false });
  });

  it('keeps a message\'s text inside the data block', async () => {
    const response = await app.inject({ url: '/', headers: BROWSER_NAVIGATION });
    expect(response.body).not.toContain('<script>alert(1)');
    expect(response.body).not.toContain('<!--');
    // The block's own end and nothing else closes a script element.
    expect(response.body.match(/<\/script>/gi)).toHaveLength(1);
    expect((await startupDataOf(app, '/')).messages.find((message) => message.message.startsWith('Maintenance'))?.message).toBe(HOSTILE_MESSAGE);
  });

  it('names the modes in force', async () => {
    const readOnly = await buildTestApp({ ...env.config, readOnlyMode: true }, { db: env.db, webDistDir });
    try {
      expect((await startupDataOf(readOnly, '/')).modes).toEqual({ maintenance: false, readOnly: true });
    } finally {
      await readOnly.close();
    }
    const maintenance = await buildTestApp({ ...env.config, maintenanceMode: true }, { db: env.db, webDistDir });
    try {
      const data = await startupDataOf(maintenance, '/maintenance');
      expect(data.modes).toEqual({ maintenance: true, readOnly: false });
      // The app's own call would be refused in maintenance: it shows no messages.
      expect(data.messages).toEqual([]);
    } finally {
      await maintenance.close();
    }
  });

});
