/**
 * Every example of docs/api.md runs, as written, against the server listening on 127.0.0.1:
 * curl (bash + jq), Python (requests) and JavaScript (Node's fetch). The walks over all records,
 * anonymous and signed in with POST /users/sign_in, must count every public record.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { hashPassword } from '@registry/api/accounts/secrets.ts';
import { freePort } from '../../scripts/free-port.ts';
import { seedDemoCatalogue } from '../../scripts/seed/seed-demo-catalogue.ts';
import { createIsolatedEnvironment, reindexEnvironment, type IsolatedEnvironment } from '../support/environment.ts';
import { buildTestApp } from '../api/support.ts';

const run = promisify(execFile);
const DOCS = new URL('../../docs/api.md', import.meta.url);
const LOGIN = 'docs-reader';
const PASSWORD = 'a long passphrase for the docs';

interface Example {
  section: string;
  language: 'sh' | 'python' | 'js';
  code: string;
}

/** The fenced code blocks of the page, with the heading they sit under. */
function examples(markdown: string): Example[] {
  const found: Example[] = [];
  let section = '';
  const lines = markdown.split('\n');
  for (let index = 0; index < lines.length; index += 1) {
    const heading = /^## (.+)$/.exec(lines[index]);
    if (heading) section = heading[1];
    const fence = /^```(sh|python|js)$/.exec(lines[index]);
    if (!fence) continue;
    const end = lines.indexOf('```', index + 1);
    found.push({ section, language: fence[1] as Example['language'], code: lines.slice(index + 1, end).join('\n') });
    index = end;
  }
  return found;
}

const RUNNERS: Record<Example['language'], { file: string; command: string; args: string[] }> = {
  sh: { file: 'example.sh', command: 'bash', args: ['-eo', 'pipefail'] },
  python: { file: 'example.py', command: 'python3', args: [] },
  js: { file: 'example.mjs', command: 'node', args: [] },
};

let env: IsolatedEnvironment;
let app: FastifyInstance;
let api: string;
let folder: string;
let publicCount: number;
const markdown = await readFile(DOCS, 'utf8');
const blocks = examples(markdown);

async function runExample(example: Example): Promise<string[]> {
  const runner = RUNNERS[example.language];
  const file = join(folder, runner.file);
  await writeFile(file, example.code);
  const { stdout } = await run(runner.command, [...runner.args, file], {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, API: api, REGISTRY_LOGIN: LOGIN, REGISTRY_PASSWORD: PASSWORD },
    timeout: 120_000,
  });
  return stdout.trim().split('\n');
}

beforeAll(async () => {
  env = await createIsolatedEnvironment('api_docs');
  await seedDemoCatalogue(env.db);
  await reindexEnvironment(env);
  await env.db('users').insert({ username: LOGIN, email: 'docs-reader@example.org', role: 'user', password_hash: await hashPassword(PASSWORD), confirmed_at: new Date() });
  const [{ count }] = await env.db('records').where({ is_hidden: false, is_approved: true }).count<{ count: string }[]>('* as count');
  publicCount = Number(count);
  const port = await freePort();
  api = `http://127.0.0.1:${port}`;
  app = await buildTestApp({ ...env.config, publicUrl: api }, { db: env.db });
  await app.listen({ port, host: '127.0.0.1' });
  folder = await mkdtemp(join(tmpdir(), 'api-docs-'));
}, 300_000);

afterAll(async () => {
  await app?.close();
  await env?.cleanup();
  if (folder) await rm(folder, { recursive: true, force: true });
});

describe('docs/api.md', () => {
  it('has a curl, a Python and a JavaScript example in each task section', () => {
    for (const section of ['Paging through all records', 'Searching', 'Aggregations', 'Signing in']) {
      expect([...new Set(blocks.filter((block) => block.section === section).map((block) => block.language))].sort(), section).toEqual(['js', 'python', 'sh']);
    }
  });

  it.each(blocks.map((block) => [`${block.section} (${block.language})`, block] as const))('runs %s', async (_name, example) => {
    const output = await runExample(example);
    expect(output.join('')).not.toBe('');
    if (example.section === 'Paging through all records' || example.section === 'Signing in') {
      expect(Number(output[output.length - 1])).toBe(publicCount);
    }
    if (example.section === 'Searching') expect(output[0]).toMatch(/^[1-9]\d* records$/);
    if (example.section === 'Linked data') expect(output.slice(-2)).toEqual(['406', String(publicCount)]);
    if (example.section === 'Keeping a copy in sync' && example.language === 'python') expect(Number(output[output.length - 1])).toBe(publicCount);
    if (example.section === 'Keeping a copy in sync' && example.language === 'sh') expect(output[0]).toMatch(example.code.includes('If-None-Match') ? /^304$/ : /^[1-9]\d*$/);
  });
});
