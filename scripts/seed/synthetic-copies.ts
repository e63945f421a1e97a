/**
 * A larger catalogue made from the real one, for benchmarks and paging tests: copies of the real
 * records (marked `provenance.synthetic`, with the copied record's id) with deterministic
 * variations of name, abbreviation and description, and the same subjects, domains, species,
 * tags, countries, publications and licences. No fact is invented beyond the copy.
 */
import type { Database } from '@registry/platform';

export async function recordCount(db: Database): Promise<number> {
  const [row] = await db('records').count<{ count: string }[]>('* as count');
  return Number(row!.count);
}

/** Copies the real records until there are `target`, varying name and description per copy. */
export async function copyRealRecords(db: Database, target: number): Promise<number> {
  const base = await recordCount(db);
  const copies = Math.ceil(target / base);
  await db.raw(
    `INSERT INTO records (registry_id, record_type_id, status, name, abbreviation, description, homepage, metadata, provenance, is_hidden, is_approved, is_recommended)
     SELECT r.registry_id, r.record_type_id, r.status,
            r.name || ' ' || (ARRAY['Atlas','Portal','Archive','Catalogue','Network','Index','Registry','Hub','Collection','Resource'])[1 + (r.id + copy.n) % 10] || ' ' || copy.n,
            CASE WHEN r.abbreviation IS NULL THEN NULL ELSE r.abbreviation || '-' || copy.n END,
            (ARRAY['A regional mirror.','A community edition.','An archived release.','A curated subset.','A teaching copy.'])[1 + (r.id * 7 + copy.n) % 5] || ' ' || r.description,
            r.homepage, r.metadata, jsonb_build_object('synthetic', true, 'copyOf', r.id, 'copy', copy.n),
            r.is_hidden, r.is_approved, r.is_recommended
     FROM records r CROSS JOIN generate_series(1, ?::int) AS copy(n)
     WHERE r.provenance->>'synthetic' IS NULL
     ORDER BY copy.n, r.id
     LIMIT ?`,
    [copies, target - base],
  );
  const links: [string, string][] = [
    ['record_subjects', 'subject_id'],
    ['record_domains', 'domain_id'],
    ['record_taxonomies', 'taxonomy_id'],
    ['record_user_defined_tags', 'user_defined_tag_id'],
    ['record_countries', 'country_id'],
    ['record_publications', 'publication_id'],
  ];
  for (const [table, column] of links) {
    await db.raw(
      `INSERT INTO ?? (record_id, ??) SELECT copy.id, link.?? FROM records copy JOIN ?? link ON link.record_id = (copy.provenance->>'copyOf')::int WHERE copy.provenance->>'synthetic' IS NOT NULL`,
      [table, column, column, table],
    );
  }
  await db.raw(
    `INSERT INTO licence_links (record_id, licence_id, relation) SELECT copy.id, link.licence_id, link.relation FROM records copy JOIN licence_links link ON link.record_id = (copy.provenance->>'copyOf')::int WHERE copy.provenance->>'synthetic' IS NOT NULL`,
  );
  await db.raw('ANALYZE');
  return recordCount(db);
}
