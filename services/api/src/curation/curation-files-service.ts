/**
 * The curators' downloads (CSV): records without a DOI with the reason, records created per
 * month (one column per registry) and edits per month. Written by the one CSV writer, which
 * neutralises cells a spreadsheet would run as formulas.
 */
import type { Database } from '@registry/platform';
import type { Viewer } from '@registry/schemas';
import { missingDoiReason } from '@registry/schemas/curation/doi-rule.ts';
import { requireAllowed } from '../records/record-guards.ts';
import { csvText } from '../export/csv-text.ts';
import * as repository from './curation-files-repository.ts';

const csv = (rows: (string | number)[][]) => csvText(rows, 'lf');
const day = (value: Date | null) => (value ? new Date(value).toISOString().slice(0, 10) : '');

export async function recordsWithoutDoiCsv(db: Database, viewer: Viewer): Promise<string> {
  requireAllowed(viewer, 'curation.dashboard');
  const rows = await repository.recordsWithoutDoi(db);
  return csv([
    ['id', 'name', 'abbreviation', 'registry', 'type', 'status', 'created', 'reason'],
    ...rows.map((row) => [row.id, row.name, row.abbreviation ?? '', row.registry, row.type ?? '', row.status, day(row.created_at), missingDoiReason({ ...row, doi: null }) ?? '']),
  ]);
}

export async function creationDatesCsv(db: Database, viewer: Viewer): Promise<string> {
  requireAllowed(viewer, 'curation.dashboard');
  const [registries, counts] = await Promise.all([repository.registryNames(db), repository.creationsPerMonth(db)]);
  const months = new Map<string, Map<string, number>>();
  for (const { month, registry, count } of counts) {
    if (!months.has(month)) months.set(month, new Map());
    months.get(month)!.set(registry, count);
  }
  return csv([
    ['month', ...registries, 'total'],
    ...[...months].map(([month, byRegistry]) => {
      const cells = registries.map((registry) => byRegistry.get(registry) ?? 0);
      return [month, ...cells, cells.reduce((sum, count) => sum + count, 0)];
    }),
  ]);
}

export async function editDatesCsv(db: Database, viewer: Viewer): Promise<string> {
  requireAllowed(viewer, 'curation.dashboard');
  const rows = await repository.editsPerMonth(db);
  return csv([['month', 'edits', 'records edited'], ...rows.map((row) => [row.month, row.edits, row.records])]);
}
