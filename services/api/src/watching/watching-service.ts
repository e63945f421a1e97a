/**
 * Watching records and the change digests. A person watches records they can see; watchers and
 * maintainers get at most one mail an hour listing the records that others changed and the
 * sections changed, unless their profile preference (or the mail's unsubscribe link) turns it off;
 * the mail also names the links of their own records that the link checks found broken.
 * `sendChangeDigests` is the job: the leading scheduler runs it every `DIGEST_CHECK_INTERVAL_MS`
 * (digest-schedule.ts), tests call it with their clock.
 */
import type { Database } from '@registry/platform';
import { can, canReadField, canViewRecord, fieldOfKey, viewerForUser, type AccessResource, type UserRole, type Viewer } from '@registry/schemas';
import { watchSchema, type WatchInput } from '@registry/schemas/forms/community.ts';
import type { MailContext, Mailer } from '../accounts/mailer.ts';
import { invalidError } from '../domain-errors.ts';
import { brokenLinksOf } from '../link-health/link-health-service.ts';
import { sectionName } from '../records/history-description.ts';
import { requireAllowed, requireWatchableRecord } from '../records/record-guards.ts';
import { validateInput } from '../validation.ts';
import { changeDigestMail, type BrokenLink, type ChangedRecord } from './digest-mail.ts';
import { unsubscribeToken, userOfUnsubscribeToken } from './unsubscribe-token.ts';
import * as repository from './watching-repository.ts';

export interface WatchingDeps {
  db: Database;
}

export interface DigestDeps extends WatchingDeps {
  mailer: Mailer;
  mailContext: MailContext;
  /** Signs the unsubscribe links. */
  secret: string;
  warn(message: string, error: unknown): void;
  /** The digest names links of one's records failing for this many days (the configuration's `linkBrokenDays`; default 7). */
  brokenLinkDays?: number;
}

/** Edits older than this are not mailed (after a long outage the digests start afresh). */
const DIGEST_LOOKBACK_MS = 7 * 24 * 60 * 60 * 1000;

export async function watchRecord(deps: WatchingDeps, viewer: Viewer, payload: unknown): Promise<{ watching: boolean }> {
  requireAllowed(viewer, 'record.follow');
  const input = await validateInput<WatchInput>(watchSchema, payload);
  const userId = viewer.userId!;
  if (input.operation === 'unwatch') {
    // Unwatching needs no visibility: a record that became hidden can still be left.
    await repository.removeWatcher(deps.db, input.record_id, userId);
    return { watching: false };
  }
  const record = await requireWatchableRecord(deps.db, viewer, input.record_id);
  await deps.db.transaction(async (trx) => {
    await repository.addWatcher(trx, record.id, userId);
    await repository.startDigestCursor(trx, userId);
  });
  return { watching: true };
}

export async function setDigestPreference(deps: WatchingDeps, viewer: Viewer, enabled: boolean): Promise<void> {
  requireAllowed(viewer, 'user.editOwn', { userId: viewer.userId ?? undefined });
  await repository.setDigestPreference(deps.db, viewer.userId!, enabled);
}

/** The one-click unsubscribe of a digest mail: no sign-in, the signed token names the person. */
export async function unsubscribe(deps: WatchingDeps & { secret: string }, token: string): Promise<void> {
  const userId = userOfUnsubscribeToken(deps.secret, token);
  if (userId === null) throw invalidError('This unsubscribe link is not valid.');
  await repository.setDigestPreference(deps.db, userId, false);
}

export function unsubscribeLink(deps: Pick<DigestDeps, 'mailContext' | 'secret'>, userId: number): string {
  return `${deps.mailContext.publicUrl}/users/notifications/unsubscribe?token=${encodeURIComponent(unsubscribeToken(deps.secret, userId))}`;
}

interface Digest {
  recipient: { id: number; username: string; email: string; role: UserRole };
  records: ChangedRecord[];
  lastEventId: string;
}

function changesAnyReadableField(viewer: Viewer, resource: AccessResource, keys: string[]): boolean {
  if (keys.length === 0) return true;
  return keys.some((key) => {
    const owner = fieldOfKey('FairsharingRecord', key);
    return !owner || canReadField(viewer, owner.access, resource);
  });
}

