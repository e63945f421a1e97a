/**
 * What the one read of public records (publicRecordsQuery in public-records-repository.ts) gives
 * the open dump, the linked-data views and OAI-PMH: the facts every view gives named as the dump
 * names them, and the SQL of the lists each view aggregates per record (one query a batch, no
 * query per row).
 */

/** What every public view of a record gives. */
export interface PublicRecordFacts {
  id: number;
  doi: string | null;
  name: string;
  abbreviation: string | null;
  description: string;
  homepage: string | null;
  /** standard | database | policy | collection (lower case here; the pure views take any letter case). */
  registry: string;
  recordType: string | null;
}

export const FACTS_SQL = `r.id, r.doi, r.name, r.abbreviation, r.description, r.homepage, lower(reg.name) AS registry, rt.name AS "recordType"`;

function objectSql(build: 'json_build_object' | 'jsonb_build_object', alias: string, fields: readonly string[]): string {
  return `${build}(${fields.map((field) => `'${field}', ${alias}.${field}`).join(', ')})`;
}

/** The record's terms of one vocabulary (those meeting `termCondition`, SQL over `t`), by label, as a JSON list of objects with `fields`. */
export function termListSql(joinTable: string, joinColumn: string, termTable: string, fields: readonly ('id' | 'label' | 'iri')[], termCondition = 'true'): string {
  return `COALESCE((SELECT json_agg(${objectSql('json_build_object', 't', fields)} ORDER BY t.label, t.id)
    FROM ${joinTable} j JOIN ${termTable} t ON t.id = j.${joinColumn} WHERE j.record_id = r.id AND ${termCondition}), '[]'::json)`;
}

/** The record's approved licences (one a maintainer named inline waits for a curator) as a JSON list of objects with `fields`. */
export function approvedLicencesSql(fields: readonly ('id' | 'name' | 'url')[]): string {
  return `COALESCE((SELECT json_agg(DISTINCT ${objectSql('jsonb_build_object', 'l', fields)})
    FROM licence_links ll JOIN licences l ON l.id = ll.licence_id WHERE ll.record_id = r.id AND l.is_approved), '[]'::json)`;
}

/** The organisations that maintain the record as a JSON list of `itemSql` (SQL over `o`), without repeats. */
export function maintainersSql(itemSql: string): string {
  return `COALESCE((SELECT json_agg(DISTINCT ${itemSql}) FROM organisation_links ol JOIN organisations o ON o.id = ol.organisation_id
    WHERE ol.record_id = r.id AND ol.relation = 'maintains'), '[]'::json)`;
}

/** `column` as an ISO 8601 UTC text, to the millisecond or to the second. */
export function utcTimestampSql(column: string, precision: 'milliseconds' | 'seconds'): string {
  const format = precision === 'milliseconds' ? 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"' : 'YYYY-MM-DD"T"HH24:MI:SS"Z"';
  return `to_char(${column} AT TIME ZONE 'UTC', '${format}')`;
}
