/**
 * Watching and the hourly change digest: watch/unwatch through the REST API, then 20 edits by a
 * curator to 3 watched records produce one mail per watcher and maintainer (read from the SMTP
 * sink) listing each record, its edits and changed sections with history links; nobody hears of
 * their own edits or gets a second mail within the hour; the profile preference and the mail's
 * one-click unsubscribe link stop the mails.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendChangeDigests, type DigestDeps } from '@registry/api/watching/watching-service.ts';
import { createSmtpMailer } from '@registry/api/accounts/mailer.ts';
import type { ReceivedMail } from '../../scripts/mail-sink/mail-sink.ts';
import { call, type AccountsHarness } from '../accounts/support.ts';
import { demoRecords, digestDeps, person, startCommunityHarness, type Person } from './support.ts';

let harness: AccountsHarness;
let deps: DigestDeps;
let records: { id: number; name: string }[];
let hidden: { id: number; name: string };
const people: Record<'editor' | 'all' | 'one' | 'maintainer' | 'claimant' | 'optedOut' | 'left', Person> = {} as never;
let start: number;

const watch = (who: Person | null, recordId: number | string, operation = 'watch') =>
  call(harness.app, { method: 'POST', url: '/fairsharing_records/watch', token: who?.token, payload: { record_id: recordId, operation } });
const digestsTo = (who: Person) => harness.sink.mails.filter((mail) => mail.to.includes(who.email) && /changes to/.test(mail.subject));
const at = (minutes: number) => new Date(start + minutes * 60_000);

async function toggleLicences(recordId: number) {
  const current = await harness.env.db('records').where({ id: recordId }).first('exhaustive_licences');
  const response = await call(harness.app, {
    method: 'PUT', url: `/fairsharing_records/${recordId}`, token: people.editor.token,
    payload: { section: 'publications', fairsharing_record: { exhaustive_licences: !current.exhaustive_licences } },
  });
  expect(response.status).toBe(200);
}

beforeAll(async () => {
  harness = await startCommunityHarness('watching');
  people.editor = await person(harness, 'digest-editor', 'curator');
  for (const name of ['all', 'one', 'maintainer', 'claimant', 'optedOut', 'left'] as const) people[name] = await person(harness, `digest-${name.toLowerCase()}`);
  const demo = await demoRecords(harness);
  records = demo.visible.slice(0, 3);
  hidden = demo.hidden;
  await harness.env.db('record_maintainers').insert({ record_id: records[0].id, user_id: people.maintainer.id });
  deps = digestDeps(harness);
}, 180_000);

afterAll(async () => {
  await harness?.close();
});

describe('POST /fairsharing_records/watch', () => {
  it('needs a signed-in person, a known operation and a record they can see', async () => {
    expect((await watch(null, records[0].id)).status).toBe(401);
    const badOperation = await watch(people.all, records[0].id, 'follow');
    expect(badOperation.status).toBe(400);
    expect(badOperation.body.message).toMatch(/watch, unwatch/);
    expect((await watch(people.all, 'one')).status).toBe(400);
    expect((await watch(people.all, hidden.id)).status).toBe(404);
  });

  it('watches and unwatches', async () => {
    for (const record of records) expect((await watch(people.all, record.id)).body).toMatchObject({ watching: true });
    expect((await watch(people.all, records[0].id)).status).toBe(200);
    await watch(people.one, records[1].id);
    await watch(people.editor, records[2].id);
    await watch(people.optedOut, records[0].id);
    await watch(people.left, records[0].id);
    expect((await watch(people.left, records[0].id, 'unwatch')).body).toMatchObject({ watching: false });
    const watchers = await harness.env.db('record_watchers').where({ record_id: records[0].id }).pluck('user_id');
    expect(watchers.sort()).toEqual([people.all.id, people.optedOut.id].sort());
    const profile = await call(harness.app, { method: 'POST', url: '/graphql', token: people.all.token, payload: { query: `{ user(id: ${people.all.id}) { watchedRecords { id } } }` } });
    expect((profile.body.data as { user: { watchedRecords: { id: string }[] } }).user.watchedRecords.map((item) => Number(item.id)).sort()).toEqual(records.map((item) => item.id).sort());
  });

  it('turns digests off from the profile preference (own account only, sessions only)', async () => {
    const off = await call(harness.app, { method: 'PUT', url: '/users/notification_preferences', token: people.optedOut.token, payload: { record_change_mails: false } });
    expect(off.status).toBe(200);
    expect((await call(harness.app, { method: 'PUT', url: '/users/notification_preferences', payload: { record_change_mails: false } })).status).toBe(401);
    expect((await call(harness.app, { method: 'PUT', url: '/users/notification_preferences', token: people.all.token, payload: { record_change_mails: 'no' } })).status).toBe(400);
  });
});

describe('the hourly change digest', () => {
  let mailToAll: ReceivedMail;

  it('sends one mail per watcher and maintainer for 20 edits to 3 watched records', async () => {
    // 19 edits to the licences flag, and one claim approval (a maintainers change).
    for (let edit = 0; edit < 19; edit += 1) await toggleLicences(records[edit % 3].id);
    const claimed = await call(harness.app, { method: 'POST', url: '/maintenance_requests', token: people.claimant.token, payload: { maintenance_request: { fairsharing_record_id: records[2].id } } });
    const claimId = (claimed.body.maintenance_request as { id: number }).id;
    expect((await call(harness.app, { method: 'PUT', url: `/maintenance_requests/${claimId}`, token: people.editor.token, payload: { maintenance_request: { status: 'approved' } } })).status).toBe(200);
    start = Date.now();

    expect(await sendChangeDigests(deps, at(1))).toBe(4);
    mailToAll = await harness.sink.waitFor((mail) => mail.to.includes(people.all.email) && /changes to 3 records/.test(mail.subject));
    await harness.sink.waitFor((mail) => mail.to.includes(people.one.email) && /changes to 1 record /.test(mail.subject));
    await harness.sink.waitFor((mail) => mail.to.includes(people.maintainer.email) && /changes to 1 record /.test(mail.subject));
    await harness.sink.waitFor((mail) => mail.to.includes(people.claimant.email) && /changes to 1 record /.test(mail.subject));
    for (const who of [people.all, people.one, people.maintainer, people.claimant]) expect(digestsTo(who)).toHaveLength(1);
    // The editor's own edits, the opted-out watcher and the one who unwatched: nothing.
    for (const who of [people.editor, people.optedOut, people.left]) expect(digestsTo(who)).toHaveLength(0);
  });

  it('lists each record with its edits, changed sections and history link, and an unsubscribe link', () => {
    const [first, second, third] = records;
    expect(mailToAll.text).toContain(`- ${first.name} (7 edits): Publications\n  History: http://registry.test/${first.id}#history`);
    expect(mailToAll.text).toContain(`- ${second.name} (6 edits): Publications\n  History: http://registry.test/${second.id}#history`);
    expect(mailToAll.text).toContain(`- ${third.name} (7 edits): Publications, Maintainers\n  History: http://registry.test/${third.id}#history`);
    expect(mailToAll.text).toMatch(/http:\/\/registry\.test\/users\/notifications\/unsubscribe\?token=\S+/);
    expect(mailToAll.html).toContain(`href="http://registry.test/${first.id}#history"`);
    const toOne = digestsTo(people.one)[0];
    expect(toOne.text).toContain(`- ${second.name} (6 edits): Publications`);
    expect(toOne.text).not.toContain(first.name);
  });

  it('sends nothing more within the hour, then only the new edits', async () => {
    expect(await sendChangeDigests(deps, at(2))).toBe(0);
    await toggleLicences(records[1].id);
    expect(await sendChangeDigests(deps, at(30))).toBe(0);
    expect(await sendChangeDigests(deps, at(62))).toBe(2);
    const second = await harness.sink.waitFor((mail) => mail.to.includes(people.all.email) && /changes to 1 record /.test(mail.subject));
    expect(second.text).toContain(`- ${records[1].name} (1 edit): Publications`);
    expect(second.text).not.toContain(records[0].name);
    expect(digestsTo(people.all)).toHaveLength(2);
    expect(digestsTo(people.one)).toHaveLength(2);
  });

  it('unsubscribes in one click from the link in the mail; a forged link is refused', async () => {
    const link = /http:\/\/registry\.test(\/users\/notifications\/unsubscribe\?token=\S+)/.exec(mailToAll.text)![1];
    const forged = link.replace(/token=\d+/, `token=${people.one.id}`);
    expect((await call(harness.app, { url: forged })).status).toBe(400);
    const page = await harness.app.inject({ url: link, headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toMatch(/no longer get e-mails/);
    const oneClick = await harness.app.inject({ method: 'POST', url: link, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });
    expect(oneClick.statusCode).toBe(200);
    const row = await harness.env.db('users').where({ id: people.all.id }).first('preferences');
    expect(row.preferences).toMatchObject({ record_change_mails: false });
    await toggleLicences(records[0].id);
    expect(await sendChangeDigests(deps, at(200))).toBe(1);
    await harness.sink.waitFor((mail) => mail.to.includes(people.maintainer.email) && digestsTo(people.maintainer).length === 2);
    expect(digestsTo(people.all)).toHaveLength(2);
  });

  it('puts back the cursor of a mail the SMTP server refused, so the next run sends it once', async () => {
    await toggleLicences(records[1].id);
    const nobodyListening = createSmtpMailer({ smtpUrl: 'smtp://127.0.0.1:1', mailFrom: 'registry@registry.test' });
    const warnings: string[] = [];
    expect(await sendChangeDigests({ ...deps, mailer: nobodyListening, warn: (message) => warnings.push(message) }, at(300))).toBe(0);
    nobodyListening.close();
    expect(warnings).toContain('change digest not sent');
    const before = digestsTo(people.one).length;
    expect(await sendChangeDigests(deps, at(301))).toBe(1);
    await harness.sink.waitFor(() => digestsTo(people.one).length === before + 1);
    expect(await sendChangeDigests(deps, at(302))).toBe(0);
  });
});
