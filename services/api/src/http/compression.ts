/**
 * Compresses answers the server builds in memory (JSON, the app's HTML page, GraphQL, CSV, XML)
 * once they pass ~1 KB, with brotli or gzip as the client's `Accept-Encoding` prefers. One global
 * onSend hook, so the pages the not-found handler serves are compressed as route answers are.
 * Streams (the catalogue exports) pass untouched, so they keep streaming batch by batch; files
 * of the web build come precompressed from the build (static-web.ts), already encoded, and
 * Swagger UI's files are compressed once per process (docs.ts).
 */
import fp from 'fastify-plugin';
import Negotiator from 'negotiator';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Below this many bytes, compressing saves less than it costs. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

const COMPRESSIBLE_TYPE = /^(?:text\/|application\/(?:[\w.-]+\+)?(?:json|xml|javascript)\b|image\/svg\+xml)/i;

const compressWith = {
  // Quality 4: most of brotli's gain at gzip's speed; the build's files get quality 11.
  br: (input: Buffer) => promisify(brotliCompress)(input, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }),
  gzip: (input: Buffer) => promisify(gzip)(input),
};
const ENCODINGS = Object.keys(compressWith) as (keyof typeof compressWith)[];

/** Negotiator 1.x takes the server's order for ties; its published types predate that option. */
interface EncodingNegotiator {
  encoding(available: readonly string[], options: { preferred: readonly string[] }): string | undefined;
}

/** Adds `Accept-Encoding` to `Vary`, keeping what is there. */
export function varyOnAcceptEncoding(reply: FastifyReply): void {
  const vary = String(reply.getHeader('vary') ?? '');
  if (vary === '*' || /(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(vary)) return;
  reply.header('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
}

export type Encoding = keyof typeof compressWith;

/** Whether an answer of this reply's type is worth compressing, and not already encoded. */
export function isCompressible(reply: FastifyReply): boolean {
  return !reply.hasHeader('content-encoding') && COMPRESSIBLE_TYPE.test(String(reply.getHeader('content-type') ?? ''));
}

/** The encoding the client takes, brotli first among encodings it weighs alike (as for the build's files). */
export function preferredEncoding(request: FastifyRequest): Encoding | undefined {
  const negotiator = new Negotiator({ headers: { 'accept-encoding': request.headers['accept-encoding'] ?? 'identity' } }) as unknown as EncodingNegotiator;
  const encoding = negotiator.encoding(ENCODINGS, { preferred: ENCODINGS });
  return encoding === 'br' || encoding === 'gzip' ? encoding : undefined;
}

export function compress(encoding: Encoding, body: Buffer): Promise<Buffer> {
  return compressWith[encoding](body);
}

export const compressionPlugin = fp(
  async (app) => {
    app.addHook('onSend', async (request, reply, payload) => {
      if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
      if (!isCompressible(reply)) return payload;
      const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
      if (body.length < COMPRESSION_THRESHOLD_BYTES) return payload;
      varyOnAcceptEncoding(reply);
      const encoding = preferredEncoding(request);
      // Sent as the bytes already made: the socket need not encode the text again.
      if (!encoding) return body;
      reply.header('content-encoding', encoding).removeHeader('content-length');
      return compress(encoding, body);
    });
  },
  { name: 'registry-compression' },
);
