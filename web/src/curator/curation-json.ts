/**
 * The curation answers the schema types as JSON (`needsReview`, `curatorSummaryStatistics`), so
 * their generated types are `unknown`: each is checked here, once, against the shape the curation
 * service writes, before the dashboard reads it.
 */
import { array, number, object, string, type InferType, type ObjectSchema } from 'yup';
import type { CurationSummaryFigures } from '@registry/schemas/curation/summary-figures.ts';

const dueRecordSchema = object({
  id: number().defined(),
  name: string().defined(),
  type: string().nullable().defined(),
  lastReviewed: string().nullable().defined(),
});

const dueRecordsSchema = object({ count: number().defined(), records: array(dueRecordSchema).defined() }).defined();

/** A record not reviewed for a year, as `needsReview` lists it. */
export type DueRecord = InferType<typeof dueRecordSchema>;

/** `needsReview`: how many records are due, and one page of them (the oldest review first). */
export type DueRecords = InferType<typeof dueRecordsSchema>;

const count = () => number().defined();

const summaryFiguresSchema: ObjectSchema<CurationSummaryFigures> = object({
  registries: array(
    object({ registry: string().defined(), records: count(), awaitingApproval: count(), hidden: count(), incomplete: count(), withoutDoi: count() }),
  ).defined(),
  pendingClaims: count(),
});

// Strict: a value of another type is an error, never converted.
export const readDueRecords = (value: unknown): DueRecords => dueRecordsSchema.validateSync(value, { strict: true });

export const readCurationSummary = (value: unknown): CurationSummaryFigures => summaryFiguresSchema.validateSync(value, { strict: true });
