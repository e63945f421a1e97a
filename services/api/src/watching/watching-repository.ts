/** The SQL of watching and of the change digests. */
import type { Knex } from 'knex';
import type { UserRole } from '@registry/schemas';
import { DIGEST_PREFERENCE } from '@registry/schemas/forms/community.ts';

type Db = Knex | Knex.Transaction;

export async function addWatcher(trx: Db, recordId: number, userId: number): Promise<void> {
  await trx('record_watchers').insert({ record_id: recordId, user_id: userId }).onConflict(['record_id', 'user_id']).ignore();
}

export async function removeWatcher(trx: Db, recordId: number, userId: number): Promise<boolean> {
  return (await trx('record_watchers').where({ record_id: recordId, user_id: userId }).delete()) > 0;
}

/** A new follower's digests start after the latest edit so far, so they never get old news. */
export async function startDigestCursor(trx: Db, userId: number): Promise<void> {
  await trx.raw(
    `INSERT INTO record_change_notices (user_id, last_event_id, last_sent_at)
     SELECT ?, coalesce(max(id), 0), 'epoch' FROM edit_events
     ON CONFLICT (user_id) DO NOTHING`,
    [userId],
  );
}

export async function setDigestPreference(db: Db, userId: number, enabled: boolean): Promise<boolean> {
  const changed = await db('users')
    .where({ id: userId, deactivated: false })
    .update({ preferences: db.raw(`preferences || jsonb_build_object(?::text, ?::boolean)`, [DIGEST_PREFERENCE, enabled]) });
  return changed > 0;
}

export interface DigestEventRow {
  user_id: number;
  username: string;
  email: string;
  role: UserRole;
  event_id: string;
  record_id: number;
  record_name: string;
  section: string | null;
  edit_type: string;
  is_hidden: boolean;
  is_approved: boolean;
  owner_ids: number[];
  /** The keys of the edit's `changes` (empty when it has none), for the field table. */
  changed_keys: string[];
}

/**
 * Every edit a person should hear of at `now`: edits by someone else to a record they watch or
 * maintain, after their cursor (or within the last hour without one), for people who want digests
 * and had none in the last hour. Edits older than `since` are dropped.
 */
export async function pendingDigestEvents(db: Db, now: Date, since: Date): Promise<DigestEventRow[]> {
  const { rows } = await db.raw(
    `WITH followers AS (
       SELECT record_id, user_id FROM record_watchers
       UNION SELECT record_id, user_id FROM record_maintainers
     ), recipients AS (
       SELECT u.id, u.username, u.email, u.role::text AS role, n.last_event_id
         FROM users u LEFT JOIN record_change_notices n ON n.user_id = u.id
        WHERE NOT u.deactivated
          AND coalesce((u.preferences ->> :preference)::boolean, true)
          AND (n.last_sent_at IS NULL OR n.last_sent_at <= :now::timestamptz - interval '1 hour')
     )
     SELECT r.id AS user_id, r.username, r.email, r.role, e.id::text AS event_id, e.record_id, rec.name AS record_name,
            e.edit_event ->> 'section' AS section, e.edit_type, rec.is_hidden, rec.is_approved,
            array_remove(array_append(ARRAY(SELECT m.user_id FROM record_maintainers m WHERE m.record_id = rec.id), rec.created_by_id), NULL) AS owner_ids,
            CASE WHEN jsonb_typeof(e.edit_event -> 'changes') = 'object' THEN ARRAY(SELECT jsonb_object_keys(e.edit_event -> 'changes')) ELSE '{}'::text[] END AS changed_keys
       FROM recipients r
       JOIN followers f ON f.user_id = r.id
       JOIN edit_events e ON e.record_id = f.record_id
       JOIN records rec ON rec.id = e.record_id
      WHERE e.created_at <= :now AND e.created_at > :since
        AND CASE WHEN r.last_event_id IS NULL THEN e.created_at > :now::timestamptz - interval '1 hour' ELSE e.id > r.last_event_id END
        AND e.user_id IS DISTINCT FROM r.id
      ORDER BY r.id, rec.name, e.record_id, e.id`,
    { preference: DIGEST_PREFERENCE, now, since },
  );
  return rows as DigestEventRow[];
}

/** A person's cursor as it stands, to be put back if their mail cannot go; null when they have none. */
export async function digestCursorOf(db: Db, userId: number): Promise<{ last_event_id: string; last_sent_at: Date } | null> {
  const row = await db('record_change_notices').where({ user_id: userId }).first('last_event_id', 'last_sent_at');
  return row ?? null;
}

/** Puts back a cursor read by digestCursorOf (none: the row goes). */
export async function restoreDigestCursor(db: Db, userId: number, cursor: { last_event_id: string; last_sent_at: Date } | null): Promise<void> {
  if (cursor === null) await db('record_change_notices').where({ user_id: userId }).delete();
  else await db('record_change_notices').where({ user_id: userId }).update(cursor);
}

export interface DigestCursor {
  userId: number;
  lastEventId: string;
  /** When a mail went out; null: nothing to tell, the hourly limit is not spent. */
  sentAt: Date | null;
}

/**
 * Moves several people's cursors in one statement. `last_sent_at` only moves forward: a person
 * with nothing to tell (the epoch stands for "no mail") keeps theirs, and a recipient's is at
 * least an hour before any mail's.
 */
export async function saveDigestCursors(db: Db, cursors: DigestCursor[]): Promise<void> {
  if (cursors.length === 0) return;
  await db.raw(
    `INSERT INTO record_change_notices (user_id, last_event_id, last_sent_at)
     SELECT user_id, last_event_id, sent_at FROM unnest(?::int[], ?::bigint[], ?::timestamptz[]) AS c(user_id, last_event_id, sent_at)
     ON CONFLICT (user_id) DO UPDATE SET last_event_id = excluded.last_event_id,
       last_sent_at = greatest(excluded.last_sent_at, record_change_notices.last_sent_at)`,
    [cursors.map((cursor) => cursor.userId), cursors.map((cursor) => cursor.lastEventId), cursors.map((cursor) => cursor.sentAt ?? new Date(0))],
  );
}

/** One digest run at a time across every server process: a transaction-scoped advisory lock. */
export async function withDigestLock<T>(db: Knex, run: (trx: Knex.Transaction) => Promise<T>): Promise<T | null> {
  return db.transaction(async (trx) => {
    const { rows } = await trx.raw(`SELECT pg_try_advisory_xact_lock(hashtext('record-change-digests')) AS locked`);
    return rows[0].locked ? run(trx) : null;
  });
}
