/**
 * Publication look-ups are jobs of the worker role, sent through the egress module: identical
 * look-ups share one job and a finished one answers again for a while; a look-up service whose
 * configured address is internal is refused unless EGRESS_ALLOW names it; with no worker the
 * request answers 503 with what to do, once its bound has passed, and withdraws its job.
 * They are fair: one client's flood is bounded (429 with retry-after) and never makes another
 * client's look-up miss its time, and a backlog at one service never delays another service's.
 */
import { Queue } from 'bullmq';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RegistryConfig } from '@registry/platform';
import { signUserToken } from '@registry/api/http/auth.ts';
import { LOOKUP_MESSAGES } from '@registry/api/references/publication-resolver.ts';
import { MAX_LOOKUPS_IN_FLIGHT, publicationLookupQueueName } from '@registry/api/references/publication-lookup-queue.ts';
import { startPublicationLookups, type RunningPublicationLookups } from '@registry/api/references/publication-lookup-jobs.ts';
import { createIsolatedEnvironment, type IsolatedEnvironment } from '../support/environment.ts';
import { buildTestApp } from '../api/support.ts';
import { cataloguePublications, publicationServicesConfig, startPublicationServices, type PublicationServices } from '../support/publication-services.ts';

const QUIET = { info: () => {}, warn: () => {}, error: () => {} };

let env: IsolatedEnvironment;
let services: PublicationServices;
/** The services answering in the time the real ones take. */
let slowServices: PublicationServices;
let userId = 0;
/** Other users, each a client of its own. */
let otherUserIds: number[] = [];
const running: { app: FastifyInstance; lookups?: RunningPublicationLookups }[] = [];

interface LookupAnswer {
  status: number;
  headers: Record<string, unknown>;
  body: Record<string, unknown>;
}

/**
 * An API app and, unless `worker` is false, a look-up worker, on a queue of their own (`queue`
 * names it); the worker keeps the real pace between calls to a service when `realPace` is set.
 */
async function registry(config: RegistryConfig, queue: string, worker = true, realPace = false): Promise<(url: string, asUser?: number) => Promise<LookupAnswer>> {
  const own = { ...config, queuePrefix: `${env.config.queuePrefix}:${queue}` };
  const app = await buildTestApp(own, { db: env.db });
  const lookups = worker ? startPublicationLookups(own, { log: QUIET, egress: realPace ? {} : { hostDelayMs: 0 } }) : undefined;
  running.push({ app, lookups });
  return async (url, asUser = userId) => {
    const token = await signUserToken(app, asUser);
    const response = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
    return { status: response.statusCode, headers: response.headers, body: response.json() };
  };
}

beforeAll(async () => {
  env = await createIsolatedEnvironment('publication_lookups');
  services = await startPublicationServices();
  slowServices = await startPublicationServices({ latencyMs: 400 });
  const users = await env.db('users').insert(['looker', 'flooder', 'editor', 'curious', 'patient'].map((username) => ({
    username, email: `${username}@example.org`, role: 'user', confirmed_at: env.db.fn.now(),
  }))).returning('id');
  [userId, ...otherUserIds] = users.map((user: { id: number }) => user.id);
});

