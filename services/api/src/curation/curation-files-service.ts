/**
 * The curators' downloads: records without a DOI with the reason, records created per month (one
 * column per registry) and edits per month, each as rows (a heading row first) that the route
 * writes with the one CSV writer (which neutralises cells a spreadsheet would run as formulas),
 * as CSV text or as FAIRsharing's list of lines; and the rows of the Download records tab's two
 * GraphQL answers in that shape (records due a review, the summary figures).
 */
import type { Database } from '@registry/platform';
import type { Viewer } from '@registry/schemas';
import { missingDoiReason } from '@registry/schemas/curation/doi-rule.ts';
import { requireAllowed } from '../records/record-guards.ts';
import type { CsvRows } from '../export/csv-text.ts';
import type { CurationSummaryFigures } from '@registry/schemas/curation/summary-figures.ts';
import * as repository from './curation-files-repository.ts';
import type { CurationRecordRow } from './curation-repository.ts';

const day = (value: Date | null) => (value ? new Date(value).toISOString().slice(0, 10) : '');

export async function recordsWithoutDoiRows(db: Database, viewer: Viewer): Promise<CsvRows> {
  requireAllowed(viewer, 'curation.dashboard');
  const rows = await repository.recordsWithoutDoi(db);
  return [
    ['id', 'name', 'abbreviation', 'registry', 'type', 'status', 'created', 'reason'],
    ...rows.map((row) => [row.id, row.name, row.abbreviation ?? '', row.registry, row.type ?? '', row.status, day(row.created_at), missingDoiReason({ ...row, doi: null }) ?? '']),
  ];
}

export async function creationDatesRows(db: Database, viewer: Viewer): Promise<CsvRows> {
  requireAllowed(viewer, 'curation.dashboard');
  const [registries, counts] = await Promise.all([repository.registryNames(db), repository.creationsPerMonth(db)]);
  const months = new Map<string, Map<string, number>>();
  for (const { month, registry, count } of counts) {
    if (!months.has(month)) months.set(month, new Map());
    months.get(month)!.set(registry, count);
  }
  return [
    ['month', ...registries, 'total'],
    ...[...months].map(([month, byRegistry]) => {
      const cells = registries.map((registry) => byRegistry.get(registry) ?? 0);
      return [month, ...cells, cells.reduce((sum, count) => sum + count, 0)];
    }),
  ];
}

export async function editDatesRows(db: Database, viewer: Viewer): Promise<CsvRows> {
  requireAllowed(viewer, 'curation.dashboard');
  const rows = await repository.editsPerMonth(db);
  return [['month', 'edits', 'records edited'], ...rows.map((row) => [row.month, row.edits, row.records])];
}

/** The records due a review (one page of `needsReview`), in the order given. */
export function dueRecordRows(records: readonly CurationRecordRow[]): CsvRows {
  return [
    ['id', 'name', 'type', 'last reviewed', 'updated'],
    ...records.map((record) => [record.id, record.name, record.type ?? '', day(record.last_reviewed), day(record.updated_at)]),
  ];
}

/** The summary figures: a row per registry, then the claims waiting for a decision. */
export function summaryFigureRows(figures: CurationSummaryFigures): CsvRows {
  return [
    ['registry', 'records', 'awaiting approval', 'hidden', 'incomplete', 'without DOI'],
    ...figures.registries.map((row) => [row.registry, row.records, row.awaitingApproval, row.hidden, row.incomplete, row.withoutDoi]),
    ['pending claims', figures.pendingClaims],
  ];
}
