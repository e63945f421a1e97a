/**
 * Bad configuration ends a program with one clear line naming what is wrong (exit code 1),
 * never a stack trace: the server, the seed and the reindex command, as `npm start` runs them;
 * likewise an unknown option given to a command.
 */
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const REPO_ROOT = resolve(import.meta.dirname, '../..');
const TSX = resolve(REPO_ROOT, 'node_modules/.bin/tsx');

function run(script: string, env: Record<string, string>, args: string[] = []): Promise<{ code: number | null; stderr: string }> {
  return new Promise((done) => {
    const child = spawn(TSX, [script, ...args], {
      cwd: REPO_ROOT,
      env: { ...process.env, PORT: '0', INDEXER: 'off', ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (code) => done({ code, stderr }));
  });
}

const CASES: { script: string; env: Record<string, string>; args?: string[]; names: RegExp }[] = [
  { script: 'services/api/src/server.ts', env: { OPENSEARCH_URL: 'http://127.0.0.1:1' }, names: /OpenSearch.*OPENSEARCH_URL/ },
  { script: 'services/api/src/server.ts', env: { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/registry_no_such_database' }, names: /Postgres.*does not exist/ },
  { script: 'services/api/src/server.ts', env: { DATABASE_URL: 'not a url' }, names: /DATABASE_URL is not a valid URL/ },
  { script: 'scripts/seed.ts', env: { DATABASE_URL: 'postgres://postgres@127.0.0.1:1/registry' }, names: /connection refused at 127\.0\.0\.1:1/ },
  { script: 'indexer/src/cli/reindex.ts', env: { OPENSEARCH_URL: 'http://127.0.0.1:1' }, names: /cannot reach OpenSearch \(OPENSEARCH_URL\)/ },
  { script: 'services/api/src/server.ts', env: { NODE_ENV: 'production', JWT_SECRET: '' }, names: /JWT_SECRET must be set in production/ },
  { script: 'services/api/src/server.ts', env: { NODE_ENV: 'production', JWT_SECRET: 'development-only-secret-change-me-in-production' }, names: /JWT_SECRET is too weak/ },
  { script: 'services/api/src/server.ts', env: { NODE_ENV: 'production', JWT_SECRET: 'secret' }, names: /JWT_SECRET is too weak/ },
  { script: 'scripts/user.ts', env: {}, args: ['--help'], names: /Unknown option '--help'/ },
];

describe('bad configuration', () => {
  it.each(CASES)('$script with $env $args ends with one clear line', async ({ script, env, args, names }) => {
    const { code, stderr } = await run(script, env, args);
    expect(code).toBe(1);
    const lines = stderr.split('\n').filter((line) => line.trim() !== '' && !line.startsWith('npm warn'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^error: /);
    expect(lines[0]).toMatch(names);
    expect(stderr).not.toMatch(/\n\s+at /);
  });
});