function groupDigests(rows: repository.DigestEventRow[]): Digest[] {
  const digests = new Map<number, Digest & { byRecord: Map<number, ChangedRecord> }>();
  for (const row of rows) {
    let digest = digests.get(row.user_id);
    if (!digest) {
      digest = { recipient: { id: row.user_id, username: row.username, email: row.email, role: row.role }, records: [], lastEventId: row.event_id, byRecord: new Map() };
      digests.set(row.user_id, digest);
    }
    if (BigInt(row.event_id) > BigInt(digest.lastEventId)) digest.lastEventId = row.event_id;
    // The person may no longer see the record (hidden since): the edit moves the cursor but is not told.
    const viewer = viewerForUser({ id: row.user_id, username: row.username, role: row.role }, 'session');
    const facts = { isHidden: row.is_hidden, isApproved: row.is_approved, ownerIds: row.owner_ids.map(Number) };
    if (!canViewRecord(viewer, facts)) continue;
    // An edit that changed only fields the person may not read (curator notes, watchers) is not told.
    if (!changesAnyReadableField(viewer, { record: facts }, row.changed_keys)) continue;
    let record = digest.byRecord.get(row.record_id);
    if (!record) {
      record = { id: row.record_id, name: row.record_name, sections: [], edits: 0 };
      digest.byRecord.set(row.record_id, record);
      digest.records.push(record);
    }
    record.edits += 1;
    const section = sectionName(row.section, row.edit_type);
    if (!record.sections.includes(section)) record.sections.push(section);
  }
  return [...digests.values()];
}

/** The broken links of the records the recipient maintains or created, as far as the access module lets them read link health. */
async function brokenLinksFor(deps: DigestDeps, recipient: Digest['recipient'], now: Date): Promise<BrokenLink[]> {
  const viewer = viewerForUser(recipient, 'session');
  if (!can(viewer, 'linkHealth.viewOwn', { userId: recipient.id })) return [];
  const since = new Date(now.getTime() - (deps.brokenLinkDays ?? 7) * 86_400_000);
  return (await brokenLinksOf(deps.db, recipient.id, since)).map((entry) => ({
    recordId: entry.record_id, recordName: entry.record_name, url: entry.url, since: entry.first_failure_at ?? now,
  }));
}

/** Cursors of people with nothing to tell are saved this many at a time (one statement). */
const CURSOR_BATCH = 100;

/**
 * Sends the digests due at `now`; returns how many mails went out. Runs in one process at a time.
 * A person's cursor is moved before their mail goes: a process killed between the two loses that
 * one digest, where the other order would have the next leading scheduler send it a second time.
 * A mail that fails puts its person's cursor back, so the next run tries again.
 */
export async function sendChangeDigests(deps: DigestDeps, now: Date): Promise<number> {
  const sent = await repository.withDigestLock(deps.db, async () => {
    const rows = await repository.pendingDigestEvents(deps.db, now, new Date(now.getTime() - DIGEST_LOOKBACK_MS));
    let mails = 0;
    let quiet: repository.DigestCursor[] = [];
    const saveQuiet = async () => {
      await repository.saveDigestCursors(deps.db, quiet);
      quiet = [];
    };
    for (const digest of groupDigests(rows)) {
      if (quiet.length >= CURSOR_BATCH) await saveQuiet();
      const userId = digest.recipient.id;
      const cursor = { userId, lastEventId: digest.lastEventId };
      if (digest.records.length === 0) {
        quiet.push({ ...cursor, sentAt: null });
        continue;
      }
      const before = await repository.digestCursorOf(deps.db, userId);
      await repository.saveDigestCursors(deps.db, [{ ...cursor, sentAt: now }]);
      try {
        const brokenLinks = await brokenLinksFor(deps, digest.recipient, now);
        await deps.mailer.send(changeDigestMail(deps.mailContext, digest.recipient, digest.records, unsubscribeLink(deps, userId), brokenLinks));
      } catch (error) {
        await repository.restoreDigestCursor(deps.db, userId, before);
        deps.warn('change digest not sent', error);
        continue;
      }
      mails += 1;
    }
    await saveQuiet();
    return mails;
  });
  return sent ?? 0;
}
