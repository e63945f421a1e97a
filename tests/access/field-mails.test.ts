/**
 * Change digests follow the field table: an edit that changed only fields a watcher may not read
 * (curator notes, the list of watchers) is not told to them, while a curator watching the same
 * record hears of it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendChangeDigests, type DigestDeps } from '@registry/api/watching/watching-service.ts';
import { call, type AccountsHarness } from '../accounts/support.ts';
import { demoRecords, digestDeps, person, startCommunityHarness, type Person } from '../community/support.ts';

let harness: AccountsHarness;
let deps: DigestDeps;
let record: { id: number; name: string };
const people = {} as Record<'editor' | 'watcher' | 'curatorWatcher', Person>;

const digestsTo = (who: Person) => harness.sink.mails.filter((mail) => mail.to.includes(who.email) && /changes to/.test(mail.subject));

beforeAll(async () => {
  harness = await startCommunityHarness('field_mails');
  people.editor = await person(harness, 'fields-mail-editor', 'curator');
  people.watcher = await person(harness, 'fields-mail-watcher');
  people.curatorWatcher = await person(harness, 'fields-mail-curator', 'curator');
  [record] = (await demoRecords(harness)).visible;
  for (const who of [people.watcher, people.curatorWatcher]) {
    const watched = await call(harness.app, { method: 'POST', url: '/fairsharing_records/watch', token: who.token, payload: { record_id: record.id, operation: 'watch' } });
    expect(watched.status).toBe(200);
  }
  deps = digestDeps(harness);
}, 180_000);

afterAll(async () => {
  await harness?.close();
});

describe('change digests', () => {
  it('tell a watcher nothing of edits to fields they may not read, and a curator everything', async () => {
    const edits = [
      { curator_notes: { before: null, after: 'Licence checked with the maintainers' } },
      { watcher_ids: { before: [people.watcher.id], after: [people.watcher.id, people.curatorWatcher.id] } },
    ];
    for (const changes of edits) {
      await harness.env.db('edit_events').insert({ record_id: record.id, user_id: people.editor.id, edit_type: 'update', edit_event: JSON.stringify({ section: 'generalInformation', changes }) });
    }
    expect(await sendChangeDigests(deps, new Date(Date.now() + 60_000))).toBe(1);
    const mail = await harness.sink.waitFor((received) => received.to.includes(people.curatorWatcher.email) && /changes to/.test(received.subject));
    expect(mail.text).toContain(`- ${record.name} (2 edits)`);
    expect(digestsTo(people.watcher)).toEqual([]);
  });
});
