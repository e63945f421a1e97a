/**
 * A local webhook receiver speaking plain HTTP, as a consumer would run one: it keeps every
 * request (path, Standard Webhooks headers, raw body) and answers each path with the status set
 * for it (204 by default, 503 while it is "down"), after the delay set for it (none by default:
 * a slow receiver). Used by the webhook tests and the bench.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedDelivery {
  path: string;
  id: string;
  timestamp: string;
  signature: string;
  body: string;
  payload: { type: string; timestamp: string; data: Record<string, unknown> & { recordId?: number } };
  receivedAt: number;
}

export interface Receiver {
  /** `127.0.0.1:<port>`, for the egress allow-list. */
  hostPort: string;
  url(path: string): string;
  received: ReceivedDelivery[];
  /** The status a path answers from now on. */
  answer(path: string, status: number): void;
  /** How long a path takes to answer from now on (its delivery is kept when it arrives). */
  delay(path: string, ms: number): void;
  /** Called with each delivery taken (2xx). */
  onDelivery?: (delivery: ReceivedDelivery) => void;
  close(): Promise<void>;
}

/** The receiver's side of Standard Webhooks: one of the space-separated `v1,` signatures is the HMAC-SHA256 of id.timestamp.body under the secret's key. */
export function verifySignature(secret: string, delivery: Pick<ReceivedDelivery, 'id' | 'timestamp' | 'body' | 'signature'>): boolean {
  const expected = createHmac('sha256', Buffer.from(secret.replace(/^whsec_/, ''), 'base64')).update(`${delivery.id}.${delivery.timestamp}.${delivery.body}`).digest();
  return delivery.signature.split(' ').some((signature) => {
    const [version, value] = signature.split(',');
    const given = Buffer.from(value ?? '', 'base64');
    return version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected);
  });
}

export async function startReceiver(): Promise<Receiver> {
  const statuses = new Map<string, number>();
  const delays = new Map<string, number>();
  const receiver: Receiver = {
    hostPort: '',
    url: () => '',
    received: [],
    answer: (path, status) => void statuses.set(path, status),
    delay: (path, ms) => void delays.set(path, ms),
    close: () => new Promise((resolve) => {
      server.close(() => resolve());
      // A slow receiver's answers still pending would hold the server open.
      server.closeAllConnections();
    }),
  };
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = new URL(request.url ?? '/', 'http://receiver').pathname;
      const status = statuses.get(path) ?? 204;
      if (status >= 200 && status < 300) {
        const body = Buffer.concat(chunks).toString();
        const delivery: ReceivedDelivery = {
          path, body, payload: JSON.parse(body), receivedAt: Date.now(),
          id: String(request.headers['webhook-id']), timestamp: String(request.headers['webhook-timestamp']), signature: String(request.headers['webhook-signature']),
        };
        receiver.received.push(delivery);
        receiver.onDelivery?.(delivery);
      }
      const delayMs = delays.get(path) ?? 0;
      if (delayMs > 0) setTimeout(() => response.writeHead(status).end(), delayMs);
      else response.writeHead(status).end();
    });
  });
  server.keepAliveTimeout = 1_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  receiver.hostPort = `127.0.0.1:${port}`;
  receiver.url = (path) => `http://127.0.0.1:${port}${path}`;
  return receiver;
}
