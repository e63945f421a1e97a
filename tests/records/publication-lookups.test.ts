/**
 * Publication look-ups are jobs of the worker role, sent through the egress module: identical
 * look-ups share one job and a finished one answers again for a while; a look-up service whose
 * configured address is internal is refused unless EGRESS_ALLOW names it; with no worker the
 * request answers 503 with what to do, once its bound has passed, and withdraws its job.
 */
import { Queue } from 'bullmq';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RegistryConfig } from '@registry/platform';
import { signUserToken } from '@registry/api/plugins/auth.ts';
import { LOOKUP_MESSAGES } from '@registry/api/references/publication-resolver.ts';
import { PUBLICATION_LOOKUP_QUEUE_NAME } from '@registry/api/references/publication-lookup-queue.ts';
import { startPublicationLookups, type RunningPublicationLookups } from '@registry/api/references/publication-lookup-jobs.ts';
import { createIsolatedEnvironment, type IsolatedEnvironment } from '../support/environment.ts';
import { buildTestApp } from '../api/support.ts';
import { cataloguePublications, publicationServicesConfig, startPublicationServices, type PublicationServices } from '../support/publication-services.ts';

const QUIET = { info: () => {}, warn: () => {}, error: () => {} };

let env: IsolatedEnvironment;
let services: PublicationServices;
let userId = 0;
const running: { app: FastifyInstance; lookups?: RunningPublicationLookups }[] = [];

/** An API app and, unless `worker` is false, a look-up worker, on a queue of their own (`queue` names it). */
async function registry(config: RegistryConfig, queue: string, worker = true): Promise<(url: string) => Promise<{ status: number; body: Record<string, unknown> }>> {
  const own = { ...config, queuePrefix: `${env.config.queuePrefix}:${queue}` };
  const app = await buildTestApp(own, { db: env.db });
  const lookups = worker ? startPublicationLookups(own, { log: QUIET, egress: { hostDelayMs: 0 } }) : undefined;
  running.push({ app, lookups });
  const token = await signUserToken(app, userId);
  return async (url) => {
    const response = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
    return { status: response.statusCode, body: response.json() };
  };
}

beforeAll(async () => {
  env = await createIsolatedEnvironment('publication_lookups');
  services = await startPublicationServices();
  const [user] = await env.db('users').insert({ username: 'looker', email: 'looker@example.org', role: 'user', confirmed_at: env.db.fn.now() }).returning('id');
  userId = user.id;
});

afterAll(async () => {
  for (const { app, lookups } of running) {
    await app.close();
    await lookups?.stop();
  }
  await services?.close();
  await env?.cleanup();
});

const [paper] = cataloguePublications().filter((publication) => publication.doi && publication.pubmedId);
const crossrefCalls = () => services.requests.filter((path) => path.startsWith('/crossref/')).length;

describe('look-ups through the worker', () => {
  it('shares one job between identical look-ups in flight and answers the same look-up again from it', async () => {
    const lookUp = await registry(publicationServicesConfig(env.config, services), 'shared');
    const before = crossrefCalls();
    const answers = await Promise.all([
      lookUp(`/publications/lookup?doi=${encodeURIComponent(paper!.doi!)}`),
      lookUp(`/publications/lookup?doi=${encodeURIComponent(paper!.doi!.toUpperCase())}`),
      lookUp(`/publications/lookup?doi=${encodeURIComponent(`https://doi.org/${paper!.doi}`)}`),
    ]);
    for (const answer of answers) expect(answer).toMatchObject({ status: 200, body: { doi: paper!.doi, title: paper!.title } });
    const again = await lookUp(`/publications/lookup?doi=${encodeURIComponent(paper!.doi!)}`);
    expect(again.body).toEqual(answers[0]!.body);
    expect(crossrefCalls() - before).toBe(1);
    // A different look-up is a job of its own.
    expect((await lookUp(`/publications/lookup?pubmed_id=${paper!.pubmedId}`)).body).toMatchObject({ pubmed_id: paper!.pubmedId });
  });

  it('refuses a look-up service whose configured name resolves to an internal address unless EGRESS_ALLOW names it', async () => {
    const port = new URL(services.crossrefUrl).port;
    const config = { ...env.config, publicationResolvers: { ...env.config.publicationResolvers, crossrefUrl: `http://localhost:${port}/crossref` }, egressAllow: [] };
    const lookUp = await registry(config, 'refused');
    const before = services.requests.length;
    const refused = await lookUp(`/publications/lookup?doi=${encodeURIComponent(paper!.doi!)}`);
    expect(refused).toEqual({ status: 424, body: { error: 'Failed Dependency', statusCode: 424, message: LOOKUP_MESSAGES.refused } });
    expect(services.requests.length).toBe(before);
  });

  // The test's time-out is the bound's witness: the answer comes once the 300 ms wait is over.
  it('answers 503 with what to do when no worker takes the look-up, and withdraws the job', { timeout: 10_000 }, async () => {
    const config = { ...publicationServicesConfig(env.config, services), publicationLookupWaitMs: 300 };
    const lookUp = await registry(config, 'idle', false);
    const answer = await lookUp(`/publications/lookup?doi=${encodeURIComponent(paper!.doi!)}`);
    expect(answer).toEqual({ status: 503, body: { error: 'Service Unavailable', statusCode: 503, message: 'The publication service did not answer; try again later or fill the fields in by hand.' } });
    const queue = new Queue(PUBLICATION_LOOKUP_QUEUE_NAME, { connection: { url: env.config.redisUrl }, prefix: `${env.config.queuePrefix}:idle` });
    try {
      await vi.waitFor(async () => expect(await queue.getJobCounts('waiting', 'active', 'completed')).toEqual({ waiting: 0, active: 0, completed: 0 }), { timeout: 5_000, interval: 50 });
    } finally {
      await queue.close();
    }
  });
});
