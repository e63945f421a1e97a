/** The SQL of link health: which URLs public records name, the check queue and the check results. */
import type { Knex } from 'knex';
import type { LinkCheckResult } from './link-check.ts';

type Db = Knex | Knex.Transaction;

export type LinkKind = 'homepage' | 'support' | 'access';

export interface LinkCheckRow {
  id: number;
  record_id: number;
  kind: LinkKind;
  url: string;
  outcome: 'unchecked' | 'ok' | 'broken' | 'no_network';
  http_status: number | null;
  final_url: string | null;
  permanent_redirect: boolean;
  duration_ms: number | null;
  reason: string | null;
  consecutive_failures: number;
  first_failure_at: Date | null;
  last_checked_at: Date | null;
  queued_at: Date | null;
}

/** A check with its record's name and registry, for the lists people read. */
export interface LinkReportRow extends LinkCheckRow {
  record_name: string;
  registry: string;
}

// No question mark: knex would read it as a binding.
const httpOnly = "~* '^(http|https)://'";
const PUBLIC = 'NOT r.is_hidden AND r.is_approved';

/**
 * Makes `link_checks` hold exactly the http(s) URLs public records name: new ones are added
 * (unchecked), those no longer named by a public record go with their history.
 */
export async function syncLinkTargets(db: Db): Promise<{ added: number; removed: number }> {
  const result = await db.raw(`
    WITH targets AS (
      SELECT r.id AS record_id, 'homepage' AS kind, r.homepage AS url FROM records r WHERE ${PUBLIC} AND r.homepage ${httpOnly}
      UNION
      SELECT r.id, 'support', link->>'url' FROM records r
        CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(r.metadata->'support_links') = 'array' THEN r.metadata->'support_links' ELSE '[]' END) link
        WHERE ${PUBLIC} AND link->>'url' ${httpOnly}
      UNION
      SELECT r.id, 'access', point->>'url' FROM records r
        CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(r.metadata->'access_points') = 'array' THEN r.metadata->'access_points' ELSE '[]' END) point
        WHERE ${PUBLIC} AND point->>'url' ${httpOnly}
    ), removed AS (
      DELETE FROM link_checks c WHERE NOT EXISTS (SELECT 1 FROM targets t WHERE t.record_id = c.record_id AND t.kind = c.kind AND t.url = c.url)
      RETURNING 1
    ), added AS (
      INSERT INTO link_checks (record_id, kind, url) SELECT record_id, kind, url FROM targets ON CONFLICT DO NOTHING RETURNING 1
    )
    SELECT (SELECT count(*) FROM added)::int AS added, (SELECT count(*) FROM removed)::int AS removed`);
  return (result as { rows: { added: number; removed: number }[] }).rows[0]!;
}

export async function countLinkChecks(db: Db): Promise<number> {
  const row = (await db('link_checks').count<{ count: string }[]>('* as count').first()) as { count: string } | undefined;
  return Number(row?.count ?? 0);
}

/** Marks the `count` checks queued longest ago (never queued first) as queued at `now`; answers their ids. */
export async function takeDueChecks(db: Db, count: number, now: Date): Promise<number[]> {
  if (count <= 0) return [];
  const result = await db.raw(`
    UPDATE link_checks SET queued_at = ? WHERE id IN (
      SELECT id FROM link_checks ORDER BY queued_at NULLS FIRST, id LIMIT ? FOR UPDATE SKIP LOCKED
    ) RETURNING id`, [now, count]);
  return (result as { rows: { id: number }[] }).rows.map((row) => row.id).sort((a, b) => a - b);
}

export async function findLinkCheck(db: Db, id: number): Promise<LinkCheckRow | null> {
  return ((await db('link_checks').where({ id }).first()) as LinkCheckRow | undefined) ?? null;
}

/**
 * Stores a check's result. A failure adds to the run of failures (its start kept); success ends
 * it; "no network" says nothing about the link, so the run stays as it was.
 */
export async function saveLinkCheckResult(db: Db, id: number, result: LinkCheckResult, now: Date): Promise<void> {
  const measured = { outcome: result.outcome, duration_ms: result.durationMs, reason: result.reason, last_checked_at: now };
  if (result.outcome === 'no_network') {
    await db('link_checks').where({ id }).update(measured);
    return;
  }
  const seen = { ...measured, http_status: result.httpStatus, final_url: result.finalUrl, permanent_redirect: result.permanentRedirect };
  if (result.outcome === 'ok') {
    await db('link_checks').where({ id }).update({ ...seen, consecutive_failures: 0, first_failure_at: null });
  } else {
    await db('link_checks').where({ id }).update({
      ...seen,
      consecutive_failures: db.raw('consecutive_failures + 1'),
      first_failure_at: db.raw('coalesce(first_failure_at, ?)', [now]),
    });
  }
}

export interface LinkReportFilter {
  /** Failing since at least this moment. */
  failingSince?: Date;
  permanentRedirects?: boolean;
  registry?: string;
  /** Only records this user maintains or created. */
  ownerId?: number;
  recordId?: number;
  kind?: LinkKind;
  limit: number;
  offset?: number;
}

/** Checks of public records by the filter, with record names and registries; the longest broken first. */
export async function linkReport(db: Db, filter: LinkReportFilter): Promise<{ rows: LinkReportRow[]; total: number }> {
  const query = db('link_checks as c')
    .join('records as r', 'r.id', 'c.record_id')
    .join('registries as g', 'g.id', 'r.registry_id')
    .whereRaw(PUBLIC)
    .modify((where) => {
      if (filter.failingSince) where.where('c.first_failure_at', '<=', filter.failingSince);
      if (filter.permanentRedirects) where.where('c.permanent_redirect', true).whereNotNull('c.final_url').where('c.outcome', 'ok');
      if (filter.registry) where.whereRaw('lower(g.name) = lower(?)', [filter.registry]);
      if (filter.recordId !== undefined) where.where('c.record_id', filter.recordId);
      if (filter.kind) where.where('c.kind', filter.kind);
      if (filter.ownerId !== undefined) {
        const ownerId = filter.ownerId;
        where.where((owned) => owned.where('r.created_by_id', ownerId).orWhereExists((maintains) =>
          maintains.select(db.raw('1')).from('record_maintainers as m').whereRaw('m.record_id = r.id').andWhere('m.user_id', ownerId)));
      }
    });
  const [{ total }] = (await query.clone().count<{ total: string }[]>('* as total')) as { total: string }[] as [{ total: string }];
  const rows = (await query
    .select('c.*', 'r.name as record_name', 'g.name as registry')
    .orderByRaw('c.first_failure_at NULLS LAST, r.name, c.id')
    .limit(filter.limit)
    .offset(filter.offset ?? 0)) as LinkReportRow[];
  return { rows, total: Number(total) };
}

/** Check counts per registry and outcome, for the curators' tab. */
export async function linkCountsByRegistry(db: Db, failingSince: Date): Promise<{ registry: string; broken: number; redirected: number }[]> {
  const result = await db.raw(`
    SELECT g.name AS registry,
      count(*) FILTER (WHERE c.first_failure_at <= ?)::int AS broken,
      count(*) FILTER (WHERE c.permanent_redirect AND c.final_url IS NOT NULL AND c.outcome = 'ok')::int AS redirected
    FROM link_checks c JOIN records r ON r.id = c.record_id JOIN registries g ON g.id = r.registry_id
    WHERE ${PUBLIC}
    GROUP BY g.name ORDER BY g.name`, [failingSince]);
  return (result as { rows: { registry: string; broken: number; redirected: number }[] }).rows;
}
