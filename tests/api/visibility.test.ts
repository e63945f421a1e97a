/** Hidden and unapproved records never appear in the sitemap, the open dumps or the home figures. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { seedDemoCatalogue } from '../../scripts/seed/seed-demo-catalogue.ts';
import { createIsolatedEnvironment, type IsolatedEnvironment } from '../support/environment.ts';
import { buildTestApp } from './support.ts';

let env: IsolatedEnvironment;
let app: FastifyInstance;
let hiddenId: number;
let unapprovedId: number;
let publicStandards: number;

beforeAll(async () => {
  env = await createIsolatedEnvironment('api_visibility');
  await seedDemoCatalogue(env.db);
  hiddenId = 2; // LOINC
  await env.db('records').where({ id: hiddenId }).update({ is_hidden: true });
  const database = await env.db('records')
    .join('registries', 'registries.id', 'records.registry_id')
    .whereRaw("lower(registries.name) = 'database'")
    .orderBy('records.id')
    .first('records.id');
  unapprovedId = database.id;
  await env.db('records').where({ id: unapprovedId }).update({ is_approved: false });
  const standards = await env.db('records')
    .join('registries', 'registries.id', 'records.registry_id')
    .whereRaw("lower(registries.name) = 'standard'")
    .where({ is_hidden: false, is_approved: true })
    .count<{ count: string }[]>({ count: '*' });
  publicStandards = Number(standards[0].count);
  app = await buildTestApp(env.config, { db: env.db });
});

afterAll(async () => {
  await app?.close();
  await env?.cleanup();
});

describe('non-public records', () => {
  it('are not in the sitemap', async () => {
    const body = (await app.inject({ url: '/sitemap.xml' })).body;
    const publicUrl = app.config.publicUrl;
    expect(body).not.toContain(`<loc>${publicUrl}/${hiddenId}</loc>`);
    expect(body).not.toContain(`<loc>${publicUrl}/${unapprovedId}</loc>`);
    expect(body).toContain(`<loc>${publicUrl}/3</loc>`);
  });

  it('are not in the JSON dump', async () => {
    const ids = (await app.inject({ url: '/export/records.json' })).json().map((record: { id: number }) => record.id);
    expect(ids.length).toBeGreaterThan(1_000);
    expect(ids).not.toContain(hiddenId);
    expect(ids).not.toContain(unapprovedId);
  });

  it('are not in the CSV dump', async () => {
    const lines = (await app.inject({ url: '/export/records.csv' })).body.split('\r\n');
    expect(lines.some((line) => line.startsWith(`${hiddenId},`))).toBe(false);
    expect(lines.some((line) => line.startsWith(`${unapprovedId},`))).toBe(false);
  });

  it('are not counted on the home page', async () => {
    const stats = (await app.inject({ url: '/homepage_stats' })).json();
    expect(stats.records.standard).toBe(publicStandards);
  });
});
