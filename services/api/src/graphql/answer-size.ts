/**
 * A cap on the size of a GraphQL answer: the query limits bound what one request may ask for,
 * and this bounds what it sends, so no limit left too loose can make the server send a huge body.
 * An answer over the cap is replaced by a 400 that says why; one under it goes on as bytes.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { markRefusedForCost } from '../http/refused-for-cost.ts';

/** The largest answer of the client's own queries is a few hundred KB; a full download about 700 KB. */
export const MAX_ANSWER_BYTES = 8 * 1024 * 1024;

function answerTooLargeBody(bytes: number, maxBytes: number): string {
  return JSON.stringify({
    data: null,
    errors: [{
      message: `the answer is too large: ${bytes} bytes, the limit is ${maxBytes}; ask for fewer fields or records (the whole catalogue is at /export/records.json)`,
      extensions: { code: 'ANSWER_TOO_LARGE', bytes, maxBytes },
    }],
  });
}

/** An onSend hook for the routes whose URL is `path`. */
export function answerSizeCap(path: string, maxBytes: number = MAX_ANSWER_BYTES) {
  return async (request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> => {
    if (request.routeOptions.url !== path) return payload;
    // Encoded once here: the compression and the socket take the bytes as they are, where a
    // string of a megabyte was measured, encoded for compression, then encoded again to be sent.
    const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
    const bytes = Buffer.isBuffer(body) ? body.length : 0;
    if (bytes <= maxBytes) return body;
    markRefusedForCost(request);
    reply.code(400).header('content-type', 'application/json; charset=utf-8');
    return answerTooLargeBody(bytes, maxBytes);
  };
}
