/**
 * GET /healthz: is every backing service up, and how far behind is indexing? 200 only when all
 * are up. GET /readyz: may this process take traffic (Postgres answers, the OpenSearch cluster is
 * not red, the search alias exists, and the process is not stopping)? A load balancer sends
 * requests only to a ready process. Each probe has a short time limit so the answer is quick
 * even when a service hangs.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Type, type Static } from '@sinclair/typebox';
import type { SearchClient } from '@registry/platform';
import { recordsAlias } from '@registry/schemas';

declare module 'fastify' {
  interface FastifyInstance {
    /** Set when the process is stopping: /readyz answers 503 from then on, requests are still served. */
    readiness: { draining: boolean };
  }
}

const PROBE_TIMEOUT_MS = 1_500;

const ServiceState = Type.Union([Type.Literal('up'), Type.Literal('down')]);

export const HealthReport = Type.Object({
  status: Type.Union([Type.Literal('ok'), Type.Literal('degraded')]),
  postgres: ServiceState,
  redis: ServiceState,
  opensearch: ServiceState,
  queue: Type.Object({
    waiting: Type.Union([Type.Integer(), Type.Null()]),
    delayed: Type.Union([Type.Integer(), Type.Null()]),
    failed: Type.Union([Type.Integer(), Type.Null()]),
    outboxPending: Type.Union([Type.Integer(), Type.Null()]),
  }),
  /** Names of the services that are down, and why (no internals beyond the failing call). */
  errors: Type.Optional(Type.Record(Type.String(), Type.String())),
});
export type HealthReport = Static<typeof HealthReport>;

class ProbeTimeout extends Error {}

async function withTimeout<T>(work: () => Promise<T>, label: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      work(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new ProbeTimeout(`${label} did not answer within ${PROBE_TIMEOUT_MS} ms`)), PROBE_TIMEOUT_MS);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

type ProbeResult<T> = { ok: true; value: T } | { ok: false; reason: string };

async function probe<T>(label: string, work: () => Promise<T>): Promise<ProbeResult<T>> {
  try {
    return { ok: true, value: await withTimeout(work, label) };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { ok: false, reason: reason.slice(0, 300) || `${label} failed` };
  }
}

export const ReadinessReport = Type.Object({
  ready: Type.Boolean(),
  draining: Type.Boolean(),
  postgres: ServiceState,
  /** The cluster's health status, or `down` when it does not answer. */
  opensearch: Type.Union([Type.Literal('green'), Type.Literal('yellow'), Type.Literal('red'), Type.Literal('down')]),
  alias: Type.Union([Type.Literal('present'), Type.Literal('missing'), Type.Literal('unknown')]),
  errors: Type.Optional(Type.Record(Type.String(), Type.String())),
});
export type ReadinessReport = Static<typeof ReadinessReport>;

export interface ReadinessProbes {
  pingDatabase(): Promise<unknown>;
  searchClient: SearchClient;
  indexPrefix: string;
  draining: boolean;
}

/** Whether a process on these connections can do its work; shared by every process role. */
export async function checkReadiness(probes: ReadinessProbes): Promise<ReadinessReport> {
  // No retry count of its own: the client's (one further try per other node) lets a probe that
  // meets a dead node of a cluster ask the next one.
  const requestOptions = { requestTimeout: PROBE_TIMEOUT_MS };
  const [postgres, cluster, alias] = await Promise.all([
    probe('postgres', () => probes.pingDatabase()),
    probe('opensearch', async () => (await probes.searchClient.cluster.health({}, requestOptions)).body.status),
    probe('opensearch alias', async () => (await probes.searchClient.indices.existsAlias({ name: recordsAlias(probes.indexPrefix) }, requestOptions)).body),
  ]);
  const errors: Record<string, string> = {};
  if (!postgres.ok) errors.postgres = postgres.reason;
  if (!cluster.ok) errors.opensearch = cluster.reason;
  if (!alias.ok) errors.alias = alias.reason;
  else if (!alias.value) errors.alias = `${recordsAlias(probes.indexPrefix)} does not exist (npm run reindex builds it)`;
  const opensearch = !cluster.ok ? 'down' : cluster.value === 'green' || cluster.value === 'yellow' ? cluster.value : 'red';
  if (opensearch === 'red') errors.opensearch = 'the cluster is red: a primary shard is missing';
  const report: ReadinessReport = {
    ready: !probes.draining && Object.keys(errors).length === 0,
    draining: probes.draining,
    postgres: postgres.ok ? 'up' : 'down',
    opensearch,
    alias: alias.ok ? (alias.value ? 'present' : 'missing') : 'unknown',
  };
  if (Object.keys(errors).length > 0) report.errors = errors;
  return report;
}

export async function checkHealth(app: FastifyInstance): Promise<HealthReport> {
  const [postgres, outbox, opensearch, redis, counts] = await Promise.all([
    probe('postgres', () => app.operations.pingDatabase()),
    probe('postgres', () => app.operations.pendingOutboxCount()),
    probe('opensearch', () => app.searchClient.ping({}, { requestTimeout: PROBE_TIMEOUT_MS })),
    probe('redis', () => app.redis.ping()),
    probe('redis', () => app.indexQueue.getJobCounts('waiting', 'delayed', 'failed')),
  ]);
  const errors: Record<string, string> = {};
  if (!postgres.ok) errors.postgres = postgres.reason;
  if (!opensearch.ok) errors.opensearch = opensearch.reason;
  if (!redis.ok) errors.redis = redis.reason;
  const report: HealthReport = {
    status: postgres.ok && opensearch.ok && redis.ok ? 'ok' : 'degraded',
    postgres: postgres.ok ? 'up' : 'down',
    redis: redis.ok ? 'up' : 'down',
    opensearch: opensearch.ok ? 'up' : 'down',
    queue: {
      waiting: counts.ok ? (counts.value.waiting ?? 0) : null,
      delayed: counts.ok ? (counts.value.delayed ?? 0) : null,
      failed: counts.ok ? (counts.value.failed ?? 0) : null,
      outboxPending: outbox.ok ? outbox.value : null,
    },
  };
  if (Object.keys(errors).length > 0) report.errors = errors;
  return report;
}

export const healthRoutes = fp(async (app: FastifyInstance): Promise<void> => {
  app.decorate('readiness', { draining: false });
  app.get(
    '/healthz',
    {
      schema: {
        summary: 'Health of the server and its backing services',
        tags: ['operations'],
        response: { 200: HealthReport, 503: HealthReport },
      },
    },
    async (_request, reply) => {
      const report = await checkHealth(app);
      return reply.code(report.status === 'ok' ? 200 : 503).header('cache-control', 'no-store').send(report);
    },
  );

  app.get(
    '/readyz',
    {
      schema: {
        summary: 'Whether this process takes traffic: Postgres answers, the OpenSearch cluster is not red, the search alias exists, the process is not stopping',
        tags: ['operations'],
        response: { 200: ReadinessReport, 503: ReadinessReport },
      },
    },
    async (_request, reply) => {
      const report = await checkReadiness({ pingDatabase: app.operations.pingDatabase, searchClient: app.searchClient, indexPrefix: app.config.indexPrefix, draining: app.readiness.draining });
      return reply.code(report.ready ? 200 : 503).header('cache-control', 'no-store').send(report);
    },
  );
}, { name: 'registry-health' });