afterAll(async () => {
  for (const { app, lookups } of running) {
    await app.close();
    await lookups?.stop();
  }
  await services?.close();
  await slowServices?.close();
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
    expect({ status: refused.status, body: refused.body }).toEqual({ status: 424, body: { error: 'Failed Dependency', statusCode: 424, message: LOOKUP_MESSAGES.refused } });
    expect(services.requests.length).toBe(before);
  });

  // The test's time-out is the bound's witness: the answer comes once the 300 ms wait is over.
  it('answers 503 with what to do when no worker takes the look-up, and withdraws the job', { timeout: 10_000 }, async () => {
    const config = { ...publicationServicesConfig(env.config, services), publicationLookupWaitMs: 300 };
    const lookUp = await registry(config, 'idle', false);
    const answer = await lookUp(`/publications/lookup?doi=${encodeURIComponent(paper!.doi!)}`);
    expect({ status: answer.status, body: answer.body }).toEqual({ status: 503, body: { error: 'Service Unavailable', statusCode: 503, message: 'The publication service did not answer; try again later or fill the fields in by hand.' } });
    const queue = new Queue(publicationLookupQueueName('crossref'), { connection: { url: env.config.redisUrl }, prefix: `${env.config.queuePrefix}:idle` });
    try {
      await vi.waitFor(async () => expect(await queue.getJobCounts('waiting', 'prioritized', 'active', 'completed')).toEqual({ waiting: 0, prioritized: 0, active: 0, completed: 0 }), { timeout: 5_000, interval: 50 });
    } finally {
      await queue.close();
    }
  });
});

const randomDoi = () => `10.1000/x${Math.random().toString(36).slice(2)}`;
const elapsedMs = async <T>(work: Promise<T>): Promise<{ answer: T; ms: number }> => {
  const started = performance.now();
  const answer = await work;
  return { answer, ms: performance.now() - started };
};

describe('fair look-ups', () => {
  it("bounds one client's look-ups waiting at once, and another client's look-up is answered in its time beside them", { timeout: 30_000 }, async () => {
    const lookUp = await registry(publicationServicesConfig(env.config, slowServices), 'flood', true, true);
    const [flooder, editor] = otherUserIds;
    const flood = Promise.all(Array.from({ length: 40 }, () => lookUp(`/publications/lookup?doi=${randomDoi()}`, flooder)));
    await new Promise((resolve) => setTimeout(resolve, 500));
    const { answer, ms } = await elapsedMs(lookUp(`/publications/lookup?doi=${encodeURIComponent(paper!.doi!)}`, editor));
    expect(answer).toMatchObject({ status: 200, body: { doi: paper!.doi } });
    // A look-up takes 400 ms and the service is paced at one call at a time: the editor's comes
    // after at most the flooder's first ones, far inside the 10 s bound.
    expect(ms).toBeLessThan(3_000);

    const floodAnswers = await flood;
    const refused = floodAnswers.filter((flooded) => flooded.status === 429);
    expect(refused).toHaveLength(40 - MAX_LOOKUPS_IN_FLIGHT);
    expect(refused[0]!.headers['retry-after']).toBe('1');
    expect(refused[0]!.body).toMatchObject({ error: 'Too Many Requests', message: expect.stringMatching(/^You have 3 publication look-ups waiting/) });
    expect(floodAnswers.filter((flooded) => flooded.status === 404)).toHaveLength(MAX_LOOKUPS_IN_FLIGHT);
    // Answered look-ups give their places back.
    expect((await lookUp(`/publications/lookup?doi=${randomDoi()}`, flooder)).status).toBe(404);
  });

  it("runs look-ups to different services side by side: a backlog at Crossref does not delay PubMed's", { timeout: 30_000 }, async () => {
    const lookUp = await registry(publicationServicesConfig(env.config, slowServices), 'services', true, true);
    const [, , curious, patient] = otherUserIds;
    // Three: as many as one client may have waiting.
    const crossrefBacklog = Promise.all(Array.from({ length: 3 }, () => lookUp(`/publications/lookup?doi=${randomDoi()}`, curious)));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const { answer, ms } = await elapsedMs(lookUp(`/publications/lookup?pubmed_id=${paper!.pubmedId}`, patient));
    expect(answer).toMatchObject({ status: 200, body: { pubmed_id: paper!.pubmedId } });
    // One 400 ms call, not behind the three Crossref calls (each 400 ms and a pause).
    expect(ms).toBeLessThan(1_500);
    expect((await crossrefBacklog).map((backlogged) => backlogged.status)).toEqual([404, 404, 404]);
  });
});
