/**
 * HTTP requests sent from a chosen local address, so that one machine can play many clients: the
 * whole 127.0.0.0/8 range is loopback on Linux, and a connection bound to 127.0.0.6 reaches the
 * load balancer as a visitor at 127.0.0.6 (as curl's `--interface` does). Used by the cluster's
 * client-address test and by scripts/bench/cluster.ts. Each client keeps its connections alive.
 */
import { Agent, request } from 'node:http';

export interface ClientAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  /** Milliseconds from sending to the last byte. */
  ms: number;
}

export interface AddressedClient {
  address: string;
  send(url: string, options?: { method?: string; headers?: Record<string, string>; body?: unknown }): Promise<ClientAnswer>;
  close(): void;
}

/** A client whose connections leave from `address` (e.g. `127.0.0.6`). */
export function clientFromAddress(address: string): AddressedClient {
  const agent = new Agent({ keepAlive: true, localAddress: address, maxSockets: 4 });
  return {
    address,
    send(url, { method = 'GET', headers = {}, body } = {}) {
      const payload = body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body);
      const started = performance.now();
      return new Promise<ClientAnswer>((resolve, reject) => {
        const outgoing = request(url, {
          method,
          agent,
          headers: { accept: 'application/json', ...(payload === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
          timeout: 30_000,
        }, (incoming) => {
          const chunks: Buffer[] = [];
          incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
          incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, body: Buffer.concat(chunks).toString('utf8'), ms: performance.now() - started }));
          incoming.on('error', reject);
        });
        outgoing.on('timeout', () => outgoing.destroy(new Error(`${method} ${url} from ${address}: no answer within 30 s`)));
        outgoing.on('error', reject);
        outgoing.end(payload);
      });
    },
    close: () => agent.destroy(),
  };
}
