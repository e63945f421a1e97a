/**
 * Secrets never reach a log line. Request URLs lose the values of the query parameters that carry
 * tokens (confirmation and reset links, third-party callbacks, sign-in outcomes), and any logged
 * object field named like a secret is replaced. Headers are not logged at all.
 */
import type { FastifyRequest, FastifyServerOptions } from 'fastify';

const SECRET_QUERY_PARAMETERS = new Set(['confirmation_token', 'reset_password_token', 'code', 'state', 'jwt', 'token', 'key', 'ticket', 'iss']);

/** Redaction paths for pino: fields that could hold a password, a token or a key, one level deep or at the top. */
const SECRET_FIELDS = ['password', 'password_confirmation', 'current_password', 'password_hash', 'jwt', 'token', 'key', 'authorization', 'reset_password_token', 'confirmation_token'];
const REDACT_PATHS = SECRET_FIELDS.flatMap((field) => [field, `*.${field}`]);

export function redactedUrl(url: string): string {
  const queryAt = url.indexOf('?');
  if (queryAt === -1) return url;
  const parameters = url.slice(queryAt + 1).split('&').map((pair) => {
    const name = decodeURIComponentSafely(pair.split('=')[0]);
    return SECRET_QUERY_PARAMETERS.has(name) ? `${pair.split('=')[0]}=[redacted]` : pair;
  });
  return `${url.slice(0, queryAt)}?${parameters.join('&')}`;
}

function decodeURIComponentSafely(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactedUrl(request.url),
    host: request.host,
    // The client (client-address.ts), and the proxy it came through when there was one.
    remoteAddress: request.clientAddress,
    ...(request.socket?.remoteAddress && request.socket.remoteAddress !== request.clientAddress ? { peerAddress: request.socket.remoteAddress } : {}),
    remotePort: request.socket?.remotePort,
  };
}

type LoggerOption = FastifyServerOptions['logger'];

/** The app's logger setting with the redaction added (false stays false). */
export function withSecretsRedacted(logger: LoggerOption): LoggerOption {
  if (logger === false || logger === undefined) return logger;
  const base = logger === true ? {} : logger;
  return {
    ...base,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: { ...base.serializers, req: serializeRequest },
  };
}
