/**
 * Accounts bench: `npx tsx scripts/bench/auth.ts` (Postgres and Redis must be up).
 *
 * Builds the app in-process on an empty, migrated bench database (dropped at the end) and prints:
 *   1. sign-in (POST /users/sign_in) p50/p95: argon2id at OWASP's parameters on this machine's cores,
 *      plus the session insert and the token signing;
 *   2. the cost a credential adds to a request: the same cheap route (GET /users/profile_types)
 *      anonymously (the baseline), with a session token (signature check + one session query) and
 *      with an API key (keyed hash + one key query), in alternating rounds so background load
 *      weighs on all three alike.
 * Env: BENCH_SIGN_INS (default 40), BENCH_REQUESTS per kind (default 2000).
 */
import { performance } from 'node:perf_hooks';
import { cpus } from 'node:os';
import { createDatabase, dropDatabase, ensureDatabaseExists, loadConfig, migrateLatest } from '@registry/platform';
import { viewerForUser } from '@registry/schemas';
import { buildApp } from '../../services/api/src/app.ts';
import { hashPassword, PASSWORD_HASH_OPTIONS } from '../../services/api/src/accounts/secrets.ts';
import { dropRunResources } from '../../tests/support/cleanup.ts';
import { runEnvironment } from '../../tests/setup/run-environment.ts';

const SIGN_INS = Number(process.env.BENCH_SIGN_INS || 40);
const REQUESTS = Number(process.env.BENCH_REQUESTS || 2000);
const ROUNDS = 10;
const NAME = 'bench_auth';
const PASSWORD = 'a bench password of decent length';

// Its own database, index and queue prefixes and JWT secret, named as a test run's are.
const environment = runEnvironment(NAME);

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

function summary(samples: number[]): { p50: number; p95: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95) };
}

const ms = (value: number) => `${value.toFixed(3)} ms`;

await ensureDatabaseExists(environment.DATABASE_URL);
const config = loadConfig({ ...process.env, ...environment });
const db = createDatabase(config.databaseUrl);
try {
  await migrateLatest(db);
  await db('users').delete();
  const app = await buildApp({ config, db, logger: false, rateLimitMax: 1_000_000_000 });
  await app.ready();
  try {
    // One hash for every bench account: the bench measures verifying, not creating.
    const passwordHash = await hashPassword(PASSWORD);
    const users = await db('users')
      .insert(Array.from({ length: SIGN_INS }, (_, n) => ({ username: `bench${n}`, email: `bench${n}@example.org`, password_hash: passwordHash, confirmed_at: new Date() })))
      .returning(['id', 'username']);

    console.log(`argon2id m=${PASSWORD_HASH_OPTIONS.memoryCost} KiB t=${PASSWORD_HASH_OPTIONS.timeCost} p=${PASSWORD_HASH_OPTIONS.parallelism}; ${cpus().length} cores`);
    const signIns: number[] = [];
    let token = '';
    for (const [n, user] of users.entries()) {
      const started = performance.now();
      const response = await app.inject({
        method: 'POST', url: '/users/sign_in', remoteAddress: `10.200.${Math.floor(n / 250)}.${(n % 250) + 1}`,
        payload: { user: { login: user.username, password: PASSWORD } },
      });
      signIns.push(performance.now() - started);
      if (response.statusCode !== 200) throw new Error(`sign-in answered ${response.statusCode}: ${response.body}`);
      token = response.json().jwt;
    }
    const signIn = summary(signIns.slice(2));
    console.log(`sign-in: p50 ${ms(signIn.p50)}, p95 ${ms(signIn.p95)} (${signIns.length - 2} sign-ins after 2 warm-up)`);

    const last = users.at(-1) as { id: number; username: string };
    const key = (await app.accounts.createApiKey(viewerForUser({ id: last.id, username: last.username, role: 'user' }, 'session'), 'bench')).key;
    const kinds: Record<string, Record<string, string>> = {
      anonymous: {},
      'session token': { authorization: `Bearer ${token}` },
      'API key': { 'x-graphql-key': key },
    };
    const samples: Record<string, number[]> = Object.fromEntries(Object.keys(kinds).map((kind) => [kind, []]));
    const perRound = Math.ceil(REQUESTS / ROUNDS);
    for (const headers of Object.values(kinds)) {
      for (let n = 0; n < 200; n += 1) await app.inject({ url: '/users/profile_types', headers });
    }
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const [kind, headers] of Object.entries(kinds)) {
        for (let n = 0; n < perRound; n += 1) {
          const started = performance.now();
          const response = await app.inject({ url: '/users/profile_types', headers });
          samples[kind].push(performance.now() - started);
          if (response.statusCode !== 200) throw new Error(`${kind} request answered ${response.statusCode}`);
        }
      }
    }
    const baseline = summary(samples.anonymous);
    console.log(`GET /users/profile_types, ${perRound * ROUNDS} requests each, in-process (inject):`);
    for (const kind of Object.keys(kinds)) {
      const figures = summary(samples[kind]);
      const added = kind === 'anonymous' ? '(baseline)' : `added p50 ${ms(figures.p50 - baseline.p50)}, p95 ${ms(figures.p95 - baseline.p95)}`;
      console.log(`  ${kind.padEnd(14)} p50 ${ms(figures.p50)}, p95 ${ms(figures.p95)} ${added}`);
    }
  } finally {
    await app.close();
  }
} finally {
  await db.destroy();
  if (!process.env.BENCH_KEEP) {
    await dropRunResources(environment);
    await dropDatabase(environment.DATABASE_URL);
  }
}
