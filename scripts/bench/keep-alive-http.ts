/**
 * The plain HTTP/1.1 client of the benches: one keep-alive agent (up to one connection per
 * concurrent client), answers read whole, anything but 200 an error. Every side of a comparison
 * is asked with it, so the load generator weighs the same on each: global `fetch` costs the
 * asking process two to three times the CPU per request of node:http, which on a 2-core
 * machine comes off whatever it measures.
 */
import { Agent, request } from 'node:http';

export interface KeepAliveClient {
  /** The answer's body; rejects with an HttpStatusError unless the status is 200. */
  send(method: 'GET' | 'POST', path: string, body?: string, extraHeaders?: Record<string, string>): Promise<string>;
  close(): void;
}

/** An answer other than 200, with its status. */
export class HttpStatusError extends Error {
  constructor(readonly status: number, message: string) {
    super(message);
  }
}

/** `localAddress`: the address the client connects from (another loopback address is another client to the server). */
export function keepAliveClient(origin: string, maxSockets = 64, localAddress?: string): KeepAliveClient {
  const { hostname, port } = new URL(origin);
  const agent = new Agent({ keepAlive: true, maxSockets });
  return {
    send: (method, path, body, extraHeaders = {}) =>
      new Promise((resolve, reject) => {
        const headers: Record<string, string | number> = { accept: 'application/json', ...extraHeaders };
        if (body !== undefined) Object.assign(headers, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
        const outgoing = request({ host: hostname, port, method, path, agent, headers, localAddress }, (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => {
            const text = Buffer.concat(chunks).toString();
            if (response.statusCode !== 200) reject(new HttpStatusError(response.statusCode ?? 0, `${method} ${path.slice(0, 100)} answered ${response.statusCode}: ${text.slice(0, 200)}`));
            else resolve(text);
          });
          response.on('error', reject);
        });
        outgoing.on('error', reject);
        outgoing.end(body);
      }),
    close: () => agent.destroy(),
  };
}
