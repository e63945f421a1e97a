/**
 * The small operations port of a process: a worker's or scheduler's HEALTH_PORT, an api's
 * METRICS_PORT. GET /healthz (the process is alive), GET /readyz (it can do its work: 200 or 503
 * with the reasons, as the API's) and GET /metrics (Prometheus). Nothing else is served; it is
 * meant for the private network the monitoring reads from, not for the public.
 */
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Registry } from 'prom-client';
import type { ReadinessReport } from '../operations/health-routes.ts';

export interface HealthServerOptions {
  port: number;
  host: string;
  role: string;
  readiness: () => Promise<ReadinessReport & Record<string, unknown>>;
  metrics: Registry;
}

export interface RunningHealthServer {
  port: number;
  close(): Promise<void>;
}

function send(response: ServerResponse, status: number, type: string, body: string): void {
  response.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
  response.end(body);
}

async function answer(options: HealthServerOptions, path: string): Promise<{ status: number; type: string; body: string }> {
  switch (path) {
    case '/healthz':
      return { status: 200, type: 'application/json', body: JSON.stringify({ status: 'ok', role: options.role }) };
    case '/readyz': {
      const report = await options.readiness();
      return { status: report.ready ? 200 : 503, type: 'application/json', body: JSON.stringify({ role: options.role, ...report }) };
    }
    case '/metrics':
      return { status: 200, type: options.metrics.contentType, body: await options.metrics.metrics() };
    default:
      return { status: 404, type: 'application/json', body: JSON.stringify({ error: 'Not Found', statusCode: 404 }) };
  }
}

export async function startHealthServer(options: HealthServerOptions): Promise<RunningHealthServer> {
  const server: Server = createServer((request, response) => {
    if (request.method !== 'GET') return send(response, 405, 'application/json', JSON.stringify({ error: 'Method Not Allowed', statusCode: 405 }));
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    answer(options, path).then(
      ({ status, type, body }) => send(response, status, type, body),
      (error: unknown) => send(response, 500, 'application/json', JSON.stringify({ error: error instanceof Error ? error.message : String(error), statusCode: 500 })),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
