/**
 * The catalogue's version by the outbox (committedOutboxVersion), which the kept dumps are keyed
 * by: it moves with every committed intent, whatever the order of commits and outbox ids, and
 * not while a transaction that wrote one is still open.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { committedOutboxVersion, recordIndexIntent } from '@registry/platform';
import { createIsolatedEnvironment, type IsolatedEnvironment } from '../support/environment.ts';

let env: IsolatedEnvironment;

beforeAll(async () => {
  env = await createIsolatedEnvironment('outbox_version');
});

afterAll(async () => {
  await env?.cleanup();
});

describe('the outbox version', () => {
  it('stays while an intent is still committing and moves when it commits, even behind a later one', async () => {
    const start = await committedOutboxVersion(env.db);
    // The first transaction takes the lower outbox id and commits last.
    const early = await env.db.transaction();
    await recordIndexIntent(early, 'record', [1]);
    expect(await committedOutboxVersion(env.db)).toBe(start);
    await env.db.transaction((late) => recordIndexIntent(late, 'record', [2]));
    // The later one is committed, but the earlier one may still commit before it in the version's order.
    const beside = await committedOutboxVersion(env.db);
    expect(beside).toBe(start);
    await early.commit();
    const after = await committedOutboxVersion(env.db);
    expect(after).not.toBe(start);
    expect(await committedOutboxVersion(env.db)).toBe(after);
  });

  it('moves when the transaction that commits last took the lower outbox id', async () => {
    // `first` is the older transaction but writes its intent last (the higher id) and commits first.
    const first = await env.db.transaction();
    await first.raw('SELECT pg_current_xact_id()');
    const second = await env.db.transaction();
    await recordIndexIntent(second, 'record', [3]);
    await recordIndexIntent(first, 'record', [4]);
    await first.commit();
    const before = await committedOutboxVersion(env.db);
    await second.commit();
    expect(await committedOutboxVersion(env.db)).not.toBe(before);
  });
});
