/**
 * Through the load balancer of scripts/cluster.sh each visitor is still one client. The test runs
 * Debian's HAProxy with the configuration `cluster.sh` writes (`haproxy-config`: X-Forwarded-For
 * sent, connections to the api from the balancer's own loopback address) in front of an API
 * process trusting exactly that address, as `cluster.sh` sets TRUST_PROXY, and plays several
 * visitors from distinct loopback addresses (127.0.0.x): one client's 40 failed sign-ins leave
 * another's sign-in at 200, a client forging X-Forwarded-For stays within its own limits, and a
 * visitor reaching the api directly cannot claim to be someone else.
 *
 * Needs only the machine's services and `haproxy` (scripts/install.sh installs it); the full
 * cluster's own suite is failure.test.ts.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGN_IN_LIMITS } from '@registry/api/accounts/attempt-limits.ts';
import { clientFromAddress, type AddressedClient } from '../../scripts/cluster/client-from-address.ts';
import { signedUpUser, startAccountsHarness, type AccountsHarness } from '../accounts/support.ts';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

let harness: AccountsHarness;
let haproxy: ChildProcess | undefined;
let folder: string;
let balancerUrl: string;
let apiUrl: string;
let balancerSource: string;
const clients: AddressedClient[] = [];

/** Whether nothing listens on this port of 127.0.0.1 yet. */
async function isFree(port: number): Promise<boolean> {
  const probe = createServer();
  return new Promise((resolve) => {
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/** A base port whose load balancer (+0), api 1 (+1), api 2 (+2, left closed) and stats (+9) ports are free. */
async function freeClusterPort(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const base = 20_000 + Math.floor(Math.random() * 20_000);
    if ((await Promise.all([0, 1, 2, 9].map((offset) => isFree(base + offset)))).every(Boolean)) return base;
  }
  throw new Error('no free ports for the load balancer');
}

function client(address: string): AddressedClient {
  const made = clientFromAddress(address);
  clients.push(made);
  return made;
}

async function until(check: () => Promise<boolean>, what: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((wake) => setTimeout(wake, 200));
  }
}

beforeAll(async () => {
  const base = await freeClusterPort();
  folder = mkdtempSync(join(tmpdir(), 'registry-lb-'));
  const { stdout: config } = await run('bash', [join(ROOT, 'scripts/cluster.sh'), 'haproxy-config'], { cwd: ROOT, env: { ...process.env, CLUSTER_PORT: String(base), CLUSTER_DIR: folder } });
  balancerSource = /^\s*source\s+(\S+)$/m.exec(config)?.[1] ?? '';
  writeFileSync(join(folder, 'haproxy.cfg'), config);

  harness = await startAccountsHarness('cluster_client_address', { trustProxy: [`${balancerSource}/32`] });
  await harness.app.listen({ port: base + 1, host: '127.0.0.1' });
  apiUrl = `http://127.0.0.1:${base + 1}`;
  balancerUrl = `http://127.0.0.1:${base}`;

  haproxy = spawn('haproxy', ['-db', '-f', join(folder, 'haproxy.cfg')], { stdio: ['ignore', 'ignore', 'pipe'] });
  let haproxyErrors = '';
  haproxy.stderr!.on('data', (chunk: Buffer) => { haproxyErrors += chunk.toString(); });
  // The test's database has no search index, so the api is not "ready": HAProxy sends to it as
  // its backup entry (cluster.sh's rule when every api says it is not ready).
  await until(async () => {
    if (haproxy!.exitCode !== null) throw new Error(`haproxy exited: ${haproxyErrors}`);
    const answer = await fetch(`${balancerUrl}/api/site_modes`);
    return answer.status === 200 && answer.headers.has('x-request-id');
  }, 'an answer of the api through the load balancer');
}, 120_000);

afterAll(async () => {
  for (const made of clients) made.close();
  if (haproxy && haproxy.exitCode === null) {
    haproxy.kill('SIGTERM');
    await new Promise((resolve) => haproxy!.once('exit', resolve));
  }
  await harness?.close();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

const signIn = (from: AddressedClient, url: string, login: string, password: string, headers: Record<string, string> = {}) =>
  from.send(`${url}/users/sign_in`, { method: 'POST', headers, body: { user: { login, password } } });

describe('visitors behind the cluster load balancer', () => {
  it('is set up as cluster.sh sets it up: X-Forwarded-For from one loopback address, trusted alone', () => {
    expect(balancerSource).toMatch(/^127\.0\.0\.\d+$/);
    expect(balancerSource).not.toBe('127.0.0.1');
    const script = readFileSync(join(ROOT, 'scripts/cluster.sh'), 'utf8');
    expect(script).toMatch(/^\s*export TRUST_PROXY="\$CLUSTER_LB_SOURCE"$/m);
    expect(script).toMatch(/^CLUSTER_LB_SOURCE=\$\{CLUSTER_LB_SOURCE:-127\.0\.0\.2\}$/m);
  });

  it("leaves another client's sign-in at 200 after one client's 40 failed sign-ins", async () => {
    const owner = await signedUpUser(harness, 'grace');
    const attacker = client('127.0.0.6');
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 40; attempt += 1) statuses.push((await signIn(attacker, balancerUrl, `someone${attempt}`, 'wrong')).status);
    expect(statuses.slice(0, SIGN_IN_LIMITS.perIp.max)).toEqual(Array(SIGN_IN_LIMITS.perIp.max).fill(401));
    expect(new Set(statuses.slice(SIGN_IN_LIMITS.perIp.max))).toEqual(new Set([429]));

    const answer = await signIn(client('127.0.0.10'), balancerUrl, 'grace', owner.password);
    expect(answer.status, answer.body).toBe(200);
  });

  it('keeps a client forging X-Forwarded-For within its own limit', async () => {
    const forger = client('127.0.0.7');
    for (let attempt = 0; attempt < SIGN_IN_LIMITS.perIp.max; attempt += 1) await signIn(forger, balancerUrl, `someone${attempt}`, 'wrong');
    for (const forged of ['127.0.0.11', '203.0.113.9', '127.0.0.2', '127.0.0.12, 127.0.0.2']) {
      const answer = await signIn(forger, balancerUrl, 'grace', 'wrong', { 'x-forwarded-for': forged });
      expect(answer.status, forged).toBe(429);
    }
    // The addresses it named are untouched.
    expect((await signIn(client('127.0.0.11'), balancerUrl, 'nobody', 'wrong')).status).toBe(401);
  });

  it('ignores X-Forwarded-For sent straight to the api by anyone but the balancer', async () => {
    const direct = client('127.0.0.8');
    for (let attempt = 0; attempt < SIGN_IN_LIMITS.perIp.max; attempt += 1) {
      await signIn(direct, apiUrl, `someone${attempt}`, 'wrong', { 'x-forwarded-for': `127.0.0.${100 + attempt}` });
    }
    expect((await signIn(direct, apiUrl, 'grace', 'wrong', { 'x-forwarded-for': '127.0.0.200' })).status).toBe(429);
    expect(harness.logLines.filter((line) => line.includes('X-Forwarded-For ignored'))).toHaveLength(1);
  });
});
