/** The SQL of the site-wide figures: public records per registry, contributors, views, the sitemap's records. */
import type { Database } from '@registry/platform';
import { activeUsersOnly, ANONYMOUS_VIEWER, REGISTRY_NAMES, visibleRecordsOnly } from '@registry/schemas';

export async function publicRecordCountsByRegistry(db: Database): Promise<Record<string, number>> {
  const rows: { registry: string; count: number }[] = await db('records')
    .join('registries as reg', 'reg.id', 'records.registry_id')
    .modify(visibleRecordsOnly(ANONYMOUS_VIEWER))
    .groupByRaw('lower(reg.name)')
    .select(db.raw('lower(reg.name) AS registry'), db.raw('count(*)::int AS count'));
  const counts: Record<string, number> = Object.fromEntries(REGISTRY_NAMES.map((name) => [name, 0]));
  for (const row of rows) counts[row.registry] = row.count;
  return counts;
}

/** Active users who created a record, are named as a record's last editor, or have an edit event. */
function contributorCount(db: Database) {
  return db('users')
    .modify(activeUsersOnly())
    .where((contributed) =>
      contributed
        .whereExists((created) => created.select(db.raw('1')).from('records').whereRaw('records.created_by_id = users.id'))
        .orWhereExists((edited) => edited.select(db.raw('1')).from('records').whereRaw('records.last_editor_id = users.id'))
        .orWhereExists((event) => event.select(db.raw('1')).from('edit_events').whereRaw('edit_events.user_id = users.id')),
    )
    .select(db.raw('count(*)::int'));
}

export async function contributorsAndViews(db: Database): Promise<{ contributors: number; views: number }> {
  const figures = await db.raw<{ rows: { contributors: number; views: string | number }[] }>(`
    SELECT
      (${contributorCount(db).toString()}) AS contributors,
      (SELECT COALESCE(sum(views), 0)::bigint FROM record_views) AS views`);
  const { contributors, views } = figures.rows[0];
  return { contributors, views: Number(views) };
}

/** Every public record's id and last update (null when the sources give no date), in id order. */
export function publicRecordDates(db: Database): Promise<{ id: number; updated_at: Date | null }[]> {
  return db('records').select('id', 'updated_at').modify(visibleRecordsOnly(ANONYMOUS_VIEWER)).orderBy('id');
}
