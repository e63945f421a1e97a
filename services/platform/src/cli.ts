/**
 * Entry-point wrapper for every command-line program: a failure we can explain
 * (bad configuration, a service that does not answer) ends with one clear line, not a stack trace.
 */
import { ConfigError } from './config.ts';

interface ErrorWithCode {
  code?: string;
  address?: string;
  port?: number;
  message?: string;
  meta?: { statusCode?: number };
}

function describeFailure(error: unknown): string | undefined {
  if (error instanceof ConfigError) return `configuration error: ${error.message}`;
  const failure = error as ErrorWithCode;
  const where = failure.address ? ` at ${failure.address}:${failure.port ?? ''}` : '';
  switch (failure.code) {
    case 'ECONNREFUSED':
      return `connection refused${where}: is the service running? (${failure.message ?? ''})`;
    case 'ENOTFOUND':
      return `host not found: ${failure.message ?? ''}`;
    case '3D000':
      return `database does not exist: ${failure.message ?? ''} (check DATABASE_URL)`;
    case '28P01':
    case '28000':
      return `database refused the login: ${failure.message ?? ''} (check DATABASE_URL)`;
  }
  // node:util parseArgs refuses an unknown option or a missing value (ERR_PARSE_ARGS_…).
  if (failure.code?.startsWith('ERR_PARSE_ARGS_')) {
    return `${(failure.message ?? '').split('. ')[0]} (see the command's usage at the top of its file or in scripts/README.md)`;
  }
  // The OpenSearch client names its transport failures ConnectionError.
  if (error instanceof Error && error.name === 'ConnectionError') {
    return `cannot reach OpenSearch (OPENSEARCH_URL): ${error.message}`;
  }
  if (error instanceof Error && /ECONNREFUSED/.test(error.message)) {
    return `cannot reach a service: ${error.message}`;
  }
  return undefined;
}

export class ServiceUnavailableError extends Error {
  override name = 'ServiceUnavailableError';
}

/** Runs a CLI main function; exits 0 on success, 1 with a single explanatory line on failure. */
export function runCli(main: () => Promise<void>): void {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      const line =
        error instanceof ServiceUnavailableError ? error.message : describeFailure(error);
      if (line) {
        console.error(`error: ${line}`);
      } else {
        console.error(error);
      }
      process.exit(1);
    },
  );
}
